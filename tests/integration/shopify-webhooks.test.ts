/** @jest-environment node */
// POST /webhooks/shopify end to end on a real database: signed fixtures of every handled topic
// (tests/fixtures/shopify, Shopify's documented payloads) through the real route handler and the
// queued job, out come the vendor's events (names, values, times, properties), profiles with the
// store's consent, catalog rows and the connection's state. Plus what must never happen: a second
// event for a retried or replayed order, anything stored for a bad signature or an unknown shop,
// a 5xx for malformed JSON, one company's webhook landing in another's account.
import fs from 'node:fs'
import path from 'node:path'
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
import { POST } from '@/app/webhooks/shopify/route'
import { sealSecret } from '@/lib/crypto/secret-box'
import { db } from '@/lib/db/client'
import { inWriteTx } from '@/lib/db/ops'
import { ingestEvents } from '@/lib/events/ingest-events'
import { runJobsUntilIdle } from '@/lib/jobs/queue'
import { setQueueClock } from '@/lib/jobs/clock'
import { recordMessageEventOps, MESSAGE_METRICS } from '@/lib/messaging/message-events'
import { setConsent } from '@/lib/profiles/consent'
import { shopifyHmac } from '@/lib/integrations/shopify/webhooks/verify-hmac'
import { makeCompany } from '../helpers/factory'

const fixture = (name: string) => fs.readFileSync(path.join(__dirname, '../fixtures/shopify', `${name}.json`), 'utf8')
const ORDER_ID = '820982911946154508'
const ORDER_TS = Date.parse('2026-05-10T12:00:00-04:00') / 1000
let n = 0

interface Shop {
  companyId: number
  integrationId: string
  shop: string
  secret: string
}

async function connectShop(tag: string): Promise<Shop> {
  const companyId = (await makeCompany()).id
  const shop = `${tag}-${++n}.myshopify.com`
  const secret = `secret-${tag}-${n}`
  const integrationId = `int-${tag}-${n}`
  await db.integration.create({
    data: {
      id: integrationId,
      companyId,
      key: 'shopify',
      externalKey: shop,
      credentials: sealSecret(
        JSON.stringify({ accessToken: 'shpat_x', webhookSecret: secret }),
        'integration-credentials',
      ),
    },
  })
  return { companyId, integrationId, shop, secret }
}

type SendOpts = { id?: string; hmac?: string | null; shop?: string; secret?: string }
function send(s: Shop, topic: string, body: string, o: SendOpts = {}): Promise<Response> {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'x-shopify-topic': topic,
    'x-shopify-shop-domain': o.shop ?? s.shop,
    'x-shopify-webhook-id': o.id ?? `wh-${++n}`,
    'x-shopify-api-version': '2025-10',
  }
  const hmac = o.hmac === undefined ? shopifyHmac(o.secret ?? s.secret, body) : o.hmac
  if (hmac !== null) headers['x-shopify-hmac-sha256'] = hmac
  return POST(new Request('http://localhost/webhooks/shopify', { method: 'POST', headers, body }))
}

async function deliver(s: Shop, topic: string, body: string, o: SendOpts = {}) {
  const res = await send(s, topic, body, o)
  expect(res.status).toBe(200)
  await runJobsUntilIdle()
  return res
}

const events = (companyId: number, metric?: string) =>
  db.event.findMany({
    where: { companyId, ...(metric ? { metric: { name: metric } } : {}) },
    include: { metric: true, profile: true },
    orderBy: { id: 'asc' },
  })
const deliveries = (companyId: number) =>
  db.integrationDelivery.findMany({ where: { companyId }, orderBy: { id: 'asc' } })
const props = (e: { properties: string }) => JSON.parse(e.properties) as Record<string, unknown>

beforeAll(() => jest.spyOn(console, 'error').mockImplementation(() => {}))

