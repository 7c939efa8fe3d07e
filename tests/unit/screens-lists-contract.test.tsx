/** @jest-environment node */
// The shapes the list and people screens read, checked against the real /ajax handlers (real
// SQLite, real session), so a change on either side shows up here rather than as a blank screen.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
import { GET as groupsGet, POST as groupsPost } from '@/app/ajax/group/route'
import { GET as groupGet } from '@/app/ajax/group/[id]/route'
import { GET as percentGet } from '@/app/ajax/group/[id]/search_percent_complete/route'
import { GET as membersGet, POST as membersPost } from '@/app/ajax/list/[id]/members/route'
import { GET as settingsGet } from '@/app/ajax/list/[id]/settings/route'
import { GET as growthGet } from '@/app/ajax/list/[id]/growth/route'
import { POST as importsPost } from '@/app/ajax/list/[id]/imports/route'
import { GET as importGet } from '@/app/ajax/list/[id]/imports/[importId]/route'
import { GET as simpleGet } from '@/app/ajax/lists/simple/route'
import { POST as previewPost } from '@/app/ajax/segment/preview/route'
import { GET as propertiesGet } from '@/app/ajax/people/properties/route'
import { GET as metricsGet } from '@/app/ajax/data/metrics/route'
import { GET as subscribersGet } from '@/app/ajax/people/subscribers/route'
import { GET as suppressedGet } from '@/app/ajax/people/suppressed/route'
import { camelizeKeys, snakeizeKeys } from '@/lib/text/keys'
import { runJobsUntilIdle } from '@/lib/jobs/queue'
import '@/lib/server/job-handlers'
import { ajaxRequest, makeCompany, makeUser, params, signIn } from '../helpers/factory'
import { toPropertyOptions } from '@/components/segment-builder/use-builder-options'
import { toDefinition, emptyCondition } from '@/components/segment-builder/definition-state'

type Handler = (req: Request, ctx?: { params?: Promise<Record<string, string>> }) => Promise<Response>
let cookie: string

