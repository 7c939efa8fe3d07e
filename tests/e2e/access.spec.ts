import { test, expect } from '@playwright/test'
import { signIn, snap } from './helpers'

test('the analyst gets the no-access screen (403) on user management and billing', async ({ page }) => {
  await signIn(page, 'analyst@demo.test')
  const res = await page.goto('/settings/account/users')
  expect(res?.status()).toBe(403)
  await expect(page.getByTestId('no-access-screen')).toBeVisible()
  await snap(page, 'no-access')
  const billing = await page.goto('/settings/billing/overview')
  expect(billing?.status()).toBe(403)
  const flows = await page.goto('/flows')
  expect(flows?.status()).toBe(200)
})

test('an unknown path shows the not-found screen with 404', async ({ page }) => {
  await signIn(page, 'owner@demo.test')
  const res = await page.goto('/no/such/page')
  expect(res?.status()).toBe(404)
  await expect(page.getByTestId('not-found-screen')).toBeVisible()
  await snap(page, 'not-found')
})

test('an address that is no screen answers 404 with ways onward', async ({ page }) => {
  await signIn(page, 'owner@demo.test')
  // Every route of the registry has its screen now (the customer agent's overview was the last
  // example of the shared not-available screen).
  const res = await page.goto('/no-such-page')
  expect(res?.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1 })).toContainText('find that page')
  await expect(page.getByRole('link', { name: 'Go to your dashboard' })).toBeVisible()
  const agent = await page.goto('/kagent/overview')
  expect(agent?.status()).toBe(200)
  await expect(page.getByTestId('not-available-screen')).toHaveCount(0)
})

test('fixed redirects', async ({ page }) => {
  await signIn(page, 'owner@demo.test')
  await page.goto('/dashboard-templates')
  await expect(page).toHaveURL(/\/dashboard$/)
})

test('settings are reachable from the sidebar, and an analyst opens its own security settings (issue 30 §1, §7)', async ({
  page,
}) => {
  await signIn(page, 'owner@demo.test')
  await page.goto('/dashboard')
  const sidebar = page.getByTestId('app-sidebar')
  await sidebar.getByRole('link', { name: 'Settings', exact: true }).click()
  await expect(page).toHaveURL(/\/settings\/account\/organization/)
  await sidebar.getByRole('link', { name: 'Users', exact: true }).click()
  await expect(page).toHaveURL(/\/settings\/account\/users/)
  await expect(sidebar.getByRole('link', { name: 'Users', exact: true })).toHaveAttribute('aria-current', 'page')
  await snap(page, 'settings-nav-owner')

  await page.context().clearCookies()
  await signIn(page, 'analyst@demo.test')
  await page.goto('/dashboard')
  await sidebar.getByRole('link', { name: 'Settings', exact: true }).click()
  await expect(sidebar.getByRole('link', { name: 'Users', exact: true })).toHaveCount(0)
  await sidebar.getByRole('link', { name: 'Security', exact: true }).click()
  await expect(page).toHaveURL(/\/settings\/account\/security/)
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible()
})