test("orders/create → Placed Order ($value the total, $event_id the order id, the order's time) and one Ordered Product per line; profile and consent; delivery processed", async () => {
  const s = await connectShop('a')
  const res = await deliver(s, 'orders/create', fixture('orders-create'), { id: 'wh-order-1' })
  expect(await res.json()).toEqual({ received: true, duplicate: false })
  const [placed, ...lines] = await events(s.companyId)
  expect(placed).toMatchObject({
    value: 403,
    currency: 'USD',
    uniqueId: ORDER_ID,
    ts: ORDER_TS,
    metric: { name: 'Placed Order', integration: 'shopify' },
  })
  expect(props(placed!)).toMatchObject({
    OrderId: ORDER_ID,
    OrderNumber: '#9999',
    ItemNames: ['IPod Nano - 8GB', 'IPod Shuffle'],
    DiscountCodes: ['SPRING10'],
    DiscountValue: 10,
    Items: [
      {
        ProductID: '632910392',
        SKU: 'IPOD2008PINK',
        ProductName: 'IPod Nano - 8GB',
        Quantity: 1,
        ItemPrice: 199,
        RowTotal: 199,
      },
      {
        ProductID: '632910393',
        SKU: 'IPOD2008BLACK',
        ProductName: 'IPod Shuffle',
        Quantity: 2,
        ItemPrice: 99.5,
        RowTotal: 199,
      },
    ],
  })
  expect(lines.map((e) => [e.metric.name, e.uniqueId, e.value, e.ts])).toEqual([
    ['Ordered Product', `${ORDER_ID}:866550311766439020`, 199, ORDER_TS],
    ['Ordered Product', `${ORDER_ID}:141249953214522974`, 199, ORDER_TS],
  ])
  expect(placed!.profile).toMatchObject({
    email: 'jon@example.com',
    phoneNumber: '+16135550142',
    firstName: 'Jon',
    lastName: 'Doe',
  })
  const consents = await db.profileConsent.findMany({ where: { companyId: s.companyId, profileId: placed!.profileId } })
  expect(consents.map((c) => [c.channel, c.status, c.method, c.source])).toEqual([
    ['email_marketing', 'subscribed', 'SHOPIFY', 'single_opt_in'],
  ])
  expect(await deliveries(s.companyId)).toEqual([
    expect.objectContaining({
      integrationId: s.integrationId,
      deliveryId: 'wh-order-1',
      topic: 'orders/create',
      status: 'processed',
      reason: null,
    }),
  ])
  expect((await db.integration.findUnique({ where: { id: s.integrationId } }))!.lastEventAt).not.toBeNull()
})

test('a duplicate delivery id is a 200 no-op; the same order under a new delivery id makes no second event', async () => {
  const s = await connectShop('dup')
  await deliver(s, 'orders/create', fixture('orders-create'), { id: 'wh-1' })
  const again = await send(s, 'orders/create', fixture('orders-create'), { id: 'wh-1' })
  expect(again.status).toBe(200)
  expect(await again.json()).toEqual({ received: true, duplicate: true })
  expect(await deliveries(s.companyId)).toHaveLength(1)
  await deliver(s, 'orders/create', fixture('orders-create'), { id: 'wh-2' })
  expect((await deliveries(s.companyId)).map((d) => [d.deliveryId, d.status])).toEqual([
    ['wh-1', 'processed'],
    ['wh-2', 'processed'],
  ])
  expect(await db.event.count({ where: { companyId: s.companyId, metric: { name: 'Placed Order' } } })).toBe(1)
  expect(await db.event.count({ where: { companyId: s.companyId, metric: { name: 'Ordered Product' } } })).toBe(2)
})

test('bad, missing or foreign signatures and unknown shops: the same 401, nothing stored', async () => {
  const s = await connectShop('sig')
  const other = await connectShop('other')
  const body = fixture('orders-create')
  const answers = await Promise.all([
    send(s, 'orders/create', body, { hmac: null }),
    send(s, 'orders/create', body, { hmac: 'AAAA' }),
    send(s, 'orders/create', body, { secret: 'wrong' }),
    send(s, 'orders/create', body, { secret: other.secret }),
    send(s, 'orders/create', body, { shop: 'nobody.myshopify.com' }),
    send(s, 'orders/create', body, { shop: '' }),
    send(s, 'orders/create', body + ' ', { hmac: shopifyHmac(s.secret, body) }),
  ])
  const bodies = await Promise.all(answers.map(async (r) => [r.status, await r.text()]))
  expect(new Set(bodies.map((b) => JSON.stringify(b))).size).toBe(1)
  expect(bodies[0]![0]).toBe(401)
  await runJobsUntilIdle()
  expect(await db.integrationDelivery.count({ where: { companyId: { in: [s.companyId, other.companyId] } } })).toBe(0)
  expect(await db.event.count({ where: { companyId: { in: [s.companyId, other.companyId] } } })).toBe(0)
})

