/** @jest-environment node */
// Customer insights through the real /ajax route handlers on hand-computed fixtures: RFM scores,
// groups and movement (10 customers, scores by the rank rule of lib/insights/README.md), the
// list snapshot of a group, the cohort triangle, the funnel's counting rule and its split by
// source; 400 on bad input; another company never sees these rows. Runs on both engines.
import { useTestDatabase } from '@/tests/helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)
import { GET as getRfmRoute } from '@/app/ajax/insights/rfm/route'
import { POST as postRfmList } from '@/app/ajax/insights/rfm/lists/route'
import { GET as getCohortsRoute } from '@/app/ajax/insights/cohorts/route'
import { GET as listReports, POST as postReport } from '@/app/ajax/insights/cohort-reports/route'
import { GET as getReport } from '@/app/ajax/insights/cohort-reports/[id]/route'
import { GET as getFunnelRoute } from '@/app/ajax/insights/funnel/route'
import { GET as getEngagement } from '@/app/ajax/insights/list/[id]/engagement/route'
import { db } from '@/lib/db/client'
import { shortId } from '@/lib/ids/make-id'
import { ajaxRequest, makeCompany, makeUser, params, signIn } from '@/tests/helpers/factory'

type Handler = (r: Request, c?: { params?: Promise<Record<string, string>> }) => Promise<Response>
const call = async (
  h: Handler,
  url: string,
  cookie: string,
  init: { body?: unknown; p?: Record<string, string> } = {},
) => {
  const res = await h(
    ajaxRequest(url, { cookie, method: init.body ? 'POST' : 'GET', body: init.body }),
    init.p ? params(init.p) : undefined,
  )
  return { status: res.status, body: await res.json() }
}

const DAY = 86_400
const sec = (iso: string) => Math.floor(Date.parse(iso) / 1000)
const AS_OF = '2026-06-30'
/** Noon of the day `daysAgo` before AS_OF (never on a day boundary). */
const daysAgo = (d: number) => sec(AS_OF + 'T12:00:00Z') - d * DAY

async function metric(companyId: number, name: string) {
  return db.metric.create({ data: { id: shortId(8), companyId, name } })
}
async function profile(companyId: number, key: string) {
  return db.profile.create({ data: { id: `${key}-${companyId}`, companyId, email: `${key}-${companyId}@x.test` } })
}
async function event(companyId: number, profileId: string, metricId: string, ts: number, value?: number, props = {}) {
  await db.event.create({
    data: { companyId, profileId, metricId, ts, value: value ?? null, properties: JSON.stringify(props) },
  })
}

// [last order days before AS_OF, orders, total value]; earlier orders every 30 days before the last.
const RFM_FIXTURE: Array<[number, number, number]> = [
  [1, 6, 600],
  [2, 1, 50],
  [3, 5, 400],
  [5, 1, 30],
  [10, 4, 300],
  [20, 1, 20],
  [40, 5, 500],
  [80, 3, 210],
  [160, 1, 10],
  [300, 2, 100],
]

let A: number, B: number, cookieA: string, cookieB: string
beforeAll(async () => {
  A = (await makeCompany('Insights A')).id
  B = (await makeCompany('Insights B')).id
  cookieA = await signIn((await makeUser({ companyId: A, role: 'owner' })).id, A)
  cookieB = await signIn((await makeUser({ companyId: B, role: 'owner' })).id, B)
  const order = await metric(A, 'Placed Order')
  const other = await metric(A, 'Viewed Product')
  for (const [i, [last, n, total]] of RFM_FIXTURE.entries()) {
    const p = await profile(A, `c${i}`)
    for (let k = 0; k < n; k++) await event(A, p.id, order.id, daysAgo(last + 30 * k), total / n)
    await event(A, p.id, other.id, daysAgo(0), 999) // another metric: never an order
  }
  await profile(A, 'browser') // no orders: not a customer
  const orderB = await metric(B, 'Placed Order')
  const pb = await profile(B, 'b0')
  await event(B, pb.id, orderB.id, daysAgo(3), 5000)
})

