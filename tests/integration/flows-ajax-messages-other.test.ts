/** @jest-environment node */
// The other flow calls of seed 002 §7.7 through the real route handlers with real sessions:
// recommendation cards (derived from the company's flows and metrics, dismissals kept, create
// from a card), library items (the seven templates; POST makes a draft flow), schedules (CRUD,
// next run in the schedule's time zone, dueSchedules / markScheduleRan for the scheduler),
// company consent, notification-action save, screenshot PUT under DATA_DIR, the legacy
// custom-object list; bad input and company isolation.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { db } from '@/lib/db/client'
import { getOrCreateMetric } from '@/lib/events/get-or-create-metric'
import { setFlowStatus } from '@/lib/flows/store'
import { dueSchedules, markScheduleRan, nextOccurrence } from '@/lib/flows/triggers/schedule-occurrences'
import { CSRF, params } from '../helpers/factory'
import * as cards from '@/app/ajax/flow/recommendation-cards/route'
import * as dismiss from '@/app/ajax/flow/recommendation-cards/dismiss/route'
import * as library from '@/app/ajax/flow/library-items/route'
import * as schedules from '@/app/ajax/flow/[id]/schedules/route'
import * as schedule from '@/app/ajax/flow/[id]/schedules/[scheduleId]/route'
import * as screenshot from '@/app/ajax/flow/[id]/screenshot/route'
import * as consent from '@/app/ajax/flow/company-consent/route'
import * as notification from '@/app/ajax/flow/notification-action/route'
import * as customObjects from '@/app/ajax/flow/custom-object/legacy/route'
import { call, makeFixture, type Fixture } from './flows-ajax-messages-fixture'

const DATA = fs.mkdtempSync(path.join(os.tmpdir(), 'flow-shots-'))
let f: Fixture
beforeAll(async () => {
  process.env.DATA_DIR = DATA
  f = await makeFixture()
})
afterAll(() => fs.rmSync(DATA, { recursive: true, force: true }))

test('recommendation cards: derived from flows and tracked metrics, dismissed ones kept hidden, create makes the flow', async () => {
  const keys = async (cookie: string) =>
    (await call(cards, 'GET', '/x', {}, { cookie })).body.cards.map((c: { key: string }) => c.key)
  // A has a flow named "Welcome series"; B has no flow at all.
  expect(await keys(f.ownerA)).toEqual(['birthday_missing'])
  await getOrCreateMetric(f.A, 'Started Checkout')
  expect(await keys(f.ownerA)).toEqual(['abandoned_checkout_missing', 'birthday_missing'])
  const d = await call(dismiss, 'POST', '/x', {}, { cookie: f.ownerA, body: { card_key: 'birthday_missing' } })
  expect(d.status).toBe(200)
  expect(d.body.dismissed).toEqual(['birthday_missing'])
  expect(await keys(f.ownerA)).toEqual(['abandoned_checkout_missing'])
  expect(await keys(f.ownerB)).toEqual(['welcome_series_missing', 'birthday_missing']) // B's own cards
  expect((await call(dismiss, 'POST', '/x', {}, { cookie: f.ownerA, body: { card_key: 'nope' } })).status).toBe(400)
  expect((await call(dismiss, 'POST', '/x', {}, { cookie: f.ownerA, body: {} })).status).toBe(400)
  const c = await call(cards, 'POST', '/x', {}, { cookie: f.ownerA, body: { card_key: 'abandoned_checkout_missing' } })
  expect(c.status).toBe(200)
  const flow = await db.flow.findFirst({ where: { id: c.body.flowId, companyId: f.A } })
  expect(flow).toMatchObject({ status: 0 })
  // Satisfied now (the template's metrics may make other cards relevant).
  expect(await keys(f.ownerA)).not.toContain('abandoned_checkout_missing')
  expect(
    (await call(cards, 'POST', '/x', {}, { cookie: f.analystA, body: { card_key: 'welcome_series_missing' } })).status,
  ).toBe(403)
})

test('library items: the ten templates; POST adds one as a draft flow', async () => {
  const g = await call(library, 'GET', '/x', {}, { cookie: f.ownerA })
  expect(g.status).toBe(200)
  expect(g.body.items.map((i: { key: string }) => i.key)).toEqual([
    'welcome_series',
    'checkout_abandonment',
    'browse_abandonment',
    'back_in_stock',
    'customer_thank_you',
    'win_back',
    'birthday',
    'low_inventory',
    'price_drop',
    'review_request',
  ])
  expect(g.body.totalCount).toBe(10)
  expect(
    (await call(library, 'GET', '/x?search=birth', {}, { cookie: f.ownerA })).body.items.map(
      (i: { key: string }) => i.key,
    ),
  ).toEqual(['birthday'])
  const p = await call(
    library,
    'POST',
    '/x',
    {},
    { cookie: f.ownerA, body: { key: 'birthday', name: 'Happy birthday' } },
  )
  expect(p.status).toBe(200)
  expect(await db.flow.findFirst({ where: { id: p.body.flowId, companyId: f.A } })).toMatchObject({
    name: 'Happy birthday',
    status: 0,
  })
  expect((await call(library, 'POST', '/x', {}, { cookie: f.ownerA, body: { key: 'nope' } })).status).toBe(400)
})