test('malformed JSON with a valid signature is a 400 and stores nothing; an unhandled topic is a 200 stored as ignored with the reason', async () => {
  const s = await connectShop('bad')
  for (const body of ['{"id": 1,', '', '"just a string"']) {
    const res = await send(s, 'orders/create', body)
    expect(res.status).toBe(400)
  }
  expect(await deliveries(s.companyId)).toHaveLength(0)
  const res = await deliver(s, 'orders/paid', fixture('orders-create'), { id: 'wh-paid' })
  expect(await res.json()).toEqual({ received: true, duplicate: false, ignored: true })
  expect(await deliveries(s.companyId)).toEqual([
    expect.objectContaining({
      deliveryId: 'wh-paid',
      topic: 'orders/paid',
      status: 'ignored',
      reason: 'Topic orders/paid is not handled.',
    }),
  ])
  expect(await events(s.companyId)).toHaveLength(0)
})

test("company isolation: shop A's webhook lands in company A only, even when both sell to the same buyer", async () => {
  const a = await connectShop('iso-a')
  const b = await connectShop('iso-b')
  await deliver(a, 'orders/create', fixture('orders-create'))
  expect(await db.event.count({ where: { companyId: a.companyId } })).toBe(3)
  expect(await db.event.count({ where: { companyId: b.companyId } })).toBe(0)
  expect(await db.profile.count({ where: { companyId: b.companyId } })).toBe(0)
  // B's own delivery of the same order is B's, with its own profile.
  await deliver(b, 'orders/create', fixture('orders-create'))
  const [ea, eb] = [(await events(a.companyId, 'Placed Order'))[0]!, (await events(b.companyId, 'Placed Order'))[0]!]
  expect(ea.profileId).not.toBe(eb.profileId)
  expect((await deliveries(a.companyId)).every((d) => d.integrationId === a.integrationId)).toBe(true)
})

test("orders/fulfilled, orders/cancelled and refunds/create: the vendor's metrics at the store's times; the refund's buyer from the order", async () => {
  const s = await connectShop('life')
  await deliver(s, 'orders/create', fixture('orders-create'))
  await deliver(s, 'orders/fulfilled', fixture('orders-fulfilled'))
  await deliver(s, 'orders/cancelled', fixture('orders-cancelled'))
  await deliver(s, 'refunds/create', fixture('refunds-create'))
  const byName = new Map((await events(s.companyId)).map((e) => [e.metric.name, e]))
  expect(await db.event.count({ where: { companyId: s.companyId, metric: { name: 'Placed Order' } } })).toBe(1)
  expect(byName.get('Fulfilled Order')).toMatchObject({
    uniqueId: ORDER_ID,
    value: 403,
    ts: Date.parse('2026-05-12T09:30:00-04:00') / 1000,
  })
  expect(props(byName.get('Cancelled Order')!)).toMatchObject({ OrderId: ORDER_ID, Reason: 'customer' })
  expect(byName.get('Cancelled Order')!.ts).toBe(Date.parse('2026-05-11T08:00:00-04:00') / 1000)
  const refund = byName.get('Refunded Order')!
  expect(refund).toMatchObject({
    uniqueId: '929361462',
    value: 99.5,
    ts: Date.parse('2026-05-15T10:00:00-04:00') / 1000,
    profileId: byName.get('Placed Order')!.profileId,
  })
  expect(props(refund)).toMatchObject({ OrderId: ORDER_ID, ItemNames: ['IPod Shuffle'], Note: 'wrong size' })
  expect((await deliveries(s.companyId)).map((d) => d.status)).toEqual([
    'processed',
    'processed',
    'processed',
    'processed',
  ])
})

