/** @jest-environment node */
// New orders in a burst (issue 21 §6): the delivery job claims up to 50 deliveries and writes the
// leading orders/create deliveries of every shop in one ingest transaction. Each delivery must end
// as the one-by-one path would have left it: two shops' orders in their own accounts, a duplicated
// order stored once, an order without a buyer ignored with the reason, a payload that is no order
// ignored, and a shop's later order behind another topic processed after it (the shop's order of
// deliveries holds).
import fs from 'node:fs'
import path from 'node:path'
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
import { POST } from '@/app/webhooks/shopify/route'
import { sealSecret } from '@/lib/crypto/secret-box'
import { db } from '@/lib/db/client'
import { runJobsUntilIdle } from '@/lib/jobs/queue'
import { shopifyHmac } from '@/lib/integrations/shopify/webhooks/verify-hmac'
import { makeCompany } from '../helpers/factory'

const ORDER = fs.readFileSync(path.join(__dirname, '../fixtures/shopify/orders-create.json'), 'utf8')
const CUSTOMER = fs.readFileSync(path.join(__dirname, '../fixtures/shopify/customers-create.json'), 'utf8')
const ORDER_ID = '820982911946154508'
let n = 0

async function connectShop(tag: string) {
  const companyId = (await makeCompany()).id
  const shop = `${tag}-${++n}.myshopify.com`
  const secret = `secret-${tag}-${n}`
  const integrationId = `int-batch-${tag}-${n}`
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
  return { companyId, shop, secret }
}

async function send(s: { shop: string; secret: string }, topic: string, body: string, id: string) {
  const res = await POST(
    new Request('http://localhost/webhooks/shopify', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-shopify-topic': topic,
        'x-shopify-shop-domain': s.shop,
        'x-shopify-webhook-id': id,
        'x-shopify-hmac-sha256': shopifyHmac(s.secret, body),
      },
      body,
    }),
  )
  expect(res.status).toBe(200)
}

const CUSTOMER_ID = '115310627314723954'
// Each order its own buyer (the customer id and phone number are a profile's identity too).
const order = (id: string, email: string) =>
  ORDER.replaceAll(ORDER_ID, id)
    .replaceAll(CUSTOMER_ID, `9${id}`)
    .replaceAll('+16135550142', `+1613555${id}`)
    .replaceAll('jon@example.com', email)
function buyerless(id: string): string {
  const o = JSON.parse(order(id, 'x@example.com')) as Record<string, unknown>
  for (const k of ['customer', 'email', 'contact_email', 'phone', 'billing_address', 'shipping_address']) o[k] = null
  return JSON.stringify(o)
}

test('a burst of orders/create from two shops, claimed at once, ends as one by one would', async () => {
  const a = await connectShop('a')
  const b = await connectShop('b')
  await send(a, 'orders/create', order('1001', 'ann@example.com'), 'a-1')
  await send(b, 'orders/create', order('2001', 'bob@example.com'), 'b-1')
  await send(a, 'orders/create', order('1001', 'ann@example.com'), 'a-1-again') // Shopify duplicates
  await send(a, 'orders/create', buyerless('1002'), 'a-2')
  await send(b, 'orders/create', JSON.stringify({ id: 'not an order' }), 'b-2')
  await send(a, 'customers/create', CUSTOMER, 'a-3')
  await send(a, 'orders/create', order('1003', 'cy@example.com'), 'a-4') // behind a customer: after it

  await runJobsUntilIdle()

  const placed = async (companyId: number) =>
    (
      await db.event.findMany({
        where: { companyId, metric: { name: 'Placed Order' } },
        include: { profile: true },
        orderBy: { uniqueId: 'asc' },
      })
    ).map((e) => [e.uniqueId, e.profile.email])
  expect(await placed(a.companyId)).toEqual([
    ['1001', 'ann@example.com'],
    ['1003', 'cy@example.com'],
  ])
  expect(await placed(b.companyId)).toEqual([['2001', 'bob@example.com']])
  const lines = await db.event.count({ where: { companyId: a.companyId, metric: { name: 'Ordered Product' } } })
  expect(lines).toBe(4)

  // The buyers' consent from their orders, written together for the burst.
  const consent = async (companyId: number) =>
    (
      await db.profileConsent.findMany({
        where: { companyId, channel: 'email_marketing' },
        include: { profile: true },
        orderBy: { profile: { email: 'asc' } },
      })
    ).map((c) => [c.profile.email, c.status, c.method])
  expect(await consent(a.companyId)).toEqual(
    expect.arrayContaining([
      ['ann@example.com', 'subscribed', 'SHOPIFY'],
      ['cy@example.com', 'subscribed', 'SHOPIFY'],
    ]),
  )
  expect(await consent(b.companyId)).toEqual([['bob@example.com', 'subscribed', 'SHOPIFY']])

  const outcome = async (companyId: number) =>
    (await db.integrationDelivery.findMany({ where: { companyId }, orderBy: { id: 'asc' } })).map((d) => [
      d.deliveryId,
      d.status,
      d.reason,
    ])
  expect(await outcome(a.companyId)).toEqual([
    ['a-1', 'processed', null],
    ['a-1-again', 'processed', null],
    ['a-2', 'ignored', 'Order 1002 names no buyer with an email or phone number.'],
    ['a-3', 'processed', null],
    ['a-4', 'processed', null],
  ])
  expect(await outcome(b.companyId)).toEqual([
    ['b-1', 'processed', null],
    ['b-2', 'ignored', 'The orders/create payload is not what Shopify documents for the topic.'],
  ])
})

test('deliveries arriving together are group-committed, each answered for itself, a repeat among them a duplicate', async () => {
  const a = await connectShop('g')
  const post = (body: string, id: string) =>
    POST(
      new Request('http://localhost/webhooks/shopify', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-shopify-topic': 'orders/create',
          'x-shopify-shop-domain': a.shop,
          'x-shopify-webhook-id': id,
          'x-shopify-hmac-sha256': shopifyHmac(a.secret, body),
        },
        body,
      }),
    )
  const bodies = Array.from({ length: 12 }, (_, i) => order(String(3000 + i), `g${i}@example.com`))
  // Sent at once: one group commit; the last two repeat deliveries already in it.
  const answers = await Promise.all([
    ...bodies.map((b, i) => post(b, `g-${i}`)),
    post(bodies[0]!, 'g-0'),
    post(bodies[1]!, 'g-1'),
  ])
  const json = await Promise.all(answers.map((r) => r.json() as Promise<{ duplicate: boolean }>))
  expect(answers.every((r) => r.status === 200)).toBe(true)
  // Whichever of a repeated pair is recorded first is the new one, the other the duplicate.
  const dup = json.map((j) => j.duplicate)
  expect(dup.slice(2, 12).every((d) => !d)).toBe(true)
  expect([dup[0], dup[12]].filter(Boolean)).toHaveLength(1)
  expect([dup[1], dup[13]].filter(Boolean)).toHaveLength(1)
  expect(await db.integrationDelivery.count({ where: { companyId: a.companyId } })).toBe(12)

  await runJobsUntilIdle()
  expect(await db.event.count({ where: { companyId: a.companyId, metric: { name: 'Placed Order' } } })).toBe(12)
})
