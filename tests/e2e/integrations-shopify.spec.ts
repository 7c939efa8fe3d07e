// Store integration in a real browser (issue 21 §1, Tests): a fresh account connects a shop on
// /integration/shopify against the local Shopify stand-in (tests/helpers/shopify-standin.ts, a
// real HTTP server speaking the Admin GraphQL API), starts the historical sync and watches its
// progress bars finish, then opens a buyer's profile and sees the synced orders on the timeline.
// The server reaches the stand-in through SHOPIFY_API_BASE_URL, which playwright.config.ts sets
// to 127.0.0.1:E2E_SHOPIFY_PORT (3291) with PROVIDERS_ALLOW_PRIVATE=1; this spec starts the
// stand-in on that port.
import { randomBytes } from 'node:crypto'
import { test, expect, type Page } from '@playwright/test'
import { startShopifyStandIn, type ShopifyStandIn } from '../helpers/shopify-standin'
import { snap, csrf, signUpFreshTenant } from './helpers'

const STANDIN_PORT = Number(process.env.E2E_SHOPIFY_PORT ?? 3291)
const ORDERS = 12
const CUSTOMERS = 4
const PRODUCTS = 5

let standin: ShopifyStandIn

test.beforeAll(async () => {
  // A shop of its own per run: a shop is connected to one account at a time.
  standin = await startShopifyStandIn({
    shop: `e2e-${randomBytes(4).toString('hex')}.myshopify.com`,
    accessToken: 'shpat_e2e_standin',
    orders: ORDERS,
    customers: CUSTOMERS,
    products: PRODUCTS,
    spreadDays: 20,
    port: STANDIN_PORT,
  })
})

test.afterAll(async () => {
  await standin?.close()
})

const registerAndSignIn = (page: Page) =>
  signUpFreshTenant(page, { emailPrefix: 'shopify', companyName: 'Shopify E2E', firstName: 'Sho', lastName: 'Pify' })

test('connect a shop against the stand-in, watch the sync finish, see the orders on a profile', async ({ page }) => {
  test.setTimeout(180_000)
  await registerAndSignIn(page)

  await page.goto('/integration/shopify')
  await page.getByLabel('Shop domain', { exact: true }).fill(standin.shop)
  await page.getByLabel('Admin API access token', { exact: true }).fill(standin.accessToken)
  await page.getByLabel('Client secret', { exact: true }).fill('e2e-client-secret')
  await page.getByTestId('shopify-connect').click()
  // Connected: the token was checked with a call to the shop and the webhooks registered there.
  await expect(page.getByTestId('shopify-disconnect')).toBeVisible({ timeout: 30_000 })
  await expect(page.getByText(standin.shop).first()).toBeVisible()
  await expect.poll(() => standin.webhooks.length, { timeout: 30_000 }).toBeGreaterThan(0)

  await page.getByLabel('Days to sync', { exact: true }).fill('90')
  await page.getByTestId('shopify-sync-start').click()
  const progress = page.getByRole('list', { name: 'Sync progress' })
  await expect(progress).toBeVisible({ timeout: 15_000 })
  // The panel polls while the in-process worker runs the page jobs: every bar reaches 100 %.
  for (const [resource, total] of [
    ['Products', PRODUCTS],
    ['Customers', CUSTOMERS],
    ['Orders', ORDERS],
  ] as const) {
    const row = progress.getByRole('listitem').filter({ has: page.getByRole('progressbar', { name: resource }) })
    await expect(row.getByRole('progressbar', { name: resource })).toHaveAttribute('aria-valuenow', '100', {
      timeout: 90_000,
    })
    await expect(row).toContainText(`${total} of ${total}`)
    await expect(row).toContainText('Done')
  }
  await snap(page, 'shopify-sync-done')

  // The first customer bought orders 1, 5 and 9 (the stand-in deals orders round the customers).
  const buyer = standin.customers[0]!.email as string
  const keyRes = await page.request.post('/ajax/account/private-api-key/create', {
    data: { label: 'E2E Shopify' },
    headers: { 'X-CSRFToken': await csrf(page) },
  })
  expect(keyRes.ok(), await keyRes.text()).toBeTruthy()
  const keyBody = await keyRes.json()
  const key: string = keyBody.key ?? keyBody.data?.key ?? keyBody.apiKey?.key
  expect(key).toMatch(/^pk_/)
  let profileId: string | undefined
  await expect
    .poll(
      async () => {
        const res = await page.request.get(`/api/profiles?filter=${encodeURIComponent(`equals(email,"${buyer}")`)}`, {
          headers: { Authorization: `Klaviyo-API-Key ${key}`, revision: '2026-07-15' },
        })
        profileId = (await res.json()).data?.[0]?.id
        return profileId
      },
      { timeout: 15_000 },
    )
    .toBeTruthy()

  await page.goto(`/profile/${profileId}`)
  const timeline = page.getByTestId('profile-timeline')
  const placed = timeline.locator('[data-testid="timeline-event"][data-metric="Placed Order"]')
  await expect(placed).toHaveCount(Math.ceil(ORDERS / CUSTOMERS), { timeout: 15_000 })
  await expect(timeline.locator('[data-testid="timeline-event"][data-metric="Ordered Product"]').first()).toBeVisible()
  await snap(page, 'shopify-profile-orders')
})
