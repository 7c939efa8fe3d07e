/** @jest-environment node */
// Goals progress on hand-counted fixtures: revenue and orders from Placed Order events,
// subscribers from email consents, a list's size with joins and leaves; the projection at the
// pace so far and on-track; the endpoints' 400s and company isolation.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)
import { db } from '@/lib/db/client'
import { makeCompany, makeUser, signIn, ajaxRequest, params } from '../helpers/factory'
import { event } from '../helpers/campaigns-engine-fixture'
import { goalProgress } from '@/lib/goals/goal-progress'
import * as goalsRoute from '@/app/ajax/goals/route'
import * as goalRoute from '@/app/ajax/goals/[goalId]/route'

const DAY = 86_400_000
const START = new Date('2026-03-01T00:00:00Z')
const END = new Date('2026-03-11T00:00:00Z') // 10 days
const day = (d: number, h = 12) => new Date(START.getTime() + d * DAY + h * 3_600_000)
let A: number, B: number, cookieA: string, cookieB: string

beforeAll(async () => {
  A = (await makeCompany()).id
  B = (await makeCompany()).id
  cookieA = await signIn((await makeUser({ companyId: A })).id, A)
  cookieB = await signIn((await makeUser({ companyId: B })).id, B)
  for (let i = 0; i < 6; i++) await db.profile.create({ data: { id: `p${i}`, companyId: A, email: `p${i}@x.test` } })
  // Orders: 100 on day 0, 50 on day 1, 150 on day 3; one before the start, one of company B.
  await event(A, 'p0', 'Placed Order', day(0), {}, 100)
  await event(A, 'p1', 'Placed Order', day(1), {}, 50)
  await event(A, 'p2', 'Placed Order', day(3), {}, 150)
  await event(A, 'p3', 'Placed Order', day(-2), {}, 999)
  await db.profile.create({ data: { id: 'q0', companyId: B, email: 'q0@x.test' } })
  await event(B, 'q0', 'Placed Order', day(1), {}, 777)
  // Subscribers: two in the period, one before.
  for (const [pid, d] of [
    ['p0', 0],
    ['p1', 2],
    ['p2', -5],
  ] as const)
    await db.profileConsent.create({
      data: { companyId: A, profileId: pid, channel: 'email', status: 'subscribed', consentedAt: day(d) },
    })
  // A list: 2 members before the start, +3 joined (days 0, 1, 2), 1 left (day 2).
  await db.group.create({ data: { id: 'L1', companyId: A, name: 'Newsletter' } })
  const member = (pid: string, entered: Date, left: Date | null = null) =>
    db.groupMembership.create({
      data: { companyId: A, groupId: 'L1', profileId: pid, enteredAt: entered, leftAt: left },
    })
  await member('p0', day(-10))
  await member('p1', day(-3), day(2))
  await member('p2', day(0))
  await member('p3', day(1))
  await member('p4', day(2))
})

const goal = (kind: string, target: number, groupId: string | null = null) => ({
  id: 'g',
  companyId: A,
  name: 'g',
  kind,
  target,
  groupId,
  startsAt: START,
  endsAt: END,
})

test('revenue and orders: actual so far, projection at the pace so far, on track', async () => {
  const now = day(4, 0) // 4 of 10 days elapsed
  const rev = await goalProgress(goal('revenue', 600), now)
  expect(rev).toMatchObject({
    actual: 300,
    projection: 750,
    onTrack: true,
    achieved: false,
    status: 'active',
    elapsedShare: 0.4,
  })
  expect(rev.series.map((s) => s.value)).toEqual([100, 150, 150, 300])
  const orders = await goalProgress(goal('orders', 10), now)
  expect(orders).toMatchObject({ actual: 3, projection: 7.5, onTrack: false })
})

