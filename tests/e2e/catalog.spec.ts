// The catalog in a real browser (issue 11, K4): a fresh account adds an item on /catalog/items
// (the "Add item" form over K1's /ajax), turns on a back-in-stock flow (the template, then live),
// a shopper subscribes to the sold-out variant through /client/back-in-stock-subscriptions with the
// company's public key, the inventory goes up (K1's /ajax variant PATCH: a CatalogChange and the
// 'catalog.changes' job), and the notification shows in the sent-messages viewer (the local outbox).
import { randomBytes } from 'node:crypto'
import { test, expect, type Page } from '@playwright/test'
import { snap, givePostalAddress, csrf, signUpFreshTenant } from './helpers'

const registerAndSignIn = (page: Page) =>
  signUpFreshTenant(page, { emailPrefix: 'catalog', companyName: 'Catalog Goods', firstName: 'Cat', lastName: 'Alog' })

// The flow comes from the back-in-stock template, whose alert email starts as a draft: turning the
// flow live asks whether to set its draft steps live too (without that, the alert never sends).
test('add an item, subscribe to back in stock through /client, restock it and find the notification', async ({
  page,
}) => {
  test.setTimeout(180_000)
  await registerAndSignIn(page)
  await givePostalAddress(page)
  const headers = { 'X-CSRFToken': await csrf(page) }

  // The empty catalog says what to do.
  await page.goto('/catalog/items')
  await expect(page.getByText('Your catalog is empty')).toBeVisible()
  await snap(page, 'catalog-items-empty')

  // Add an item (and its first variant, sold out) on the screen.
  const ext = `E2E-${randomBytes(3).toString('hex')}`
  await page.getByRole('link', { name: 'Add item' }).first().click()
  await page.waitForLoadState('networkidle')
  const form = page.getByRole('form', { name: 'Add item' })
  await form.locator('input[name=externalId]').fill(ext)
  await form.locator('input[name=title]').fill('E2E Trail Mug')
  await form.locator('input[name=url]').fill('https://shop.example/products/e2e-trail-mug')
  await form.locator('input[name=price]').fill('19')
  await form.locator('input[name=inventory]').fill('0')
  await form.getByRole('button', { name: 'Save' }).click()
  // A refusal would show as an alert on the form: say what it was rather than only that the URL stayed.
  await expect(page)
    .toHaveURL(/\/catalog\/item\//, { timeout: 30_000 })
    .catch(async (e) => {
      const alert = await form
        .getByRole('alert')
        .textContent()
        .catch(() => null)
      throw new Error(`Saving the item did not open its page${alert ? `: ${alert}` : ''}`, { cause: e })
    })
  await expect(page.getByRole('heading', { name: 'E2E Trail Mug' })).toBeVisible()
  // Prices carry the store's currency (a new account's is USD), not a bare 19.00.
  await expect(page.getByText('$19.00').first()).toBeVisible()
  await snap(page, 'catalog-item')
  await page.locator('a[href^="/catalog/variant/"]').first().click()
  await expect(page).toHaveURL(/\/catalog\/variant\//)
  const variantId = page.url().split('/catalog/variant/')[1]!

  // The back-in-stock flow from its template, live.
  const flowRes = await page.request.post('/ajax/flows/create', {
    data: { name: 'Back in stock', templateKey: 'back_in_stock' },
    headers,
  })
  expect(flowRes.ok(), await flowRes.text()).toBeTruthy()
  const flowBody = await flowRes.json()
  const flowId: string = flowBody.flow?.id ?? flowBody.flowId ?? flowBody.id
  await page.goto(`/flow/${flowId}/edit`)
  await expect(page.getByTestId('flow-builder')).toBeVisible({ timeout: 30_000 })
  await page.getByTestId('flow-status').selectOption('live')
  await page.getByRole('dialog', { name: 'Set the flow to Live?' }).getByTestId('status-all-steps').click()
  await expect(page.getByTestId('flow-status')).toHaveValue('live', { timeout: 30_000 })

  // A shopper subscribes through /client with the company's public key (shown on the dashboard).
  await page.goto('/dashboard')
  const publicKey = (await page.locator('dd code').first().textContent())?.trim() ?? ''
  expect(publicKey.length).toBeGreaterThan(3)
  const shopper = `bis-${randomBytes(4).toString('hex')}@example.test`
  const sub = await page.request.post(
    `/client/back-in-stock-subscriptions?company_id=${encodeURIComponent(publicKey)}`,
    {
      headers: { revision: '2026-07-15', 'Content-Type': 'application/vnd.api+json' },
      data: {
        data: {
          type: 'back-in-stock-subscription',
          attributes: {
            channels: ['EMAIL'],
            profile: { data: { type: 'profile', attributes: { email: shopper } } },
          },
          relationships: { variant: { data: { type: 'catalog-variant', id: `$custom:::$default:::${ext}-1` } } },
        },
      },
    },
  )
  expect(sub.status(), await sub.text()).toBe(202)

  // Restock: inventory 0 → 25.
  const patch = await page.request.patch(`/ajax/catalog-new/variants/${variantId}`, {
    data: { inventoryQuantity: 25 },
    headers,
  })
  expect(patch.ok(), await patch.text()).toBeTruthy()
  await page.goto(`/catalog/variant/${variantId}`)
  await expect(page.locator('dd', { hasText: /^25$/ })).toBeVisible()

  // The notification in the sent-messages viewer.
  // The outbox list loads after the page: count its rows once the page has settled (counting at
  // once raced the list's fetch and found nothing for tens of seconds).
  await expect
    .poll(
      async () => {
        await page.goto('/settings/email/outbox')
        await page.waitForLoadState('networkidle')
        return page.getByRole('row').filter({ hasText: shopper }).count()
      },
      { timeout: 90_000, intervals: [1_000] },
    )
    .toBeGreaterThan(0)
  await snap(page, 'catalog-bis-sent')
})
