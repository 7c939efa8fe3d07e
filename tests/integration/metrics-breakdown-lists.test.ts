/** @jest-environment node */
// Metric breakdowns by a list property (issue 12 §4): an event with Categories ["A","B"] counts in
// A and in B, never in a series labelled with raw JSON; and properties unique per event (an order
// id) are not offered as breakdown dimensions.
import { useTestDatabase } from '@/tests/helpers/test-db'
useTestDatabase()
jest.setTimeout(30_000)
import { GET as getDimensions } from '@/app/ajax/data/metric/[id]/dimensions/route'
import { GET as getChart } from '@/app/ajax/data/metric/[id]/chart/route'
import { db } from '@/lib/db/client'
import { ajaxRequest, makeCompany, makeUser, params, signIn } from '@/tests/helpers/factory'
import { addEvents } from './metrics-fixture'

let cookie: string, metricId: string

beforeAll(async () => {
  const company = await makeCompany()
  await db.company.update({ where: { id: company.id }, data: { timezone: 'UTC' } })
  cookie = await signIn((await makeUser({ companyId: company.id, role: 'owner' })).id, company.id)
  const day = (d: number) => `2024-03-0${d}T12:00:00Z`
  const events = [
    { email: 'p1@ex.test', time: day(1), value: 10, properties: { Categories: ['Shoes', 'Sale'], Brand: 'Acme' } },
    { email: 'p1@ex.test', time: day(2), value: 5, properties: { Categories: ['Shoes'], Brand: 'Acme' } },
    { email: 'p2@ex.test', time: day(2), value: 20, properties: { Categories: ['Hats', 'Sale'], Brand: 'Acme' } },
    { email: 'p3@ex.test', time: day(3), value: 1, properties: { Categories: [], Brand: 'Zed' } },
    { email: 'p3@ex.test', time: day(3), value: 2, properties: { Categories: 'Bags', Brand: 'Zed' } },
    { email: 'p4@ex.test', time: day(3), value: 4, properties: { Brand: 'Zed' } },
  ]
  // Every event carries its own order id; 20 more events make the sample large enough to tell.
  const more = Array.from({ length: 20 }, (_, i) => ({
    email: `q${i % 3}@ex.test`,
    time: day(4),
    value: 1,
    properties: { Brand: i % 2 ? 'Acme' : 'Zed' },
  }))
  const all = [...events, ...more].map((e, i) => ({
    ...e,
    metric: 'Placed Order',
    properties: { ...e.properties, OrderId: `ord-${1000 + i}` },
  }))
  metricId = (await addEvents(company.id, all))[0]!.metricId
})

const chart = async (qs: string) => {
  const res = await getChart(
    ajaxRequest(
      `/ajax/data/metric/${metricId}/chart?timeframe=custom&start=2024-03-01&end=2024-03-03&granularity=daily&${qs}`,
      { cookie },
    ),
    params({ id: metricId }),
  )
  expect(res.status).toBe(200)
  return (await res.json()) as {
    series: Array<{ dimension: string | null; isOther: boolean; values: number[]; total: number }>
    total: number
  }
}
const bySeries = (series: Array<{ dimension: string | null; values: number[]; total: number }>) =>
  Object.fromEntries(series.map((s) => [String(s.dimension), { values: s.values, total: s.total }]))

test('a list property breaks down by each element: counts, values and unique profiles', async () => {
  const count = await chart('by=Categories&measurement=c')
  expect(count.series.map((s) => s.dimension)).not.toContainEqual(expect.stringContaining('['))
  expect(bySeries(count.series)).toEqual({
    Shoes: { values: [1, 1, 0], total: 2 },
    Sale: { values: [1, 1, 0], total: 2 },
    Hats: { values: [0, 1, 0], total: 1 },
    Bags: { values: [0, 0, 1], total: 1 }, // a single value is its own element
    null: { values: [0, 0, 2], total: 2 }, // an empty list and a missing property: no value
  })
  const value = await chart('by=Categories&measurement=v')
  expect(bySeries(value.series).Sale).toEqual({ values: [10, 20, 0], total: 30 })
  const unique = await chart('by=Categories&measurement=q')
  expect(bySeries(unique.series).Shoes).toEqual({ values: [1, 1, 0], total: 1 }) // p1 on two days is one profile
  expect(bySeries(unique.series).Sale).toEqual({ values: [1, 1, 0], total: 2 })
  // The headline total still counts each event once.
  expect(count.total).toBe(6)
})

test('scalar properties break down as before', async () => {
  const brand = await chart('by=Brand&measurement=c')
  expect(bySeries(brand.series)).toEqual({
    Acme: { values: [1, 2, 0], total: 3 },
    Zed: { values: [0, 0, 3], total: 3 },
  })
})

test('a property unique per event (an order id) is not offered as a breakdown; list and shared properties are', async () => {
  const res = await getDimensions(
    ajaxRequest(`/ajax/data/metric/${metricId}/dimensions`, { cookie }),
    params({ id: metricId }),
  )
  const { dimensions } = (await res.json()) as { dimensions: Array<[string, string, string]> }
  const names = dimensions.map((d) => d[0])
  expect(names).not.toContain('OrderId')
  expect(names).toEqual(expect.arrayContaining(['$value', 'Brand', 'Categories']))
})