describe('RFM', () => {
  test('groups, sizes and revenue as of a date', async () => {
    const { status, body } = await call(getRfmRoute, `/ajax/insights/rfm?date=${AS_OF}`, cookieA)
    expect(status).toBe(200)
    expect(body.customers).toBe(10)
    const by = Object.fromEntries(body.groups.map((g: { group: string }) => [g.group, g]))
    const sizes = Object.fromEntries(
      body.groups.map((g: { group: string; customers: number }) => [g.group, g.customers]),
    )
    expect(sizes).toEqual({
      champions: 2, // c0 (5,5,5), c2 (4,4,4)
      loyal: 1, // c4 (3,4,4)
      recent: 1, // c1 (5,1,2)
      promising: 1, // c3 (4,1,2)
      needs_attention: 1, // c5 (3,1,1)
      at_risk: 3, // c6 (2,4,5), c7 (2,3,3), c9 (1,3,3)
      cant_lose: 0, // would be R 1 with F and M 4–5
      hibernating: 0,
      lost: 1, // c8 (1,1,1)
    })
    expect(by.champions.revenue).toBe(1000)
    expect(by.at_risk.revenue).toBe(810)
    expect(by.champions.avgOrders).toBe(5.5)
    expect(body.movement).toBeNull()
  })

  test('movement between two dates', async () => {
    const { body } = await call(getRfmRoute, `/ajax/insights/rfm?date=${AS_OF}&compare=2026-03-22`, cookieA)
    const moved: string[] = []
    for (const [from, row] of Object.entries(body.movement as Record<string, Record<string, number>>))
      for (const [to, n] of Object.entries(row)) for (let i = 0; i < n; i++) moved.push(`${from}>${to}`)
    expect(moved.sort()).toEqual(
      [
        'needs_attention>champions', // c0
        'new>recent', // c1
        'hibernating>champions', // c2
        'new>promising', // c3
        'promising>loyal', // c4
        'new>needs_attention', // c5
        'champions>at_risk', // c6
        'needs_attention>at_risk', // c7
        'lost>lost', // c8
        'at_risk>at_risk', // c9
      ].sort(),
    )
  })

  test('a list snapshot of a group', async () => {
    const { status, body } = await call(postRfmList, '/ajax/insights/rfm/lists', cookieA, {
      body: { group: 'champions', date: AS_OF },
    })
    expect(status).toBe(201)
    expect(body).toMatchObject({ members: 2, snapshot: true })
    const members = await db.groupMembership.findMany({ where: { groupId: body.listId, leftAt: null } })
    expect(members.map((m) => m.profileId).sort()).toEqual([`c0-${A}`, `c2-${A}`])
    const list = await db.group.findUniqueOrThrow({ where: { id: body.listId } })
    expect(list.companyId).toBe(A)
    const tiers = await call(getEngagement, '/ajax/insights/list/x/engagement', cookieA, { p: { id: body.listId } })
    expect(tiers.body.tiers.find((t: { tier: string }) => t.tier === 'never').profiles).toBe(2)
    expect((await call(getEngagement, '/x', cookieB, { p: { id: body.listId } })).status).toBe(404)
  })

  test('another company sees only its own customers', async () => {
    const { body } = await call(getRfmRoute, `/ajax/insights/rfm?date=${AS_OF}`, cookieB)
    expect(body.customers).toBe(1)
    expect(body.groups.reduce((s: number, g: { revenue: number }) => s + g.revenue, 0)).toBe(5000)
  })

  test.each([
    ['date=2026-13-01', 'date'],
    ['date=yesterday', 'date'],
    [`date=${AS_OF}&compare=2026-07-01`, 'compare'],
    ['bogus=1', ''],
  ])('400 for %s', async (qs, field) => {
    const { status, body } = await call(getRfmRoute, `/ajax/insights/rfm?${qs}`, cookieA)
    expect(status).toBe(400)
    if (field) expect(body.fieldErrors[field]).toBeDefined()
  })

  test('400 for an unknown group', async () => {
    const { status, body } = await call(postRfmList, '/ajax/insights/rfm/lists', cookieA, { body: { group: 'vips' } })
    expect(status).toBe(400)
    expect(body.fieldErrors.group).toBeDefined()
  })
})

