/** @jest-environment node */
// POST /onsite/forms/activity: JSON and sendBeacon's text/plain bodies, 202 with what was
// counted; a retried beacon counts once (event_key); another company's form is ignored and
// counted as such; bad kinds and oversized batches are 400s with pointers; CORS for any origin;
// occurred_at clamped to a day around the server's clock; a submit links a known visitor's profile.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)
import { db } from '@/lib/db/client'
import { resetRateLimits } from '@/lib/api/rate-limit'
import { makeCompany } from '../helpers/factory'
import * as beacon from '@/app/onsite/forms/activity/route'

let keyA: string, A: number, B: number, vA: number, vB: number

const ev = (over: Record<string, unknown> = {}) => ({
  form_id: 'FormAA',
  form_version_id: vA,
  kind: 'viewed_form',
  visitor_id: 'anon-1',
  event_key: `k-${Math.random()}`,
  ...over,
})

async function post(events: unknown, opts: { key?: string; type?: string; origin?: string } = {}) {
  await resetRateLimits()
  const res = await beacon.POST(
    new Request(`http://localhost/onsite/forms/activity?company_id=${opts.key ?? keyA}`, {
      method: 'POST',
      headers: {
        'content-type': opts.type ?? 'text/plain;charset=UTF-8',
        ...(opts.origin ? { origin: opts.origin } : {}),
      },
      body: typeof events === 'string' ? events : JSON.stringify({ events }),
    }),
  )
  const text = await res.text()
  return { status: res.status, headers: res.headers, json: text ? JSON.parse(text) : null }
}

beforeAll(async () => {
  const a = await makeCompany('Beacon A')
  A = a.id
  keyA = a.publicApiKey!
  B = (await makeCompany('Beacon B')).id
  await db.form.create({ data: { id: 'FormAA', companyId: A, name: 'Popup' } })
  await db.form.create({ data: { id: 'FormBB', companyId: B, name: 'Theirs' } })
  vA = (await db.formVersion.create({ data: { formId: 'FormAA', companyId: A, definition: '{}' } })).id
  vB = (await db.formVersion.create({ data: { formId: 'FormBB', companyId: B, definition: '{}' } })).id
  await db.profile.create({ data: { id: 'PKNOWN', companyId: A, email: 'known@x.test', anonymousId: 'anon-known' } })
})

test('a text/plain beacon is recorded and a retry counts once', async () => {
  const events = [ev({ event_key: 'view-1' }), ev({ kind: 'viewed_form_step', step: 1, event_key: 'step-1' })]
  const first = await post(events)
  expect(first.status).toBe(202)
  expect(first.json.meta).toEqual({ accepted: 2, duplicates: 0, ignored: 0 })
  const again = await post(events, { type: 'application/json' })
  expect(again.json.meta).toEqual({ accepted: 0, duplicates: 2, ignored: 0 })
  const rows = await db.formActivity.findMany({
    where: { companyId: A, eventKey: { in: ['view-1', 'step-1'] } },
    orderBy: { eventKey: 'asc' },
  })
  expect(rows.map((r) => [r.kind, r.step, r.formVersionId])).toEqual([
    ['viewed_form_step', 1, vA],
    ['viewed_form', null, vA],
  ])
})

test("another company's form, or a version of another form, is ignored and counted", async () => {
  const res = await post([
    ev({ form_id: 'FormBB', form_version_id: vB }),
    ev({ form_version_id: vB }),
    ev({ event_key: 'own-1' }),
  ])
  expect(res.json.meta).toEqual({ accepted: 1, duplicates: 0, ignored: 2 })
  expect(await db.formActivity.count({ where: { formId: 'FormBB' } })).toBe(0)
  expect(await db.formActivity.count({ where: { companyId: B } })).toBe(0)
})

test('bad kinds, empty and oversized batches are 400s with pointers; unknown company is 400', async () => {
  const bad = await post([ev(), ev({ kind: 'clicked_form' })])
  expect(bad.status).toBe(400)
  expect(bad.json.errors[0].source.pointer).toBe('/events/1/kind')
  expect((await post([])).status).toBe(400)
  expect((await post(Array.from({ length: 51 }, () => ev()))).status).toBe(400)
  expect((await post('not json')).status).toBe(400)
  expect((await post([ev()], { type: 'application/x-www-form-urlencoded' })).status).toBe(415)
  expect((await post([ev()], { key: 'NOPE00' })).status).toBe(400)
  expect(await db.formActivity.count({ where: { kind: 'clicked_form' } })).toBe(0)
})

test('CORS: any origin on the answer and the preflight', async () => {
  const res = await post([ev()], { origin: 'https://shop.example' })
  expect(res.headers.get('access-control-allow-origin')).toBe('*')
  const pre = beacon.OPTIONS(
    new Request('http://localhost/onsite/forms/activity', {
      method: 'OPTIONS',
      headers: {
        origin: 'https://shop.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    }),
  )
  expect(pre.status).toBe(204)
  expect(pre.headers.get('access-control-allow-origin')).toBe('https://shop.example')
  expect(pre.headers.get('access-control-allow-methods')).toContain('POST')
})

test('occurred_at is clamped to a day around now; a submit from a known visitor links the profile', async () => {
  const before = Date.now()
  await post([
    ev({ event_key: 'old', occurred_at: '2001-01-01T00:00:00Z' }),
    ev({ event_key: 'future', occurred_at: new Date(before + 5 * 86_400_000).toISOString() }),
    ev({ event_key: 'recent', occurred_at: new Date(before - 3_600_000).toISOString() }),
    ev({ event_key: 'sub-known', kind: 'submits', visitor_id: 'anon-known' }),
    ev({ event_key: 'sub-anon', kind: 'submits', visitor_id: 'anon-new' }),
  ])
  const at = async (k: string) => await db.formActivity.findFirstOrThrow({ where: { companyId: A, eventKey: k } })
  expect((await at('old')).occurredAt.getTime()).toBeGreaterThanOrEqual(before - 86_400_000)
  expect((await at('future')).occurredAt.getTime()).toBeLessThanOrEqual(Date.now() + 86_400_000)
  expect((await at('recent')).occurredAt.getTime()).toBe(before - 3_600_000)
  expect((await at('sub-known')).profileId).toBe('PKNOWN')
  expect((await at('sub-anon')).profileId).toBeNull()
})
