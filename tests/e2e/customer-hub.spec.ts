// The customer hub in a real browser on the demo store (issue 24 §2): the merchant's settings
// show the server's field errors and save, the hub is turned on from get-started, the dashboard
// shows its address, and the shopper's page asks for a code, refuses a wrong one, and fits a phone.
import { test, expect } from '@playwright/test'
import { signIn } from './helpers'

test('returns settings: a field error, then saved', async ({ page }) => {
  await signIn(page, 'owner@demo.test')
  await page.goto('/customer-hub/settings/returns')
  await expect(page.getByRole('heading', { name: 'Returns' })).toBeVisible({ timeout: 20_000 })
  await page.getByLabel('Return window (days)').fill('-1')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: /greater than or equal to 0|>=0/i })
      .first(),
  ).toBeVisible()
  await page.getByLabel('Return window (days)').fill('14')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Settings saved.')).toBeVisible()
  await page.reload()
  await expect(page.getByLabel('Return window (days)')).toHaveValue('14', { timeout: 20_000 })
})

test('turn the hub on, see its address, and the shopper page asks for a code', async ({ page, context }) => {
  await signIn(page, 'owner@demo.test')
  await page.goto('/customer-hub/get-started')
  const toggle = page.getByRole('button', { name: /Turn (on|off) the customer hub/ })
  await expect(toggle).toBeVisible({ timeout: 20_000 })
  if ((await toggle.textContent())?.includes('Turn on')) await toggle.click()
  await expect(page.getByRole('button', { name: 'Turn off the customer hub' })).toBeVisible()
  await page.getByRole('button', { name: 'Check the store installation' }).click()
  await expect(page.getByRole('status')).toBeVisible()

  await page.goto('/customer-hub/dashboard')
  const link = page.getByRole('link', { name: /^\/hub\// })
  await expect(link).toBeVisible({ timeout: 20_000 })
  const hubPath = (await link.textContent())!

  // The shopper: no merchant session involved (a fresh page of a fresh context).
  const shopper = await (await context.browser()!.newContext()).newPage()
  await shopper.goto(hubPath)
  await shopper.getByLabel('Email').fill('someone@example.test')
  await shopper.getByRole('button', { name: 'Email me a code' }).click()
  await expect(shopper.getByText(/a code is on its way/)).toBeVisible()
  await shopper.getByLabel('6-digit code').fill('000000')
  await shopper.getByRole('button', { name: 'Sign in' }).click()
  await expect(shopper.getByText('That code is wrong or has expired.')).toBeVisible()
})

test('the hub page and the dashboard fit a phone', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 })
  await signIn(page, 'owner@demo.test')
  await page.goto('/customer-hub/dashboard')
  await expect(page.getByRole('heading', { name: 'Customer hub' })).toBeVisible({ timeout: 20_000 })
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow).toBeLessThanOrEqual(1)
})
