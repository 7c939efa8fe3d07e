/** @jest-environment node */
// POST /webhooks/woocommerce end to end on a real database: signed fixtures of every registered
// topic (tests/fixtures/woocommerce, the REST v3 shapes WooCommerce's webhooks carry) through the
// real route handler and the queued job; out come events, profiles and catalog rows. Order status
// transitions make each event once; duplicates, bad signatures, unknown stores, the creation ping
// and another company's store are checked too.
import fs from 'node:fs'
import path from 'node:path'
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
import { POST } from '@/app/webhooks/woocommerce/route'
import { sealSecret } from '@/lib/crypto/secret-box'
import { db } from '@/lib/db/client'
import { runJobsUntilIdle } from '@/lib/jobs/queue'
import { wooSignature } from '@/lib/integrations/woocommerce/webhooks/verify-signature'
import { makeCompany } from '../helpers/factory'

const fixture = (name: string) =>
  fs.readFileSync(path.join(__dirname, '../fixtures/woocommerce', `${name}.json`), 'utf8')
const order = (patch: Record<string, unknown> = {}) => JSON.stringify({ ...JSON.parse(fixture('order')), ...patch })
const ORDER_TS = Date.parse('2026-05-10T16:00:00Z') / 1000
let n = 0

interface Store {
  companyId: number
  integrationId: string
  origin: string
  secret: string
}

async function connectStore(tag: string): Promise<Store> {
  const companyId = (await makeCompany()).id
  const origin = `https://${tag}-${++n}.woo.example`
  const secret = `secret-${tag}-${n}`
  const integrationId = `woo-${tag}-${n}`
  await db.integration.create({
    data: {
      id: integrationId,
      companyId,
      key: 'woocommerce',
      externalKey: origin,
      credentials: sealSecret(
        JSON.stringify({ consumerKey: 'ck', consumerSecret: 'cs', webhookSecret: secret }),
        'integration-credentials',
      ),
    },
  })
  return { companyId, integrationId, origin, secret }
}

type SendOpts = { id?: string; signature?: string | null; source?: string; secret?: string }
function send(s: Store, topic: string, body: string, o: SendOpts = {}): Promise<Response> {
  const [resource, event] = topic.split('.')
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'x-wc-webhook-topic': topic,
    'x-wc-webhook-resource': resource!,
    'x-wc-webhook-event': event!,
    'x-wc-webhook-source': o.source ?? `${s.origin}/`,
    'x-wc-webhook-id': '12',
    'x-wc-webhook-delivery-id': o.id ?? `d-${++n}`,
  }
  const sig = o.signature === undefined ? wooSignature(o.secret ?? s.secret, body) : o.signature
  if (sig !== null) headers['x-wc-webhook-signature'] = sig
  return POST(new Request('http://localhost/webhooks/woocommerce', { method: 'POST', headers, body }))
}

async function deliver(s: Store, topic: string, body: string, o: SendOpts = {}) {
  const res = await send(s, topic, body, o)
  expect(res.status).toBe(200)
  await runJobsUntilIdle()
  return res
}

const events = (companyId: number) =>
  db.event.findMany({ where: { companyId }, include: { metric: true, profile: true }, orderBy: { id: 'asc' } })
const table = async (companyId: number) => (await events(companyId)).map((e) => [e.metric.name, e.uniqueId, e.value])
const props = (e: { properties: string }) => JSON.parse(e.properties) as Record<string, unknown>

beforeAll(() => jest.spyOn(console, 'error').mockImplementation(() => {}))

test("order.created (processing) → Placed Order and one Ordered Product per line, with the order's time, the buyer's profile, metric integration woocommerce", async () => {
  const s = await connectStore('a')
  const res = await deliver(s, 'order.created', fixture('order'), { id: 'del-1' })
  expect(await res.json()).toEqual({ received: true, duplicate: false })
  const rows = await events(s.companyId)
  expect(rows.map((e) => [e.metric.name, e.metric.integration, e.uniqueId, e.value, e.ts])).toEqual([
    ['Placed Order', 'woocommerce', '727', 35.35, ORDER_TS],
    ['Ordered Product', 'woocommerce', '727:315', 6, ORDER_TS],
    ['Ordered Product', 'woocommerce', '727:316', 24, ORDER_TS],
  ])
  expect(props(rows[0]!)).toMatchObject({
    OrderId: '727',
    ItemNames: ['Woo Single #1', 'Ship Your Idea - Color: Black, Size: M Test'],
    DiscountCodes: ['SPRING5'],
  })
  expect(rows[0]!.profile).toMatchObject({ email: 'john.doe@example.com', firstName: 'John', lastName: 'Doe' })
  expect(
    await db.integrationDelivery.findMany({
      where: { companyId: s.companyId },
      select: { deliveryId: true, topic: true, status: true },
    }),
  ).toEqual([{ deliveryId: 'del-1', topic: 'order.created', status: 'processed' }])
})