test('a refund delivered before its order waits for it (retried), then lands on the buyer; one that never finds its order is given up with the reason', async () => {
  const s = await connectShop('early')
  await deliver(s, 'refunds/create', fixture('refunds-create'), { id: 'wh-refund' })
  expect(await deliveries(s.companyId)).toEqual([
    expect.objectContaining({
      status: 'failed',
      reason: expect.stringContaining('order 820982911946154508 is unknown'),
    }),
  ])
  await deliver(s, 'orders/create', fixture('orders-create'), { id: 'wh-order' })
  setQueueClock(10 * 60_000)
  try {
    await runJobsUntilIdle()
  } finally {
    setQueueClock(null)
  }
  expect((await deliveries(s.companyId)).map((d) => [d.deliveryId, d.status, d.reason])).toEqual([
    ['wh-refund', 'processed', null],
    ['wh-order', 'processed', null],
  ])
  const [placed] = await events(s.companyId, 'Placed Order')
  expect(await events(s.companyId, 'Refunded Order')).toEqual([
    expect.objectContaining({ profileId: placed!.profileId, value: 99.5 }),
  ])

  const lone = await connectShop('lone')
  await deliver(lone, 'refunds/create', fixture('refunds-create'), { id: 'wh-lone' })
  for (let i = 1; i <= 8; i++) {
    setQueueClock(i * 10 * 60_000)
    try {
      await runJobsUntilIdle()
    } finally {
      setQueueClock(null)
    }
  }
  expect(await deliveries(lone.companyId)).toEqual([
    expect.objectContaining({ status: 'ignored', reason: expect.stringContaining('is unknown and names no buyer') }),
  ])
  expect(await events(lone.companyId)).toHaveLength(0)
})

test('checkouts/create and /update → one Started Checkout (the abandoned-checkout trigger) with its recovery URL', async () => {
  const s = await connectShop('co')
  await deliver(s, 'checkouts/create', fixture('checkouts-create'))
  await deliver(
    s,
    'checkouts/update',
    fixture('checkouts-create').replace('"2026-05-09T20:05:00-04:00"', '"2026-05-09T20:10:00-04:00"'),
  )
  const all = await events(s.companyId)
  expect(all).toHaveLength(1)
  expect(all[0]).toMatchObject({
    metric: { name: 'Started Checkout', integration: 'shopify' },
    value: 39.98,
    uniqueId: '123123123',
    ts: Date.parse('2026-05-09T20:00:00-04:00') / 1000,
    profile: { email: 'example@example.com', firstName: 'John', lastName: 'Smith' },
  })
  expect(props(all[0]!).CheckoutURL).toBe(
    'https://checkout.local/548380009/checkouts/123123123/recover?key=example-secret-token',
  )
})

test('customers/create → the profile with email and SMS consent (opt-in level and time); newer store unsubscribes apply, older ones never downgrade', async () => {
  const s = await connectShop('cust')
  await deliver(s, 'customers/create', fixture('customers-create'))
  const p = (await db.profile.findFirst({ where: { companyId: s.companyId, email: 'bob@biller.com' } }))!
  expect(p).toMatchObject({
    phoneNumber: '+14155550123',
    firstName: 'Bob',
    lastName: 'Biller',
    city: 'Ottawa',
    country: 'Canada',
  })
  const consent = () =>
    db.profileConsent.findMany({ where: { companyId: s.companyId, profileId: p.id }, orderBy: { channel: 'asc' } })
  expect((await consent()).map((c) => [c.channel, c.status, c.source, c.consentedAt?.toISOString()])).toEqual([
    ['email_marketing', 'subscribed', 'confirmed_opt_in', '2026-05-01T13:00:00.000Z'],
    ['sms_marketing', 'subscribed', 'single_opt_in', '2026-05-01T13:00:00.000Z'],
  ])
  // The merchant's own newer opt-in for SMS (in the product, now) outranks the store's older unsubscribe.
  await setConsent(s.companyId, p.id, 'sms_marketing', 'subscribed', { method: 'API' })
  await deliver(s, 'customers/email_marketing_consent_update', fixture('customers-email-marketing-consent-update'))
  await deliver(s, 'customers/marketing_consent_update', fixture('customers-marketing-consent-update'))
  expect((await consent()).map((c) => [c.channel, c.status])).toEqual([
    ['email_marketing', 'unsubscribed'],
    ['sms_marketing', 'subscribed'],
  ])
  expect(
    await db.suppression.count({
      where: { companyId: s.companyId, profileId: p.id, channel: 'email', reason: 'unsubscribed', clearedAt: null },
    }),
  ).toBe(1)
})

