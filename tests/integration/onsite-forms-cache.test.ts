/** @jest-environment node */
// The live forms payload's per-process cache (issue 20: publishing was not visible on store
// pages for up to 5 s, because nothing invalidated it). Through the real /ajax handlers: publish,
// unpublish, a schedule change and an edit of the live version show on the next GET
// /onsite/forms of this process at once; a change this process did not make (another web
// process, a script) shows once the entry is older than the TTL.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)
import { db } from '@/lib/db/client'
import { resetRateLimits } from '@/lib/api/rate-limit'
import { LIVE_FORMS_TTL_MS, invalidateLiveForms } from '@/lib/forms/live-forms-cache'
import { loadLiveForms } from '@/lib/onsite/forms/load-live-forms'
import { ajaxRequest, makeCompany, makeUser, signIn } from '../helpers/factory'
import { routeTable } from '../helpers/route-table'
import * as onsiteForms from '@/app/onsite/forms/route'
import * as forms from '@/app/ajax/forms/route'
import * as version from '@/app/ajax/forms/[formId]/versions/[versionId]/route'
import * as publish from '@/app/ajax/forms/[formId]/publish/route'
import * as unpublish from '@/app/ajax/forms/[formId]/unpublish/route'
import * as schedule from '@/app/ajax/forms/[formId]/schedule/route'

const table = routeTable([
  ['/onsite/forms', onsiteForms],
  ['/ajax/forms', forms],
  ['/ajax/forms/:formId/versions/:versionId', version],
  ['/ajax/forms/:formId/publish', publish],
  ['/ajax/forms/:formId/unpublish', unpublish],
  ['/ajax/forms/:formId/schedule', schedule],
])

let companyId: number
let key: string
let cookie: string

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function ajax(method: string, path: string, body?: unknown): Promise<any> {
  const res = await table.dispatch(ajaxRequest(path, { method, cookie, body }))
  expect(res.status).toBeLessThan(300)
  return res.json()
}

/** What a store page would be served now, without touching the cache. */
async function served(): Promise<Array<{ form_id: string; definition: unknown }>> {
  const res = await table.dispatch(
    new Request(`http://localhost:3000/onsite/forms?company_id=${key}`, {
      headers: { origin: 'https://shop.example' },
    }),
  )
  expect(res.status).toBe(200)
  return (await res.json()).forms
}

beforeAll(async () => {
  const c = await makeCompany('Cache store')
  companyId = c.id
  key = c.publicApiKey!
  cookie = await signIn((await makeUser({ companyId })).id, companyId)
})
beforeEach(() => {
  resetRateLimits()
  invalidateLiveForms()
})

test('publish and unpublish show on the next payload of this process at once', async () => {
  const { form } = await ajax('POST', '/ajax/forms', { templateKey: 'discount_popup' })
  expect(await served()).toEqual([]) // the empty answer is now cached
  await ajax('POST', `/ajax/forms/${form.id}/publish`, {})
  expect((await served()).map((f) => f.form_id)).toEqual([form.id])
  await ajax('POST', `/ajax/forms/${form.id}/unpublish`, {})
  expect(await served()).toEqual([])
})

test('a schedule change and an edit of the live version show at once', async () => {
  const { form } = await ajax('POST', '/ajax/forms', { templateKey: 'blank' })
  await ajax('POST', `/ajax/forms/${form.id}/publish`, {})
  const live = await served()
  expect(live.map((f) => f.form_id)).toEqual([form.id])

  const v = form.versions[0]
  const definition = structuredClone(v.definition)
  definition.steps[0].columns[0].rows[0].blocks[0].properties.content = '<h1>Changed</h1>'
  await ajax('PUT', `/ajax/forms/${form.id}/versions/${v.id}`, { definition })
  expect(JSON.stringify((await served()).find((f) => f.form_id === form.id)!.definition)).toContain('Changed')

  // Publishing next year instead of now: off store pages until then.
  const year = new Date().getUTCFullYear() + 1
  await ajax('POST', `/ajax/forms/${form.id}/schedule`, {
    publishAt: { date: `${year}-03-01`, time: '09:00', timezone: 'UTC' },
    unpublishAt: null,
  })
  expect((await served()).map((f) => f.form_id)).not.toContain(form.id)
})

test('a change another process made shows once the entry is older than the TTL', async () => {
  const { form } = await ajax('POST', '/ajax/forms', { templateKey: 'blank' })
  const t0 = new Date()
  expect((await loadLiveForms(companyId, t0)).forms.map((f) => f.form_id)).not.toContain(form.id)
  // Published behind this process's back: straight in the database, as another web process would.
  await db.form.updateMany({ where: { id: form.id, companyId }, data: { status: 'live' } })
  await db.formVersion.updateMany({ where: { formId: form.id, companyId }, data: { status: 'live' } })
  const justBefore = new Date(t0.getTime() + LIVE_FORMS_TTL_MS - 1)
  expect((await loadLiveForms(companyId, justBefore)).forms.map((f) => f.form_id)).not.toContain(form.id)
  const after = new Date(t0.getTime() + LIVE_FORMS_TTL_MS)
  expect((await loadLiveForms(companyId, after)).forms.map((f) => f.form_id)).toContain(form.id)
})
