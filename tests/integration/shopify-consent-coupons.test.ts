/** @jest-environment node */
// Two-way consent and coupon push against the local Shopify stand-in: an unsubscribe in the
// product queues a job in the same transaction that unsubscribes the shop's customer (retried
// while Shopify is down; nothing queued when the connection's writeBackConsent is off, nothing
// written when the profile resubscribed first); a Shopify coupon's codes become discount codes
// once, whatever the retries; other coupons and other companies are refused.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
import { randomUUID } from 'node:crypto'
import { db } from '@/lib/db/client'
import { inWriteTx } from '@/lib/db/ops'
import { jobQueue, runJobsUntilIdle } from '@/lib/jobs/queue'
import { setQueueClock } from '@/lib/jobs/clock'
import { unsubscribeEmailOps } from '@/lib/messaging/unsubscribe/unsubscribe-email'
import { setConsent } from '@/lib/profiles/consent'
import { createCode, createCoupon } from '@/lib/coupons/store'
import { disconnectConnection, saveConnection, updateConnection } from '@/lib/integrations/connections'
import { queueConsentWriteBackOps } from '@/lib/integrations/shopify/consent-write-back'
import { pushCoupon, queueCouponPush } from '@/lib/integrations/shopify/push-coupon'
import { startShopifyStandIn, type ShopifyStandIn } from '../helpers/shopify-standin'
import { makeCompany } from '../helpers/factory'

let standin: ShopifyStandIn
beforeAll(async () => {
  // Connecting a shop queues its webhook check, which installs the queue on PostgreSQL; these
  // tests store the connection directly.
  await jobQueue().prepare()
  standin = await startShopifyStandIn({
    shop: 'consent-test.myshopify.com',
    accessToken: 'shpat_c',
    orders: 0,
    customers: 5,
    products: 1,
  })
  process.env.SHOPIFY_API_BASE_URL = standin.apiBase
  jest.spyOn(console, 'error').mockImplementation(() => {})
})
afterAll(() => standin.close())
afterEach(() => setQueueClock(null))

async function connect() {
  for (const c of await db.integration.findMany({ where: { externalKey: standin.shop } }))
    await disconnectConnection(c.companyId, c.id)
  const companyId = (await makeCompany()).id
  const conn = await saveConnection({
    companyId,
    key: 'shopify',
    externalKey: standin.shop,
    credentials: { accessToken: 'shpat_c', clientSecret: 's' },
  })
  return { companyId, conn }
}
async function profile(companyId: number, email: string) {
  return db.profile.create({ data: { id: randomUUID(), companyId, email } })
}
const unsubscribe = (companyId: number, profileId: string) =>
  inWriteTx(() =>
    unsubscribeEmailOps(
      { companyId, profileId, sendId: null },
      { method: 'UNSUBSCRIBE_PAGE', source: null },
      new Date(),
    ),
  )

test("an unsubscribe is written back to the customer's email marketing consent, retried while Shopify is down", async () => {
  const { companyId } = await connect()
  const p = await profile(companyId, 'buyer2@standin.example')
  standin.failNext(1)
  await unsubscribe(companyId, p.id)
  await runJobsUntilIdle()
  expect(standin.consentUpdates).toHaveLength(0)
  setQueueClock(new Date(Date.now() + 60_000))
  await runJobsUntilIdle()
  expect(standin.consentUpdates).toEqual([
    expect.objectContaining({ customerId: 'gid://shopify/Customer/6000000002', marketingState: 'UNSUBSCRIBED' }),
  ])
  expect(standin.customers[1]!.emailMarketingConsent).toMatchObject({ marketingState: 'UNSUBSCRIBED' })
  // A second unsubscribe of someone already unsubscribed queues nothing.
  await unsubscribe(companyId, p.id)
  await runJobsUntilIdle()
  expect(standin.consentUpdates).toHaveLength(1)
})

test('writeBackConsent off: nothing queued; a resubscribe before the job runs: nothing written; an unknown customer: nothing written', async () => {
  const { companyId, conn } = await connect()
  const before = standin.consentUpdates.length
  await updateConnection(companyId, conn.id, { settings: { writeBackConsent: false } })
  const a = await profile(companyId, 'buyer3@standin.example')
  expect(await inWriteTx(() => queueConsentWriteBackOps(companyId, a.id, new Date()))).toBe(0)
  await unsubscribe(companyId, a.id)

  await updateConnection(companyId, conn.id, { settings: { writeBackConsent: true } })
  const b = await profile(companyId, 'buyer4@standin.example')
  await unsubscribe(companyId, b.id)
  await setConsent(companyId, b.id, 'email_marketing', 'subscribed')
  const c = await profile(companyId, 'nobody@elsewhere.example')
  await unsubscribe(companyId, c.id)
  await runJobsUntilIdle()
  expect(standin.consentUpdates.length).toBe(before)
})

test("coupon push: a Shopify coupon's codes become discount codes once; other coupons, other companies and bad input refused", async () => {
  const { companyId } = await connect()
  await createCoupon(companyId, { externalId: 'SPRING', integrationKey: 'shopify' })
  await createCode(companyId, 'SPRING', { code: 'SPRING-AAA' })
  await createCode(companyId, 'SPRING', { code: 'SPRING-BBB' })
  await queueCouponPush(companyId, 'SPRING', { kind: 'percentage', value: 15 })
  await runJobsUntilIdle()
  const pushed = standin.discounts.filter((d) => String(d.code).startsWith('SPRING-'))
  expect(pushed.map((d) => d.code)).toEqual(['SPRING-AAA', 'SPRING-BBB'])
  expect(pushed[0]).toMatchObject({
    usageLimit: 1,
    customerGets: { value: { percentage: 0.15 }, items: { all: true } },
  })
  // Again (a retry, a second click): the shop's codes are recognised, none created twice.
  const again = await pushCoupon({
    companyId,
    couponExternalId: 'SPRING',
    discount: { kind: 'percentage', value: 15, oncePerCustomer: true },
  })
  expect(again).toEqual({ created: 0, existing: 2, failed: [] })
  expect(standin.discounts.filter((d) => String(d.code).startsWith('SPRING-'))).toHaveLength(2)

  await createCoupon(companyId, { externalId: 'CUSTOM' })
  await expect(queueCouponPush(companyId, 'CUSTOM', { kind: 'percentage', value: 10 })).rejects.toMatchObject({
    status: 400,
    fieldErrors: { coupon: expect.any(Array) },
  })
  await expect(queueCouponPush(companyId, 'SPRING', { kind: 'percentage', value: 150 })).rejects.toMatchObject({
    name: 'ZodError',
  })
  const other = (await makeCompany()).id
  await expect(queueCouponPush(other, 'SPRING', { kind: 'percentage', value: 10 })).rejects.toMatchObject({
    status: 404,
  })
})