test('products/create|update, inventory_levels/update and products/delete → catalog item, variants, inventory change (back in stock), price change (price drop), delete', async () => {
  const s = await connectShop('cat')
  await deliver(s, 'products/create', fixture('products-create'))
  const item = (await db.catalogItem.findFirst({
    where: { companyId: s.companyId, externalId: '788032119674292922' },
  }))!
  expect(item).toMatchObject({
    title: 'Example T-Shirt',
    price: 19.99,
    url: `https://${s.shop}/products/example-t-shirt`,
    imageFullUrl: 'https://cdn.shopify.com/s/files/1/example-t-shirt.jpg',
    published: true,
  })
  const variants = await db.catalogVariant.findMany({
    where: { companyId: s.companyId, itemId: item.id },
    orderBy: { sku: 'asc' },
  })
  expect(variants.map((v) => [v.externalId, v.sku, v.price, v.inventoryQuantity])).toEqual([
    ['757650484644203962', 'EX-TS-M', 19.99, 12],
    ['642667041472713922', 'EX-TS-S', 19.99, 0],
  ])
  await deliver(s, 'inventory_levels/update', fixture('inventory-levels-update'))
  expect(
    (await db.catalogVariant.findFirst({ where: { companyId: s.companyId, externalId: '642667041472713922' } }))!
      .inventoryQuantity,
  ).toBe(6)
  expect(
    await db.catalogChange.findMany({
      where: { companyId: s.companyId },
      select: { kind: true, oldValue: true, newValue: true },
    }),
  ).toEqual([{ kind: 'inventory', oldValue: 0, newValue: 6 }])
  // products/update with a lower price: the price drop is recorded for the catalog's reactions.
  await deliver(s, 'products/update', fixture('products-create').replaceAll('"price": "19.99"', '"price": "14.99"'))
  expect((await db.catalogItem.findFirst({ where: { id: item.id } }))!.price).toBe(14.99)
  expect(
    await db.catalogChange.count({
      where: { companyId: s.companyId, kind: 'price', oldValue: 19.99, newValue: 14.99 },
    }),
  ).toBeGreaterThanOrEqual(1)
  // A later order names the product: its line gets the catalog's URL, image and category.
  await deliver(
    s,
    'orders/create',
    fixture('orders-create').replace('"product_id": 632910392', '"product_id": 788032119674292922'),
  )
  const [placed] = await events(s.companyId, 'Placed Order')
  expect((props(placed!).Items as Array<Record<string, unknown>>)[0]).toMatchObject({
    ProductURL: `https://${s.shop}/products/example-t-shirt`,
    ImageURL: 'https://cdn.shopify.com/s/files/1/example-t-shirt.jpg',
    Categories: ['Shirts'],
  })
  await deliver(s, 'products/delete', fixture('products-delete'))
  expect(await db.catalogItem.count({ where: { companyId: s.companyId } })).toBe(0)
  expect(await db.catalogVariant.count({ where: { companyId: s.companyId } })).toBe(0)
})

test('app/uninstalled marks the connection disconnected; later deliveries are stored as ignored', async () => {
  const s = await connectShop('bye')
  await deliver(s, 'app/uninstalled', fixture('app-uninstalled'))
  expect(await db.integration.findUnique({ where: { id: s.integrationId } })).toMatchObject({ status: 'disconnected' })
  await deliver(s, 'orders/create', fixture('orders-create'), { id: 'wh-late' })
  expect((await deliveries(s.companyId)).at(-1)).toMatchObject({
    deliveryId: 'wh-late',
    status: 'ignored',
    reason: 'The connection is disconnected.',
  })
  expect(await events(s.companyId)).toHaveLength(0)
})