/** As the browser's http module does it: snake_case body out, camelCase keys back (unless raw). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response shapes are what this file checks
async function call<T = any>(
  h: Handler,
  path: string,
  o: { method?: string; body?: unknown; p?: Record<string, string>; raw?: boolean } = {},
) {
  const body = o.body === undefined ? undefined : o.raw ? o.body : snakeizeKeys(o.body)
  const res = await h(ajaxRequest(path, { method: o.method ?? 'GET', cookie, body }), o.p ? params(o.p) : undefined)
  const json = await res.json()
  return { status: res.status, data: (o.raw ? json : camelizeKeys(json)) as T }
}
const keys = (o: object) => Object.keys(o).sort()

beforeAll(async () => {
  const company = await makeCompany('Screens')
  cookie = await signIn((await makeUser({ companyId: company.id })).id, company.id)
})

test('lists, one list, members, settings, growth and progress', async () => {
  const created = await call(groupsPost, '/ajax/group', {
    method: 'POST',
    body: { name: 'Newsletter', type: 0, optInProcess: 'double_opt_in' },
  })
  expect(created.status).toBe(201)
  const list = created.data.group
  expect(list).toMatchObject({ name: 'Newsletter', type: 0, optInProcess: 'double_opt_in' })

  const page = await call(groupsGet, '/ajax/group?type=0&sort=-created&pageSize=25')
  expect(keys(page.data)).toEqual(['data', 'nextCursor', 'total'])
  expect(keys(page.data.data[0])).toEqual(
    expect.arrayContaining([
      'id',
      'name',
      'type',
      'memberCount',
      'createdAt',
      'isStarred',
      'isProcessing',
      'processingPercent',
    ]),
  )
  const one = await call(groupGet, '/ajax/group/x', { p: { id: list.id } })
  expect(one.data.group).toMatchObject({ id: list.id, optInProcess: 'double_opt_in', tags: [] })

  await call(membersPost, '/ajax/list/x/members', {
    method: 'POST',
    p: { id: list.id },
    body: { emails: ['ada@example.com'] },
  })
  const members = await call(membersGet, '/ajax/list/x/members?pageSize=25', { p: { id: list.id } })
  expect(members.data).toMatchObject({ total: 1, nextCursor: null })
  expect(keys(members.data.data[0])).toEqual([
    'email',
    'enteredAt',
    'firstName',
    'lastName',
    'phoneNumber',
    'profileId',
    'source',
  ])

  expect((await call(settingsGet, '/ajax/list/x/settings', { p: { id: list.id } })).data.settings).toEqual({
    id: list.id,
    name: 'Newsletter',
    optInProcess: 'double_opt_in',
  })
  const growth = await call(growthGet, '/ajax/list/x/growth?days=30', { p: { id: list.id } })
  expect(keys(growth.data)).toEqual(['days', 'joined', 'left', 'listId', 'timezone'])
  expect(growth.data.days).toHaveLength(30)
  expect(keys(growth.data.days[0])).toEqual(['date', 'joined', 'left', 'net', 'total'])

  const simple = await call(simpleGet, '/ajax/lists/simple?type=0')
  expect(simple.data).toEqual([{ id: list.id, name: 'Newsletter', type: 0 }])
  const percent = await call(percentGet, '/ajax/group/x/search_percent_complete', { p: { id: list.id } })
  expect(percent.data).toMatchObject({ percentComplete: 100, isProcessing: false })
})

test('a CSV import: started with raw column names, followed to its per-row errors', async () => {
  const list = (await call(groupsPost, '/ajax/group', { method: 'POST', body: { name: 'Imported', type: 0 } })).data
    .group
  const csv = 'E-mail,First Name,Shoe_Size\nada@example.com,Ada,38\nnot-an-email,Bob,40\n'
  const started = await call(importsPost, '/ajax/list/x/imports', {
    method: 'POST',
    p: { id: list.id },
    raw: true,
    body: { csv, mapping: { 'E-mail': 'email', 'First Name': 'first_name', Shoe_Size: 'properties.Shoe_Size' } },
  })
  expect(started.status).toBe(202)
  const job = camelizeKeys<{ import: { id: string; status: string } }>(started.data).import
  expect(job.status).toBe('queued')
  await runJobsUntilIdle()
  const done = (await call(importGet, '/ajax/list/x/imports/y', { p: { id: list.id, importId: job.id } })).data.import
  expect(done).toMatchObject({
    status: 'complete',
    totalCount: 2,
    completedCount: 1,
    failedCount: 1,
    percentComplete: 100,
  })
  expect(done.errors).toEqual([expect.objectContaining({ line: 3, message: expect.any(String) })])
})

test('the builder’s options, its live count and a saved segment', async () => {
  const props = await call(propertiesGet, '/ajax/people/properties')
  expect(props.data.properties[0]).toEqual({ name: 'email', type: 'string', builtIn: true })
  expect(toPropertyOptions(props.data.properties).every((p) => p.name !== 'email')).toBe(true)
  expect(keys(await call(metricsGet, '/ajax/data/metrics').then((r) => r.data))).toEqual(['metrics'])

  const definition = toDefinition({
    rootType: 'and',
    groups: [{ key: 'g', type: 'or', conditions: [emptyCondition('consent')] }],
  })
  const preview = await call(previewPost, '/ajax/segment/preview', { method: 'POST', body: { definition } })
  expect(preview).toEqual({ status: 200, data: { count: expect.any(Number) } })
  const bad = await call(previewPost, '/ajax/segment/preview', {
    method: 'POST',
    body: {
      definition: {
        version: 1,
        root: {
          type: 'and',
          conditions: [{ type: 'or', conditions: [{ kind: 'list_membership', listId: 'nope00', operator: 'in' }] }],
        },
      },
    },
  })
  expect(bad.status).toBe(400)
  expect(bad.data.fieldErrors).toEqual({ 'definition.root.conditions.0.conditions.0.listId': [expect.any(String)] })

  const saved = await call(groupsPost, '/ajax/group', {
    method: 'POST',
    body: { name: 'Reachable', type: 1, definition },
  })
  expect(saved.status).toBe(201)
  const again = await call(groupGet, '/ajax/group/x', { p: { id: saved.data.group.id } })
  expect(again.data.group.definition).toEqual(definition)
})

test('people: subscribers and suppressed pages', async () => {
  const subs = await call(subscribersGet, '/ajax/people/subscribers?pageSize=25')
  expect(keys(subs.data)).toEqual(['data', 'nextCursor', 'total'])
  const sup = await call(suppressedGet, '/ajax/people/suppressed?reason=bounced&channel=email')
  expect(sup.data).toEqual({ data: [], nextCursor: null, total: 0 })
})
