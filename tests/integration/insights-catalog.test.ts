/** @jest-environment node */
// Product insights and the audience tab through the real /ajax handlers on hand-computed
// fixtures: top products, pairs bought together, repeat rate per product; profile and customer
// counts, countries, and the predicted CLV distribution only once predictions exist; 400 on a
// bad timeframe; another company sees none of it. Runs on both engines.
import { useTestDatabase } from '@/tests/helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)
import { GET as getProducts } from '@/app/ajax/insights/products/route'
import { GET as getAudienceRoute } from '@/app/ajax/insights/audience/route'
import { db } from '@/lib/db/client'
import { shortId } from '@/lib/ids/make-id'
import { ajaxRequest, makeCompany, makeUser, signIn } from '@/tests/helpers/factory'

type Handler = (r: Request) => Promise<Response>
const call = async (h: Handler, url: string, cookie: string) => {
  const res = await h(ajaxRequest(url, { cookie }))
  return { status: res.status, body: await res.json() }
}
const sec = (d: string) => Math.floor(Date.parse(d + 'T12:00:00Z') / 1000)

let P: number, B: number, cookieP: string, cookieB: string
beforeAll(async () => {
  P = (await makeCompany('Products')).id
  B = (await makeCompany('Other')).id
  cookieP = await signIn((await makeUser({ companyId: P, role: 'owner' })).id, P)
  cookieB = await signIn((await makeUser({ companyId: B, role: 'owner' })).id, B)
  const line = await db.metric.create({ data: { id: shortId(8), companyId: P, name: 'Ordered Product' } })
  const order = await db.metric.create({ data: { id: shortId(8), companyId: P, name: 'Placed Order' } })
  for (const [id, country] of [
    ['u1', 'US'],
    ['u2', 'DE'],
    ['u3', 'DE'],
  ])
    await db.profile.create({ data: { id: `${id}-${P}`, companyId: P, email: `${id}@p.test`, country } })
  // [order, profile, day, product, quantity, line total]
  const lines: Array<[string, string, string, string, number, number]> = [
    ['o1', 'u1', '2026-05-01', 'A', 1, 10],
    ['o1', 'u1', '2026-05-01', 'B', 2, 40],
    ['o2', 'u1', '2026-05-10', 'A', 1, 10],
    ['o3', 'u2', '2026-05-05', 'A', 1, 10],
    ['o3', 'u2', '2026-05-05', 'B', 1, 20],
    ['o3', 'u2', '2026-05-05', 'C', 1, 5],
    ['o4', 'u2', '2026-04-01', 'A', 1, 10], // before the timeframe
  ]
  for (const [oid, u, day, product, qty, total] of lines)
    await db.event.create({
      data: {
        companyId: P,
        profileId: `${u}-${P}`,
        metricId: line.id,
        ts: sec(day),
        value: total,
        properties: JSON.stringify({
          OrderId: oid,
          ProductID: product,
          ProductName: `Product ${product}`,
          Quantity: qty,
        }),
      },
    })
  for (const [oid, u, day] of [
    ['o1', 'u1', '2026-05-01'],
    ['o2', 'u1', '2026-05-10'],
    ['o3', 'u2', '2026-05-05'],
  ])
    await db.event.create({
      data: { companyId: P, profileId: `${u}-${P}`, metricId: order.id, ts: sec(day!), uniqueId: oid },
    })
})

test('top products, pairs bought together, repeat rate', async () => {
  const { status, body } = await call(getProducts, '/ajax/insights/products?start=2026-05-01&end=2026-05-31', cookieP)
  expect(status).toBe(200)
  expect(body.topByRevenue.map((p: { productId: string }) => p.productId)).toEqual(['B', 'A', 'C'])
  expect(body.topByOrders.map((p: { productId: string }) => p.productId)).toEqual(['A', 'B', 'C'])
  expect(body.topByOrders[0]).toEqual({
    productId: 'A',
    name: 'Product A',
    revenue: 30,
    orders: 3,
    quantity: 3,
    customers: 2,
    repeatRate: 0.5,
  })
  expect(body.topByRevenue[0]).toMatchObject({ revenue: 60, orders: 2, quantity: 3, repeatRate: 0 })
  expect(
    body.pairs.map((x: { a: { productId: string }; b: { productId: string }; orders: number }) => [
      x.a.productId,
      x.b.productId,
      x.orders,
    ]),
  ).toEqual([
    ['A', 'B', 2],
    ['A', 'C', 1],
    ['B', 'C', 1],
  ])
})

test('400 for a bad timeframe; another company has no products', async () => {
  for (const qs of [
    'start=2026-05-01',
    'start=2026-06-01&end=2026-05-01',
    'start=2020-01-01&end=2026-05-01',
    'start=2026-05-01&end=2026-05-31&limit=0',
  ])
    expect((await call(getProducts, `/ajax/insights/products?${qs}`, cookieP)).status).toBe(400)
  const other = await call(getProducts, '/ajax/insights/products?start=2026-05-01&end=2026-05-31', cookieB)
  expect(other.body).toMatchObject({ metricId: null, topByRevenue: [], pairs: [] })
})

test('audience: counts, countries, CLV distribution only with predictions', async () => {
  const before = await call(getAudienceRoute, '/ajax/insights/audience', cookieP)
  expect(before.status).toBe(200)
  expect(before.body).toMatchObject({ profiles: 3, customers: 2, predictedClv: null })
  expect(before.body.countries).toEqual([
    { country: 'DE', profiles: 2 },
    { country: 'US', profiles: 1 },
  ])
  expect(before.body.growth).toHaveLength(12)
  expect(before.body.growth.at(-1).profiles).toBe(3)
  expect(before.body.engagement.find((t: { tier: string }) => t.tier === 'never').profiles).toBe(3)
  const fit = {
    historicNumberOfOrders: 1,
    predictedNumberOfOrders: 1,
    averageOrderValue: 10,
    churnProbability: 0.2,
    fitId: 1,
  }
  for (const [u, clv] of [
    ['u1', 20],
    ['u2', 120],
  ] as const)
    await db.profilePrediction.create({
      data: { profileId: `${u}-${P}`, companyId: P, historicClv: 0, predictedClv: clv, totalClv: clv, ...fit },
    })
  const after = await call(getAudienceRoute, '/ajax/insights/audience', cookieP)
  expect(after.body.predictedClv.map((b: { min: number; profiles: number }) => [b.min, b.profiles])).toEqual([
    [0, 1],
    [50, 0],
    [100, 1],
    [250, 0],
    [500, 0],
    [1000, 0],
  ])
  const other = await call(getAudienceRoute, '/ajax/insights/audience', cookieB)
  expect(other.body).toMatchObject({ profiles: 0, customers: 0, countries: [], predictedClv: null })
})