test('revenue of a Shopify order goes to the email the buyer clicked', async () => {
  const s = await connectShop('attr')
  const [first] = await ingestEvents(s.companyId, [
    {
      metric: { name: 'Signed Up' },
      profile: { email: 'jon@example.com' },
      time: new Date((ORDER_TS - 30 * 86400) * 1000),
    },
  ])
  const campaignId = `camp-${s.companyId}`
  await db.campaign.create({ data: { id: campaignId, companyId: s.companyId, name: 'Spring', channel: 'email' } })
  await db.campaignMessage.create({
    data: { id: `m-${campaignId}`, companyId: s.companyId, campaignId, channel: 'email' },
  })
  await inWriteTx(() =>
    recordMessageEventOps({
      companyId: s.companyId,
      profileId: first!.profileId,
      metric: MESSAGE_METRICS.email.clicked,
      sendId: `send-${s.companyId}`,
      at: new Date((ORDER_TS - 2 * 86400) * 1000),
      properties: { channel: 'email', $message: `m-${campaignId}`, $source_type: 'campaign_message' },
    }),
  )
  await deliver(s, 'orders/create', fixture('orders-create'))
  const [placed] = await events(s.companyId, 'Placed Order')
  expect(placed!.profileId).toBe(first!.profileId)
  expect(await db.eventAttribution.findUnique({ where: { eventId: placed!.id } })).toMatchObject({
    companyId: s.companyId,
    campaignId,
    messageId: `m-${campaignId}`,
    channel: 'email',
    touch: 'click',
    value: 403,
    ts: ORDER_TS,
  })
})

test('bulk order ingest (the historical syncs): each order on its own; no buyer skipped, a bad order reported, a repeat a duplicate', async () => {
  const s = await connectShop('bulk')
  const { ingestPlacedOrders } = await import('@/lib/integrations/commerce/ingest')
  const { mapShopifyOrder } = await import('@/lib/integrations/shopify/webhooks/map-order')
  const { parseShopifyJson } = await import('@/lib/integrations/shopify/webhooks/parse-body')
  const order = mapShopifyOrder(parseShopifyJson(fixture('orders-create')))!
  const noBuyer = { ...order, id: 'o-nobuyer', customer: null }
  const tooOld = { ...order, id: 'o-old', createdAt: '1970-01-02T00:00:00Z', updatedAt: null }
  const out = await ingestPlacedOrders({ companyId: s.companyId, provider: 'shopify' }, [order, noBuyer, tooOld, order])
  expect(out).toMatchObject({
    events: 3,
    duplicates: 3,
    skipped: 1,
    failed: [{ orderId: 'o-old', reason: expect.any(String) }],
  })
  expect((await events(s.companyId)).map((e) => [e.metric.name, e.uniqueId])).toEqual([
    ['Placed Order', ORDER_ID],
    ['Ordered Product', `${ORDER_ID}:866550311766439020`],
    ['Ordered Product', `${ORDER_ID}:141249953214522974`],
  ])
})

test("the request gate lets Shopify's POST through to the handler and answers other methods 405", async () => {
  const { NextRequest } = await import('next/server')
  const { proxy } = await import('@/proxy')
  const gate = (method: string) =>
    proxy(
      new NextRequest(new URL('/webhooks/shopify', 'http://localhost:3000'), {
        method,
        headers: { 'content-type': 'application/json', 'x-shopify-topic': 'orders/create' },
      }),
    )
  const post = await gate('POST')
  expect(post.status).toBe(200)
  expect(post.headers.get('x-middleware-next')).toBe('1')
  expect((await gate('GET')).status).toBe(405)
})

test('an order without any buyer email or phone (a POS sale) is ignored at once with the reason, not retried', async () => {
  const s = await connectShop('pos')
  const order = JSON.parse(fixture('orders-create').replace(/"(\w*_)?id": (\d{16,})/g, '"$1id": "$2"')) as Record<
    string,
    unknown
  >
  const body = JSON.stringify({
    ...order,
    email: null,
    contact_email: null,
    phone: null,
    customer: null,
    billing_address: null,
  })
  await deliver(s, 'orders/create', body, { id: 'wh-pos' })
  expect(await deliveries(s.companyId)).toEqual([
    expect.objectContaining({ status: 'ignored', reason: expect.stringContaining('names no buyer') }),
  ])
  expect(
    await db.job.count({
      where: { companyId: s.companyId, type: 'integrations.delivery', status: { in: ['queued', 'running'] } },
    }),
  ).toBe(0)
})