describe('cohorts', () => {
  let C: number, cookieC: string
  beforeAll(async () => {
    C = (await makeCompany('Cohorts')).id
    cookieC = await signIn((await makeUser({ companyId: C, role: 'owner' })).id, C)
    const m = await metric(C, 'Placed Order')
    const orders: Record<string, Array<[string, number]>> = {
      p1: [
        ['2026-01-05', 10],
        ['2026-02-10', 20],
        ['2026-03-03', 30],
      ],
      p2: [['2026-01-20', 5]],
      p3: [
        ['2025-12-15', 100],
        ['2026-01-15', 7],
      ], // a December customer: outside the three cohorts
      p4: [
        ['2026-02-01', 40],
        ['2026-02-20', 10],
      ],
      p5: [
        ['2026-02-28', 15],
        ['2026-04-02', 99],
      ], // April is after the end
      p6: [['2026-03-31', 8]],
    }
    for (const [key, list] of Object.entries(orders)) {
      const p = await profile(C, key)
      for (const [d, v] of list) await event(C, p.id, m.id, sec(d + 'T12:00:00Z'), v)
    }
  })

  const expected = [
    {
      month: '2026-01',
      customers: 2,
      repeatRate: 0.5,
      revenue: 65,
      cells: [
        [2, 1, 15],
        [1, 0.5, 20],
        [1, 0.5, 30],
      ],
    },
    {
      month: '2026-02',
      customers: 2,
      repeatRate: 0.5,
      revenue: 65,
      cells: [
        [2, 1, 65],
        [0, 0, 0],
      ],
    },
    { month: '2026-03', customers: 1, repeatRate: 0, revenue: 8, cells: [[1, 1, 8]] },
  ]
  const shape = (cohorts: Array<{ cells: Array<{ customers: number; retention: number; revenue: number }> }>) =>
    cohorts.map((c) => ({ ...c, cells: c.cells.map((x) => [x.customers, x.retention, x.revenue]) }))

  test('the triangle of retention and revenue, repeat rate per cohort', async () => {
    const { status, body } = await call(getCohortsRoute, '/ajax/insights/cohorts?months=3&end=2026-03-31', cookieC)
    expect(status).toBe(200)
    expect(body.metric.name).toBe('Placed Order')
    expect(shape(body.cohorts)).toEqual(expected)
  })

  test('saved reports: create, list, read; another company gets 404', async () => {
    const created = await call(postReport, '/ajax/insights/cohort-reports', cookieC, {
      body: { name: 'Q1 cohorts', definition: { months: 3, end: '2026-03-31' } },
    })
    expect(created.status).toBe(201)
    const list = await call(listReports, '/ajax/insights/cohort-reports', cookieC)
    expect(list.body.reports.map((r: { name: string }) => r.name)).toEqual(['Q1 cohorts'])
    const one = await call(getReport, '/x', cookieC, { p: { id: created.body.id } })
    expect(shape(one.body.result.cohorts)).toEqual(expected)
    expect((await call(getReport, '/x', cookieB, { p: { id: created.body.id } })).status).toBe(404)
    expect((await call(listReports, '/ajax/insights/cohort-reports', cookieB)).body.reports).toEqual([])
  })

  test('400 for a bad definition; 404 for another company’s metric', async () => {
    for (const qs of ['months=30', 'months=1', 'end=2026-02-30'])
      expect((await call(getCohortsRoute, `/ajax/insights/cohorts?${qs}`, cookieC)).status).toBe(400)
    const bad = await call(postReport, '/ajax/insights/cohort-reports', cookieC, {
      body: { name: '', definition: { months: 3 } },
    })
    expect(bad.status).toBe(400)
    expect(bad.body.fieldErrors.name).toBeDefined()
    const metricOfA = await db.metric.findFirstOrThrow({ where: { companyId: A } })
    expect((await call(getCohortsRoute, `/ajax/insights/cohorts?metricId=${metricOfA.id}`, cookieC)).status).toBe(404)
  })
})

