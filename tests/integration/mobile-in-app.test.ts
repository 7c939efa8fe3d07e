/** @jest-environment node */
// Issue 25 §3 step 4: in-app messages. The editor's routes (create, save with field errors,
// tenancy); the /client endpoint the mobile SDK polls (only live messages in their window whose
// list or segment the profile is in; another company's key sees none of them; bad input is a
// 400); impressions and clicks through the event ingest path, once per (message, profile,
// client event id).
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)
import { db } from '@/lib/db/client'
import { ulid } from '@/lib/ids/make-id'
import { resetRateLimits } from '@/lib/api/rate-limit'
import { runJobsUntilIdle } from '@/lib/jobs/queue'
import { registerJobHandlers } from '@/lib/server/job-handlers'
import { upsertProfile } from '@/lib/profiles/upsert-profile'
import { ajaxRequest, makeCompany, makeUser, params, signIn } from '../helpers/factory'
import * as list from '@/app/ajax/mobile/in-app/route'
import * as one from '@/app/ajax/mobile/in-app/[id]/route'
import * as poll from '@/app/client/in-app-messages/route'
import * as events from '@/app/client/in-app-events/route'

registerJobHandlers()
beforeEach(() => resetRateLimits())

type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>
async function ajax(h: unknown, path: string, cookie: string, method = 'GET', body?: unknown, id = '') {
  const res = await (h as Handler)(ajaxRequest(path, { method, cookie, body }), params(id ? { id } : {}))
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON answers
  return { status: res.status, json: (await res.json()) as any }
}
async function client(h: unknown, path: string, body?: unknown) {
  const res = await (h as Handler)(
    new Request(`http://localhost:3000${path}`, {
      method: body ? 'POST' : 'GET',
      headers: body
        ? { 'content-type': 'application/vnd.api+json', revision: '2025-01-15' }
        : { revision: '2025-01-15' },
      body: body ? JSON.stringify(body) : undefined,
    }),
    params({}),
  )
  const text = await res.text()
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON:API documents
  return { status: res.status, json: (text ? JSON.parse(text) : null) as any }
}

async function setup() {
  const company = await makeCompany()
  const user = await makeUser({ companyId: company.id })
  const cookie = await signIn(user.id, company.id)
  const vip = await db.group.create({ data: { id: ulid(), companyId: company.id, name: 'VIP' } })
  const { profile: inList } = await upsertProfile(company.id, { email: 'vip@example.com' }, { mode: 'import' })
  await upsertProfile(company.id, { email: 'other@example.com' }, { mode: 'import' })
  await db.groupMembership.create({ data: { companyId: company.id, groupId: vip.id, profileId: inList.id } })
  return { company, cookie, vip }
}

const definition = {
  layout: 'modal',
  title: 'Spring sale',
  body: '20% off today',
  imageUrl: 'https://cdn.example.com/sale.png',
  buttons: [{ label: 'Shop now', deepLink: 'shop://sale' }],
}

async function makeMessage(cookie: string, save: Record<string, unknown>) {
  const c = await ajax(list.POST, '/ajax/mobile/in-app', cookie, 'POST', { name: 'Sale' })
  expect(c.status).toBe(201)
  const id = c.json.message.id as string
  const s = await ajax(one.PUT, `/ajax/mobile/in-app/${id}`, cookie, 'PUT', { name: 'Sale', definition, ...save }, id)
  expect(s.status).toBe(200)
  return id
}

test('the SDK gets only live messages in their window whose audience the profile is in', async () => {
  const { company, cookie, vip } = await setup()
  const forVip = await makeMessage(cookie, { status: 'live', audienceId: vip.id })
  const forAll = await makeMessage(cookie, { status: 'live' })
  await makeMessage(cookie, { status: 'draft' })
  await makeMessage(cookie, { status: 'live', endsAt: '2020-01-01T00:00:00Z' })
  await makeMessage(cookie, { status: 'live', startsAt: '2099-01-01T00:00:00Z' })
  const pk = company.publicApiKey
  const ids = async (q: string) =>
    ((await client(poll.GET, `/client/in-app-messages?company_id=${pk}&${q}`)).json.data as Array<{ id: string }>)
      .map((m) => m.id)
      .sort()
  expect(await ids('email=vip@example.com')).toEqual([forVip, forAll].sort())
  expect(await ids('email=other@example.com')).toEqual([forAll])
  expect(await ids('email=nobody@example.com')).toEqual([forAll])
  const one = (await client(poll.GET, `/client/in-app-messages?company_id=${pk}&email=vip@example.com`)).json.data.find(
    (m: { id: string }) => m.id === forVip,
  )
  // the SDK reads snake_case attributes
  expect(one.attributes).toMatchObject({
    layout: 'modal',
    title: 'Spring sale',
    image_url: 'https://cdn.example.com/sale.png',
    buttons: [{ label: 'Shop now', deep_link: 'shop://sale' }],
  })

  // tenancy: another company's key sees none of this company's messages
  const other = await makeCompany()
  expect(
    (await client(poll.GET, `/client/in-app-messages?company_id=${other.publicApiKey}&email=vip@example.com`)).json,
  ).toEqual({ data: [] })
  // bad input
  expect((await client(poll.GET, `/client/in-app-messages?company_id=${pk}`)).status).toBe(400)
  expect((await client(poll.GET, `/client/in-app-messages?email=vip@example.com`)).status).toBe(400)
})