test('status transitions: pending makes nothing; processing places; a repeated update makes nothing; completed fulfils; refunds once each; cancelled after placed', async () => {
  const s = await connectStore('status')
  await deliver(s, 'order.created', order({ status: 'pending' }))
  expect(await table(s.companyId)).toEqual([])
  expect((await db.integrationDelivery.findFirst({ where: { companyId: s.companyId } }))!).toMatchObject({
    status: 'ignored',
    reason: 'Order 727 is pending: nothing to record.',
  })

  await deliver(s, 'order.updated', order({ status: 'processing' }))
  await deliver(s, 'order.updated', order({ status: 'processing', date_modified_gmt: '2026-05-10T17:00:00' }))
  expect(await table(s.companyId)).toEqual([
    ['Placed Order', '727', 35.35],
    ['Ordered Product', '727:315', 6],
    ['Ordered Product', '727:316', 24],
  ])

  await deliver(
    s,
    'order.updated',
    order({ status: 'completed', date_completed_gmt: '2026-05-11T09:00:00', date_modified_gmt: '2026-05-11T09:00:00' }),
  )
  await deliver(s, 'order.updated', order({ status: 'processing' }))
  await deliver(
    s,
    'order.updated',
    order({ status: 'completed', date_completed_gmt: '2026-05-11T09:00:00', date_modified_gmt: '2026-05-12T09:00:00' }),
  )
  const partial = [{ id: 900, reason: 'Damaged', total: '-6.00' }]
  await deliver(s, 'order.updated', order({ status: 'completed', refunds: partial }))
  await deliver(
    s,
    'order.updated',
    order({ status: 'refunded', refunds: [...partial, { id: 901, reason: '', total: '-29.35' }] }),
  )
  await deliver(
    s,
    'order.updated',
    order({ status: 'refunded', refunds: [...partial, { id: 901, reason: '', total: '-29.35' }] }),
  )
  expect((await table(s.companyId)).slice(3)).toEqual([
    ['Fulfilled Order', '727', 35.35],
    ['Refunded Order', 'refund:900', 6],
    ['Refunded Order', 'refund:901', 29.35],
  ])
  const fulfilled = (await events(s.companyId)).find((e) => e.metric.name === 'Fulfilled Order')!
  expect(fulfilled.ts).toBe(Date.parse('2026-05-11T09:00:00Z') / 1000)

  await deliver(s, 'order.updated', order({ status: 'cancelled' }))
  await deliver(s, 'order.updated', order({ status: 'cancelled' }))
  expect((await table(s.companyId)).filter((r) => r[0] === 'Cancelled Order')).toEqual([
    ['Cancelled Order', '727', 35.35],
  ])

  // An unpaid order that times out to cancelled was never a purchase: no Cancelled Order.
  await deliver(s, 'order.updated', order({ id: 728, status: 'cancelled' }))
  expect((await table(s.companyId)).filter((r) => String(r[1]).startsWith('728'))).toEqual([])
})

test('customer.created|updated → profile with names, phone and address; product.created|updated|deleted → catalog', async () => {
  const s = await connectStore('cust')
  await deliver(s, 'customer.created', fixture('customer'))
  const p = (await db.profile.findFirst({ where: { companyId: s.companyId, email: 'john.doe@example.com' } }))!
  expect(p).toMatchObject({ firstName: 'John', lastName: 'Doe', phoneNumber: '+14155550100' })
  await deliver(
    s,
    'customer.updated',
    JSON.stringify({
      ...JSON.parse(fixture('customer')),
      first_name: 'Johnny',
      date_modified_gmt: '2026-05-02T12:00:00',
    }),
  )
  expect((await db.profile.findFirst({ where: { id: p.id } }))!.firstName).toBe('Johnny')
  expect(await db.profile.count({ where: { companyId: s.companyId } })).toBe(1)

  await deliver(s, 'product.created', fixture('product'))
  const item = (await db.catalogItem.findFirst({ where: { companyId: s.companyId, externalId: '794' } }))!
  expect(item).toMatchObject({
    title: 'Premium Quality',
    price: 21.99,
    url: 'https://woo.example/product/premium-quality-19/',
    published: true,
    deleted: false,
  })
  const variant = (await db.catalogVariant.findFirst({ where: { companyId: s.companyId, itemId: item.id } }))!
  expect(variant).toMatchObject({ sku: 'PQ-19', inventoryQuantity: 12 })
  await deliver(
    s,
    'product.updated',
    JSON.stringify({ ...JSON.parse(fixture('product')), price: '18.99', date_modified_gmt: '2026-05-03T13:00:00' }),
  )
  expect((await db.catalogItem.findFirst({ where: { id: item.id } }))!.price).toBe(18.99)
  await deliver(s, 'product.deleted', fixture('product-deleted'))
  expect(await db.catalogItem.findFirst({ where: { id: item.id } })).toBeNull()
})

