/** @jest-environment node */
// Connecting a shop against the local Shopify stand-in: the token checked with a shop query (a
// refused token or an unknown shop is a field error, nothing stored), credentials sealed at rest,
// every handled topic registered at APP_URL's /webhooks/shopify, a missing subscription
// re-created by the periodic check, and one company never seeing another's connection.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
import { db } from '@/lib/db/client'
import { getJob } from '@/lib/jobs/queue'
import { AppError } from '@/lib/errors/app-error'
import { connectShop } from '@/lib/integrations/shopify/connect'
import {
  connectionCredentials,
  getConnection,
  getConnectionByKey,
  listConnections,
  disconnectConnection,
} from '@/lib/integrations/connections'
import {
  runWebhooksCheck,
  scheduleWebhooksCheck,
  WEBHOOKS_CHECK_JOB,
} from '@/lib/integrations/shopify/webhook-registrations'
import { SHOPIFY_TOPICS } from '@/lib/integrations/shopify/webhooks/topics'
import { parseShopDomain } from '@/lib/integrations/shopify/shop-domain'
import { startShopifyStandIn, type ShopifyStandIn } from '../helpers/shopify-standin'
import { makeCompany } from '../helpers/factory'

let standin: ShopifyStandIn
beforeAll(async () => {
  standin = await startShopifyStandIn({ shop: 'connect-test.myshopify.com', accessToken: 'shpat_good' })
  process.env.SHOPIFY_API_BASE_URL = standin.apiBase
  process.env.APP_URL = 'https://app.example.test'
})
afterAll(() => standin.close())

async function fieldErrors(p: Promise<unknown>): Promise<Record<string, string[]>> {
  const e = await p.then(
    () => null,
    (x: unknown) => x,
  )
  expect(e).toBeInstanceOf(AppError)
  expect((e as AppError).status).toBe(400)
  return (e as AppError).fieldErrors ?? {}
}

test('shop domains: a bare name, a URL and the myshopify host all become the host; others are refused', () => {
  expect(parseShopDomain('My-Shop')).toBe('my-shop.myshopify.com')
  expect(parseShopDomain('https://my-shop.myshopify.com/admin')).toBe('my-shop.myshopify.com')
  expect(parseShopDomain('evil.example.com')).toBeNull()
  expect(parseShopDomain('')).toBeNull()
})

test('a refused token is a field error on accessToken, an unknown shop on shop, empty fields on each; nothing stored', async () => {
  const companyId = (await makeCompany()).id
  expect(
    Object.keys(
      await fieldErrors(
        connectShop(companyId, null, { shop: 'connect-test', accessToken: 'shpat_bad', clientSecret: 's' }),
      ),
    ),
  ).toEqual(['accessToken'])
  expect(
    Object.keys(
      await fieldErrors(
        connectShop(companyId, null, { shop: 'other-shop', accessToken: 'shpat_good', clientSecret: 's' }),
      ),
    ),
  ).toEqual(['shop'])
  expect(
    Object.keys(
      await fieldErrors(connectShop(companyId, null, { shop: 'not a domain!', accessToken: 'x', clientSecret: 's' })),
    ),
  ).toEqual(['shop'])
  const e = await connectShop(companyId, null, { shop: '', accessToken: '', clientSecret: '' }).catch((x) => x)
  expect(e.name).toBe('ZodError')
  expect(await db.integration.count({ where: { companyId } })).toBe(0)
})

test('connect: stored with sealed credentials, every topic registered at /webhooks/shopify; company B sees nothing of it', async () => {
  const a = (await makeCompany()).id
  const b = (await makeCompany()).id
  const conn = await connectShop(a, null, {
    shop: 'https://connect-test.myshopify.com',
    accessToken: 'shpat_good',
    clientSecret: 'client-secret-1',
  })
  expect(conn).toMatchObject({
    companyId: a,
    key: 'shopify',
    externalKey: 'connect-test.myshopify.com',
    status: 'connected',
    lastError: null,
  })
  expect(conn.settings).toMatchObject({ writeBackConsent: true, pushCoupons: true, shopName: 'Stand-in Shop' })
  expect(conn.webhooks.map((w) => w.topic).sort()).toEqual([...SHOPIFY_TOPICS].sort())
  expect(standin.webhooks.map((w) => w.uri)).toEqual(
    SHOPIFY_TOPICS.map(() => 'https://app.example.test/webhooks/shopify'),
  )
  expect(standin.webhooks.map((w) => w.topic)).toContain('ORDERS_CREATE')

  const row = await db.integration.findUniqueOrThrow({ where: { id: conn.id } })
  expect(row.credentials).not.toContain('shpat_good')
  expect(row.credentials).not.toContain('client-secret-1')
  expect(await connectionCredentials(a, conn.id)).toEqual({
    accessToken: 'shpat_good',
    clientSecret: 'client-secret-1',
    webhookSecret: 'client-secret-1',
  })

  expect(await getConnection(b, conn.id)).toBeNull()
  expect(await getConnectionByKey(b, 'shopify')).toBeNull()
  expect(await listConnections(b)).toEqual([])
  expect(await connectionCredentials(b, conn.id)).toBeNull()
  expect(await disconnectConnection(b, conn.id)).toBe(false)
  // The shop belongs to A: B connecting it is refused on the field.
  expect(
    Object.keys(
      await fieldErrors(connectShop(b, null, { shop: 'connect-test', accessToken: 'shpat_good', clientSecret: 'x' })),
    ),
  ).toEqual(['shop'])

  // A periodic check is scheduled, and re-creates a subscription that went missing.
  // (Scheduling again in the same slot returns the job connect queued: one check per slot.)
  const checkId = await scheduleWebhooksCheck(a, conn.id)
  expect(await getJob(checkId, a)).toMatchObject({
    type: WEBHOOKS_CHECK_JOB,
    status: 'queued',
    payload: { companyId: a, integrationId: conn.id },
  })
  expect(await scheduleWebhooksCheck(a, conn.id)).toBe(checkId)
  standin.webhooks.splice(
    standin.webhooks.findIndex((w) => w.topic === 'ORDERS_CREATE'),
    1,
  )
  await runWebhooksCheck({ companyId: a, integrationId: conn.id })
  expect(standin.webhooks.filter((w) => w.topic === 'ORDERS_CREATE')).toHaveLength(1)
  expect(standin.webhooks).toHaveLength(SHOPIFY_TOPICS.length)

  // Reconnecting the same shop adds no second set of subscriptions.
  await connectShop(a, null, { shop: 'connect-test', accessToken: 'shpat_good', clientSecret: 'client-secret-2' })
  expect(standin.webhooks).toHaveLength(SHOPIFY_TOPICS.length)
  expect((await connectionCredentials(a, conn.id))?.clientSecret).toBe('client-secret-2')

  expect(await disconnectConnection(a, conn.id)).toBe(true)
  expect(await getConnection(a, conn.id)).toMatchObject({ status: 'disconnected', webhooks: [] })
  expect(await connectionCredentials(a, conn.id)).toBeNull()
})