test('schedules: CRUD with the next run in the schedule time zone; the scheduler reads due ones and moves them on', async () => {
  const p = (extra: Record<string, string> = {}) => ({ id: f.flowId, ...extra })
  const c = await call(schedules, 'POST', '/x', p(), {
    cookie: f.ownerA,
    body: { frequency: 'daily', start_at: '2030-03-08T14:00:00Z', timezone: 'America/New_York' },
  })
  expect(c.status).toBe(200)
  expect(c.body.schedule).toMatchObject({
    frequency: 'daily',
    nextRunAt: '2030-03-08T14:00:00.000Z',
    timezone: 'America/New_York',
  })
  const id = c.body.schedule.id
  // 09:00 in New York every day: across the DST change the UTC time moves, the local time does not.
  const shape = {
    frequency: 'daily',
    startAt: new Date('2030-03-08T14:00:00Z'),
    timezone: 'America/New_York',
    weekdays: null,
    endAt: null,
  }
  expect(nextOccurrence(shape, new Date('2030-03-08T14:00:00Z'))!.toISOString()).toBe('2030-03-09T14:00:00.000Z')
  expect(nextOccurrence(shape, new Date('2030-03-09T14:00:00Z'))!.toISOString()).toBe('2030-03-10T13:00:00.000Z')
  expect(
    nextOccurrence(
      { ...shape, frequency: 'weekly', weekdays: '[1,3]' },
      new Date('2030-03-08T14:00:00Z'),
    )!.toISOString(),
  ).toBe('2030-03-11T13:00:00.000Z')
  expect(
    nextOccurrence(
      { ...shape, frequency: 'monthly', startAt: new Date('2030-01-31T14:00:00Z') },
      new Date('2030-01-31T14:00:00Z'),
    )!.toISOString(),
  ).toBe('2030-02-28T14:00:00.000Z')
  expect(nextOccurrence({ ...shape, frequency: 'once' }, new Date('2030-03-08T14:00:00Z'))).toBeNull()

  const bad = [
    { frequency: 'hourly', start_at: '2030-01-01T00:00:00Z' },
    { start_at: 'tomorrow' },
    { start_at: '2030-01-01T00:00:00Z', timezone: 'Mars/Base' },
    { start_at: '2030-01-02T00:00:00Z', end_at: '2030-01-01T00:00:00Z' },
    { frequency: 'weekly', start_at: '2030-01-01T00:00:00Z', weekdays: [9] },
  ]
  for (const body of bad)
    expect((await call(schedules, 'POST', '/x', p(), { cookie: f.ownerA, body })).status).toBe(400)
  expect(
    (await call(schedules, 'POST', '/x', p(), { cookie: f.ownerB, body: { start_at: '2030-01-01T00:00:00Z' } })).status,
  ).toBe(404)
  expect((await call(schedules, 'GET', '/x', p(), { cookie: f.ownerB })).status).toBe(404)
  expect(
    (await call(schedule, 'PATCH', '/x', p({ scheduleId: id }), { cookie: f.ownerB, body: { enabled: false } })).status,
  ).toBe(404)
  expect((await call(schedule, 'DELETE', '/x', p({ scheduleId: id }), { cookie: f.ownerB })).status).toBe(404)

  const patched = await call(schedule, 'PATCH', '/x', p({ scheduleId: id }), {
    cookie: f.ownerA,
    body: { start_at: '2020-01-01T15:00:00Z', timezone: 'UTC' },
  })
  expect(patched.status).toBe(200)
  const next = new Date(patched.body.schedule.nextRunAt)
  expect(next.getTime()).toBeGreaterThan(Date.now()) // a past start continues from now, no catch-up
  expect(next.toISOString().slice(11)).toBe('15:00:00.000Z')
  expect((await call(schedule, 'PATCH', '/x', p({ scheduleId: id }), { cookie: f.ownerA, body: {} })).status).toBe(400)

  // The scheduler's view: only live flows, due ones; a run moves nextRunAt on once.
  const once = await call(schedules, 'POST', '/x', p(), {
    cookie: f.ownerA,
    body: { start_at: '2020-06-01T08:00:00Z' },
  })
  expect(once.body.schedule.nextRunAt).toBe('2020-06-01T08:00:00.000Z')
  expect(await dueSchedules(new Date())).toEqual([])
  await setFlowStatus(f.A, f.flowId, 'live')
  const due = await dueSchedules(new Date())
  expect(due).toEqual([
    { id: once.body.schedule.id, companyId: f.A, flowId: f.flowId, dueAt: new Date('2020-06-01T08:00:00Z') },
  ])
  expect(await markScheduleRan(due[0]!.id, due[0]!.dueAt)).toBe(true)
  expect(await markScheduleRan(due[0]!.id, due[0]!.dueAt)).toBe(false)
  expect(await dueSchedules(new Date())).toEqual([])

  const list = await call(schedules, 'GET', '/x', p(), { cookie: f.ownerA })
  expect(list.body.schedules).toHaveLength(2)
  expect((await call(schedule, 'DELETE', '/x', p({ scheduleId: id }), { cookie: f.ownerA })).body).toEqual({
    deleted: id,
  })
  expect((await call(schedules, 'DELETE', '/x', p(), { cookie: f.ownerA })).body).toEqual({ deleted: 1 })
  expect((await call(schedules, 'GET', '/x', p(), { cookie: f.ownerA })).body.schedules).toEqual([])
})

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000002000000030806000000b8a0bc2b0000000049454e44ae426082',
  'hex',
)

