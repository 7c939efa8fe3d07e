// The issue 27 screens of the data platform and settings in a real browser, each test on a fresh
// tenant: a webhook sync created on /cdp/sync/destinations/webhook (its secret shown once, a
// field error under the endpoint), listed on /cdp/sync beside the destinations that are not
// available, with empty logs and history; the /cdp/intelligence hub's five cards (and a known tab
// still redirecting); event retention saved and shown again after a reload; a test recipient
// added, refused when repeated, and removed; the agent overview's empty state; a second tenant
// sees none of the first one's syncs or recipients.
import { randomBytes } from 'node:crypto'
import { test, expect, type Page } from '@playwright/test'
import { PASSWORD } from './helpers'

const csrf = async (page: Page) => (await page.context().cookies()).find((c) => c.name === 'kl_csrftoken')?.value ?? ''

async function freshTenant(page: Page, name = 'Data Platform') {
  const email = `cdp-${randomBytes(4).toString('hex')}@example.test`
  await page.goto('/login')
  await page.waitForLoadState('networkidle')
  const reg = await page.request.post('/ajax/register', {
    data: { companyName: name, firstName: 'Dana', lastName: 'Data', email, password: PASSWORD, timezone: 'UTC' },
    headers: { 'X-CSRFToken': await csrf(page) },
  })
  expect(reg.status()).toBe(202)
  await page.goto('/login')
  await page.waitForLoadState('networkidle')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: /sign in/i }).click()
  await expect(page).not.toHaveURL(/\/login/)
}

async function makeList(page: Page, name: string) {
  const res = await page.request.post('/ajax/group', {
    data: { name, type: 0 },
    headers: { 'X-CSRFToken': await csrf(page) },
  })
  expect(res.ok()).toBeTruthy()
}

test('a webhook sync is created with its secret shown once and listed on /cdp/sync', async ({ page, browser }) => {
  await freshTenant(page)
  await makeList(page, 'Newsletter')
  await page.goto('/cdp/sync/destinations/webhook')
  await page.getByTestId('sync-new').click()
  const form = page.getByTestId('sync-form')
  await form.getByLabel('Name', { exact: true }).fill('CRM')
  await form.getByLabel('Endpoint URL').fill('ftp://crm.example.test')
  await form.getByLabel(/Newsletter/).check()
  await page.getByTestId('sync-save').click()
  await expect(form.getByText(/must start with https/)).toBeVisible()
  await form.getByLabel('Endpoint URL').fill('https://crm.example.test/in')
  await page.getByTestId('sync-save').click()
  await expect(page.getByTestId('sync-secret')).toContainText('whsec_')
  await page.reload()
  await expect(page.getByTestId('sync-secret')).toHaveCount(0)
  await expect(page.getByText('CRM').first()).toBeVisible()

  await page.goto('/cdp/sync')
  await expect(page.getByRole('link', { name: 'CRM' })).toBeVisible()
  await expect(page.getByText('Not configured')).toHaveCount(2)
  await page.goto('/cdp/sync/destinations/webhook/logs')
  await expect(page.getByText('Nothing here yet')).toBeVisible()
  await page.goto('/cdp/sync/destinations/webhook/sync-history')
  await expect(page.getByText('Nothing here yet')).toBeVisible()

  const other = await browser.newPage()
  await freshTenant(other, 'Other Tenant')
  await other.goto('/cdp/sync')
  await expect(other.getByText('No syncs yet')).toBeVisible()
  await expect(other.getByRole('link', { name: 'CRM' })).toHaveCount(0)
})

test('the intelligence hub has five cards; a known tab still redirects', async ({ page }) => {
  await freshTenant(page)
  await page.goto('/cdp/intelligence')
  await expect(page.getByTestId('intelligence-cards').getByRole('link', { name: 'Open' })).toHaveCount(5)
  await page.goto('/cdp/intelligence/unknown-tab')
  await expect(page.getByTestId('intelligence-cards')).toBeVisible()
  await page.goto('/cdp/intelligence/rfm')
  await expect(page).toHaveURL(/\/customer-insights\/rfm$/)
})

test('event retention is saved and shown again; the owner can start an export', async ({ page }) => {
  await freshTenant(page)
  await page.goto('/settings/data')
  await page.getByTestId('retention-enabled').check()
  await page.getByTestId('retention-period').selectOption('365')
  await page.getByTestId('retention-save').click()
  await expect(page.getByText('Data settings saved.')).toBeVisible()
  await page.reload()
  await expect(page.getByTestId('retention-enabled')).toBeChecked()
  await expect(page.getByTestId('retention-period')).toHaveValue('365')
  await page.getByTestId('account-export').click()
  await expect(page.getByRole('link', { name: /profiles/ })).toBeVisible({ timeout: 30_000 })
})

test('test recipients are added, refused when repeated, and removed', async ({ page }) => {
  await freshTenant(page)
  await page.goto('/settings/account/testing')
  await expect(page.getByText('No test recipients yet')).toBeVisible()
  const form = page.getByTestId('test-recipient-form')
  await form.getByLabel('Email address').fill('qa@example.test')
  await page.getByTestId('test-recipient-add').click()
  await expect(page.getByRole('cell', { name: 'qa@example.test', exact: true })).toBeVisible()
  await form.getByLabel('Email address').fill('QA@example.test')
  await page.getByTestId('test-recipient-add').click()
  await expect(form.getByText('Already on the list.')).toBeVisible()
  await page.getByRole('button', { name: 'Remove qa@example.test' }).click()
  await expect(page.getByText('No test recipients yet')).toBeVisible()
})

test('the agent overview shows its empty state on a new account', async ({ page }) => {
  await freshTenant(page)
  const res = await page.goto('/kagent/overview')
  expect(res?.status()).toBe(200)
  await expect(page.getByText('The agent has not answered anyone yet')).toBeVisible()
  await expect(page.getByRole('link', { name: 'History' })).toHaveAttribute('href', '/kagent/history')
})