test('attributed revenue: the conversions attributed to campaigns and flows in the period', async () => {
  const orders = await db.event.findMany({ where: { companyId: A, value: { in: [100, 150] } }, orderBy: { ts: 'asc' } })
  for (const o of orders)
    await db.eventAttribution.create({
      data: {
        eventId: o.id,
        companyId: A,
        profileId: o.profileId,
        metricId: o.metricId,
        ts: o.ts,
        value: o.value ?? 0,
        sourceType: 'campaign',
        campaignId: 'c1',
        messageId: 'm1',
        sendId: `s${o.id}`,
        channel: 'email',
        touch: 'click',
        touchTs: o.ts - 60,
      },
    })
  const p = await goalProgress(goal('attributed_revenue', 500), day(4, 0))
  expect(p).toMatchObject({ actual: 250, projection: 625, onTrack: true })
})

test('subscribers and list size', async () => {
  const now = day(5, 0)
  expect(await goalProgress(goal('subscribers', 4), now)).toMatchObject({ actual: 2, projection: 4, onTrack: true })
  const list = await goalProgress(goal('list_size', 10, 'L1'), now)
  // Baseline 2 (p0, p1); +p2 day 0, +p3 day 1, +p4 and -p1 day 2 → 4; pace +2 in 5 days → 6 at the end.
  expect(list).toMatchObject({ baseline: 2, actual: 4, projection: 6, onTrack: false })
  expect(list.series.map((s) => s.value)).toEqual([3, 4, 4, 4, 4])
})

test('ended and upcoming goals', async () => {
  expect(await goalProgress(goal('revenue', 200), day(20))).toMatchObject({
    status: 'ended',
    actual: 300,
    projection: 300,
    achieved: true,
  })
  expect(await goalProgress(goal('revenue', 200), day(-1))).toMatchObject({ status: 'upcoming', actual: 0, series: [] })
})

test('endpoints: create with 400s, list, view; another company sees and changes none of it', async () => {
  const body = {
    name: 'March revenue',
    kind: 'revenue',
    target: 1000,
    startsAt: START.toISOString(),
    endsAt: END.toISOString(),
  }
  const post = (b: unknown, cookie = cookieA) =>
    goalsRoute.POST(ajaxRequest('/ajax/goals', { method: 'POST', cookie, body: b }))
  for (const [b, field] of [
    [{ ...body, kind: 'happiness' }, 'kind'],
    [{ ...body, target: -1 }, 'target'],
    [{ ...body, endsAt: START.toISOString() }, 'endsAt'],
    [{ ...body, startsAt: 'soon' }, 'startsAt'],
    [{ ...body, kind: 'list_size' }, 'groupId'],
  ] as const) {
    const res = await post(b)
    expect(res.status).toBe(400)
    expect(JSON.stringify(await res.json())).toContain(field)
  }
  // B cannot aim at A's list.
  expect((await post({ ...body, kind: 'list_size', groupId: 'L1' }, cookieB)).status).toBe(400)
  const res = await post(body)
  expect(res.status).toBe(201)
  const { id } = await res.json()
  const list = await (await goalsRoute.GET(ajaxRequest('/ajax/goals', { cookie: cookieA }))).json()
  expect(list.goals).toEqual([
    expect.objectContaining({ id, name: 'March revenue', progress: expect.objectContaining({ actual: 300 }) }),
  ])
  const one = await (
    await goalRoute.GET(ajaxRequest(`/ajax/goals/${id}`, { cookie: cookieA }), params({ goalId: id }))
  ).json()
  expect(one.progress.series).toHaveLength(10)
  expect((await (await goalsRoute.GET(ajaxRequest('/ajax/goals', { cookie: cookieB }))).json()).goals).toEqual([])
  expect(
    (await goalRoute.GET(ajaxRequest(`/ajax/goals/${id}`, { cookie: cookieB }), params({ goalId: id }))).status,
  ).toBe(404)
  const del = await goalRoute.DELETE(
    ajaxRequest(`/ajax/goals/${id}`, { method: 'DELETE', cookie: cookieB }),
    params({ goalId: id }),
  )
  expect(del.status).toBe(404)
  expect(await db.goal.count({ where: { id } })).toBe(1)
})