describe('funnel', () => {
  let F: number, cookieF: string
  beforeAll(async () => {
    F = (await makeCompany('Funnel')).id
    cookieF = await signIn((await makeUser({ companyId: F, role: 'owner' })).id, F)
    const ids: Record<string, string> = {}
    for (const name of ['Active on Site', 'Viewed Product', 'Added to Cart', 'Started Checkout', 'Placed Order'])
      ids[name] = (await metric(F, name)).id
    const at = (iso: string) => sec(iso.length === 10 ? iso + 'T12:00:00Z' : iso)
    const steps: Record<string, Array<[string, string, Record<string, string>?]>> = {
      // every step in order
      p1: [
        ['Active on Site', '2026-05-02T10:00:00Z', { traffic_source: 'google' }],
        ['Viewed Product', '2026-05-02T10:05:00Z'],
        ['Added to Cart', '2026-05-02T10:10:00Z'],
        ['Started Checkout', '2026-05-02T10:15:00Z'],
        ['Placed Order', '2026-05-02T10:20:00Z'],
      ],
      // skips the cart: the order does not count
      p2: [
        ['Active on Site', '2026-05-03', { traffic_source: 'direct' }],
        ['Viewed Product', '2026-05-03T13:00:00Z'],
        ['Placed Order', '2026-05-04'],
      ],
      // viewed before the visit: only the visit counts
      p3: [
        ['Viewed Product', '2026-05-01'],
        ['Active on Site', '2026-05-05', { traffic_source: 'google' }],
        ['Added to Cart', '2026-05-06'],
      ],
      // entered before the timeframe: not in the funnel
      p4: [
        ['Active on Site', '2026-04-30', { traffic_source: 'google' }],
        ['Viewed Product', '2026-05-02'],
      ],
      // the first visit is the entry (google); its cart came before the view
      p5: [
        ['Active on Site', '2026-05-10', { traffic_source: 'google' }],
        ['Active on Site', '2026-05-12', { traffic_source: 'email' }],
        ['Viewed Product', '2026-05-11'],
        ['Added to Cart', '2026-05-09'],
      ],
      // the view is after the end
      p6: [
        ['Active on Site', '2026-05-30', { traffic_source: 'direct' }],
        ['Viewed Product', '2026-06-01'],
      ],
    }
    for (const [key, list] of Object.entries(steps)) {
      const p = await profile(F, key)
      for (const [name, when, props] of list) await event(F, p.id, ids[name]!, at(when), undefined, props ?? {})
    }
  })

  test('counts each profile once per step, in order, within the timeframe', async () => {
    const { status, body } = await call(
      getFunnelRoute,
      '/ajax/insights/funnel?start=2026-05-01&end=2026-05-31',
      cookieF,
    )
    expect(status).toBe(200)
    expect(body.total).toEqual([5, 3, 1, 1, 1])
    expect(body.conversion.map((c: number) => Math.round(c * 1000) / 1000)).toEqual([1, 0.6, 0.333, 1, 1])
    expect(body.breakdown).toEqual([])
  })

  test('by a property of the entry event', async () => {
    const { body } = await call(
      getFunnelRoute,
      '/ajax/insights/funnel?start=2026-05-01&end=2026-05-31&by=traffic_source',
      cookieF,
    )
    expect(body.breakdown).toEqual([
      { value: 'google', counts: [3, 2, 1, 1, 1] },
      { value: 'direct', counts: [2, 1, 0, 0, 0] },
    ])
  })

  test('400 for a bad timeframe or property; another company counts nothing of it', async () => {
    for (const qs of [
      'start=2026-05-01',
      'start=2026-05-31&end=2026-05-01',
      'start=2025-01-01&end=2026-05-01',
      'start=2026-05-01&end=2026-05-31&by=a%27b',
    ])
      expect((await call(getFunnelRoute, `/ajax/insights/funnel?${qs}`, cookieF)).status).toBe(400)
    const b = await call(getFunnelRoute, '/ajax/insights/funnel?start=2026-05-01&end=2026-05-31', cookieB)
    expect(b.body.total).toEqual([0, 0, 0, 0, 0])
  })
})