test('screenshot PUT stores a PNG under DATA_DIR; not a PNG is a 400; another company 404', async () => {
  const put = (cookie: string, body: BodyInit, type: string, id = f.flowId) =>
    screenshot.PUT(
      new Request(`http://localhost:3000/ajax/flow/${id}/screenshot`, {
        method: 'PUT',
        body,
        headers: { cookie, 'x-csrftoken': CSRF, 'content-type': type },
      }),
      params({ id }),
    )
  const r = await put(f.ownerA, new Uint8Array(PNG), 'image/png')
  expect(r.status).toBe(200)
  expect(await r.json()).toMatchObject({ flowId: f.flowId, width: 2, height: 3 })
  expect(fs.readFileSync(path.join(DATA, 'flow-screenshots', String(f.A), `${f.flowId}.png`)).equals(PNG)).toBe(true)
  const j = await put(
    f.ownerA,
    JSON.stringify({ image: 'data:image/png;base64,' + PNG.toString('base64') }),
    'application/json',
  )
  expect(j.status).toBe(200)
  expect((await put(f.ownerA, 'GIF89a-not-a-png-at-all-xxxx', 'image/png')).status).toBe(400)
  expect((await put(f.ownerA, JSON.stringify({}), 'application/json')).status).toBe(400)
  expect((await put(f.ownerB, new Uint8Array(PNG), 'image/png')).status).toBe(404)
  const g = await screenshot.GET(
    new Request(`http://localhost:3000/ajax/flow/${f.flowId}/screenshot`, { headers: { cookie: f.ownerA } }),
    params({ id: f.flowId }),
  )
  expect(g.headers.get('content-type')).toBe('image/png')
  expect(Buffer.from(await g.arrayBuffer()).equals(PNG)).toBe(true)
})

test('company consent, notification action, legacy custom objects', async () => {
  const c = await call(consent, 'GET', '/x', {}, { cookie: f.ownerA })
  expect(c.status).toBe(200)
  expect(c.body).toMatchObject({
    email: { configured: true },
    sms: { configured: false },
    push: { configured: false },
    whatsapp: { configured: false },
  })
  const n = await call(
    notification,
    'POST',
    '/x',
    {},
    { cookie: f.ownerA, body: { notification_id: 'flows-intro', action: 'dismiss', flow_id: f.flowId } },
  )
  expect(n.status).toBe(200)
  expect(n.body).toMatchObject({ notificationId: 'flows-intro', action: 'dismiss' })
  await call(
    notification,
    'POST',
    '/x',
    {},
    { cookie: f.ownerA, body: { notification_id: 'flows-intro', action: 'click' } },
  )
  expect(await db.flowNotificationAction.findMany({ where: { companyId: f.A } })).toEqual([
    expect.objectContaining({ notificationId: 'flows-intro', action: 'click' }),
  ])
  expect(
    (
      await call(
        notification,
        'POST',
        '/x',
        {},
        { cookie: f.ownerA, body: { notification_id: 'x', action: 'explode' } },
      )
    ).status,
  ).toBe(400)
  expect(
    (
      await call(
        notification,
        'POST',
        '/x',
        {},
        { cookie: f.ownerB, body: { notification_id: 'x', action: 'dismiss', flow_id: f.flowId } },
      )
    ).status,
  ).toBe(404)
  expect((await call(customObjects, 'GET', '/x', {}, { cookie: f.ownerA })).body).toEqual({
    data: [],
    objects: [],
    totalCount: 0,
  })
  expect((await call(customObjects, 'GET', '/x', {}, {})).status).toBe(401)
})