test('shown and clicked are events through ingest, once per (message, profile, client event id)', async () => {
  const { company, cookie } = await setup()
  const id = await makeMessage(cookie, { status: 'live' })
  const report = (kind: string, clientEventId: string, extra: Record<string, unknown> = {}) =>
    client(events.POST, `/client/in-app-events?company_id=${company.publicApiKey}`, {
      data: {
        type: 'in-app-event',
        attributes: {
          message_id: id,
          kind,
          client_event_id: clientEventId,
          profile: { email: 'vip@example.com' },
          ...extra,
        },
      },
    })
  expect((await report('shown', 'e1')).status).toBe(202)
  expect((await report('shown', 'e1')).status).toBe(202) // the SDK's retry
  expect((await report('shown', 'e2')).status).toBe(202) // shown again later
  expect((await report('clicked', 'e3', { button_index: 0 })).status).toBe(202)
  await runJobsUntilIdle()
  const rows = await db.event.findMany({
    where: { companyId: company.id },
    include: { metric: true },
    orderBy: { id: 'asc' },
  })
  const byMetric = (n: string) => rows.filter((r) => r.metric.name === n)
  expect(byMetric('In-App Message Shown')).toHaveLength(2)
  const click = byMetric('In-App Message Clicked')
  expect(click).toHaveLength(1)
  expect(JSON.parse(click[0]!.properties)).toMatchObject({ $message: id, 'Button Label': 'Shop now' })

  // bad input and another company's message: 400, nothing queued
  expect((await report('clicked', 'e4')).status).toBe(400) // a click without its button
  expect((await report('seen', 'e5')).status).toBe(400)
  const other = await makeCompany()
  const foreign = await client(events.POST, `/client/in-app-events?company_id=${other.publicApiKey}`, {
    data: {
      type: 'in-app-event',
      attributes: { message_id: id, kind: 'shown', client_event_id: 'x', profile: { email: 'vip@example.com' } },
    },
  })
  expect(foreign.status).toBe(400)
  await runJobsUntilIdle()
  expect(await db.event.count({ where: { companyId: other.id } })).toBe(0)
})

test('editor routes: field errors, audience of this company only, another company gets 404', async () => {
  const { cookie } = await setup()
  const c = await ajax(list.POST, '/ajax/mobile/in-app', cookie, 'POST', { name: '' })
  expect(c.status).toBe(400)
  expect(c.json.fieldErrors.name).toBeDefined()
  const id = await makeMessage(cookie, { status: 'draft' })
  const bad = await ajax(
    one.PUT,
    `/ajax/mobile/in-app/${id}`,
    cookie,
    'PUT',
    {
      name: 'x',
      definition: {
        layout: 'popup',
        title: '',
        buttons: [{ label: '', deep_link: 'javascript:alert(1)' }],
      },
    },
    id,
  )
  expect(bad.status).toBe(400)
  expect(Object.keys(bad.json.fieldErrors).sort()).toEqual(
    ['definition.buttons.0.deepLink', 'definition.buttons.0.label', 'definition.layout', 'definition.title'].sort(),
  )
  const window = await ajax(
    one.PUT,
    `/ajax/mobile/in-app/${id}`,
    cookie,
    'PUT',
    { name: 'x', definition, startsAt: '2026-02-01T00:00:00Z', endsAt: '2026-01-01T00:00:00Z' },
    id,
  )
  expect(window.json.fieldErrors).toEqual({ endsAt: ['The end must be after the start.'] })
  const three = { ...definition, buttons: [1, 2, 3].map((n) => ({ label: `b${n}` })) }
  const tooMany = await ajax(one.PUT, `/ajax/mobile/in-app/${id}`, cookie, 'PUT', { name: 'x', definition: three }, id)
  expect(Object.keys(tooMany.json.fieldErrors)).toEqual(['definition.buttons'])
  const other = await setup()
  const foreignAudience = await ajax(
    one.PUT,
    `/ajax/mobile/in-app/${id}`,
    cookie,
    'PUT',
    { name: 'x', definition, audienceId: other.vip.id },
    id,
  )
  expect(foreignAudience.status).toBe(400)
  expect(foreignAudience.json.fieldErrors.audienceId).toBeDefined()
  expect((await ajax(one.GET, `/ajax/mobile/in-app/${id}`, other.cookie, 'GET', undefined, id)).status).toBe(404)
  expect((await ajax(one.DELETE, `/ajax/mobile/in-app/${id}`, other.cookie, 'DELETE', undefined, id)).status).toBe(404)
  expect((await ajax(one.GET, `/ajax/mobile/in-app/${id}`, cookie, 'GET', undefined, id)).status).toBe(200)
})