test('a duplicate delivery id is a 200 no-op; the same order under a new delivery id makes no second event', async () => {
  const s = await connectStore('dup')
  await deliver(s, 'order.created', fixture('order'), { id: 'same' })
  const again = await send(s, 'order.created', fixture('order'), { id: 'same' })
  expect(again.status).toBe(200)
  expect(await again.json()).toEqual({ received: true, duplicate: true })
  await deliver(s, 'order.created', fixture('order'), { id: 'other' })
  expect(await db.integrationDelivery.count({ where: { companyId: s.companyId } })).toBe(2)
  expect(await db.event.count({ where: { companyId: s.companyId, metric: { name: 'Placed Order' } } })).toBe(1)
})

test('bad, missing or foreign signatures and unknown stores: the same 401, nothing stored', async () => {
  const s = await connectStore('sig')
  const other = await connectStore('other')
  const body = fixture('order')
  const answers = await Promise.all([
    send(s, 'order.created', body, { signature: null }),
    send(s, 'order.created', body, { signature: 'AAAA' }),
    send(s, 'order.created', body, { secret: 'wrong' }),
    send(s, 'order.created', body, { secret: other.secret }),
    send(s, 'order.created', body, { source: 'https://nobody.woo.example/' }),
    send(s, 'order.created', body, { source: '' }),
    send(s, 'order.created', body + ' ', { signature: wooSignature(s.secret, body) }),
  ])
  const bodies = await Promise.all(answers.map(async (r) => JSON.stringify([r.status, await r.text()])))
  expect(new Set(bodies).size).toBe(1)
  expect(answers[0]!.status).toBe(401)
  await runJobsUntilIdle()
  expect(await db.integrationDelivery.count({ where: { companyId: { in: [s.companyId, other.companyId] } } })).toBe(0)
  expect(await db.event.count({ where: { companyId: { in: [s.companyId, other.companyId] } } })).toBe(0)
})

test('the creation ping (unsigned webhook_id=N) is answered 200 and stores nothing; malformed JSON is 400; an unhandled topic is recorded as ignored', async () => {
  const s = await connectStore('ping')
  const ping = await POST(
    new Request('http://localhost/webhooks/woocommerce', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'webhook_id=12',
    }),
  )
  expect(ping.status).toBe(200)
  expect((await send(s, 'order.created', '{not json')).status).toBe(400)
  await deliver(s, 'coupon.created', '{"id":1}', { id: 'coupon-1' })
  expect(
    await db.integrationDelivery.findMany({
      where: { companyId: s.companyId },
      select: { deliveryId: true, status: true, reason: true },
    }),
  ).toEqual([{ deliveryId: 'coupon-1', status: 'ignored', reason: 'Topic coupon.created is not handled.' }])
  expect(await db.event.count({ where: { companyId: s.companyId } })).toBe(0)
})

test('company isolation: two stores with the same order land in their own accounts only', async () => {
  const a = await connectStore('iso-a')
  const b = await connectStore('iso-b')
  await deliver(a, 'order.created', fixture('order'))
  expect(await db.event.count({ where: { companyId: a.companyId } })).toBe(3)
  expect(await db.event.count({ where: { companyId: b.companyId } })).toBe(0)
  expect(await db.profile.count({ where: { companyId: b.companyId } })).toBe(0)
  // b's secret with a's source is refused.
  expect((await send(a, 'order.created', fixture('order'), { secret: b.secret })).status).toBe(401)
  await deliver(b, 'order.created', fixture('order'))
  expect(await db.event.count({ where: { companyId: b.companyId } })).toBe(3)
  expect(await db.event.count({ where: { companyId: a.companyId } })).toBe(3)
})

test("the demo connection takes docs/integrations.md's signed curl sample: one Placed Order in the demo company", async () => {
  const { seedDemoIntegrations, DEMO_WOO_ORIGIN } = await import('@/lib/seed/seed-demo-integrations')
  for (const c of await db.integration.findMany({ where: { key: 'woocommerce', externalKey: DEMO_WOO_ORIGIN } }))
    await db.integration.delete({ where: { id: c.id } })
  const companyId = (await makeCompany()).id
  await seedDemoIntegrations(companyId)
  const body = fs
    .readFileSync(path.join(__dirname, '../../docs/integrations.md'), 'utf8')
    .match(/BODY='(\{"id":727.*\})'/)![1]!
  const res = await POST(
    new Request('http://localhost/webhooks/woocommerce', {
      method: 'POST',
      body,
      headers: {
        'content-type': 'application/json',
        'x-wc-webhook-topic': 'order.created',
        'x-wc-webhook-source': 'http://demo-woo.test/',
        'x-wc-webhook-delivery-id': '1767000000',
        'x-wc-webhook-signature': wooSignature(process.env.DEMO_WOO_SECRET || 'demo-woo-secret', body),
      },
    }),
  )
  expect(res.status).toBe(200)
  await runJobsUntilIdle()
  expect(await table(companyId)).toEqual([
    ['Placed Order', '727', 29.35],
    ['Ordered Product', '727:315', 6],
  ])
})
