// Billing in a real browser (issue 26 §1, §3), each test on a fresh tenant: the overview shows
// the free plan and this period's usage; the plans pages list the tiers and the auto-upgrade
// consent is saved; the billing email is refused with a field error then saved; the billing
// address shows its field errors; /cancel shows the consequences before anything is cancelled;
// an analyst gets the no-access screen on every billing page; at phone width the overview fits.
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import Database from 'better-sqlite3'
import pg from 'pg'
import { test, expect, type Page } from '@playwright/test'
import { PASSWORD } from './helpers'

const csrf = async (page: Page) => (await page.context().cookies()).find((c) => c.name === 'kl_csrftoken')?.value ?? ''

/** The newest account mail to an address, from the server's OutboxMail (as account-team.spec.ts reads it). */
async function latestMailTo(to: string): Promise<{ subject: string; text: string } | null> {
  const url = process.env.DATABASE_URL || 'file:./data/app.db'
  const sql = 'SELECT "subject", "text" FROM "OutboxMail" WHERE "to" = $1 ORDER BY "id" DESC LIMIT 1'
  if (/^postgres(ql)?:\/\//i.test(url)) {
    const client = new pg.Client({ connectionString: url })
    await client.connect()
    try {
      return (await client.query<{ subject: string; text: string }>(sql, [to])).rows[0] ?? null
    } finally {
      await client.end()
    }
  }
  const file = url.slice('file:'.length).replace(/^\/\/(?=\/)/, '')
  const sqlite = new Database(path.resolve(process.cwd(), file), { readonly: true, fileMustExist: true })
  try {
    return (sqlite.prepare(sql.replace('$1', '?')).get(to) as { subject: string; text: string } | undefined) ?? null
  } finally {
    sqlite.close()
  }
}

async function freshTenant(page: Page, name = 'Billing Store') {
  const email = `billing-${randomBytes(4).toString('hex')}@example.test`
  await page.goto('/login')
  await page.waitForLoadState('networkidle')
  const reg = await page.request.post('/ajax/register', {
    data: { companyName: name, firstName: 'Bea', lastName: 'Bills', email, password: PASSWORD, timezone: 'UTC' },
    headers: { 'X-CSRFToken': await csrf(page) },
  })
  expect(reg.status()).toBe(202)
  await signIn(page, email)
  return email
}

async function signIn(page: Page, email: string) {
  await page.goto('/login')
  await page.waitForLoadState('networkidle')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: /sign in/i }).click()
  await expect(page).not.toHaveURL(/\/login/)
}

const BILLING_PAGES = [
  '/settings/billing/overview',
  '/settings/billing/account-usage',
  '/settings/billing/email-plans',
  '/settings/billing/sms-plans',
  '/settings/billing/create-your-plan',
  '/settings/billing/checkout/email-500',
  '/settings/billing/manage-subscription',
  '/settings/billing/payment-history',
  '/settings/billing/preferences',
  '/cancel',
  '/referrals',
]

test('the overview shows the free plan, the period and the usage meters', async ({ page }) => {
  await freshTenant(page)
  await page.goto('/settings/billing/overview')
  await expect(page.getByRole('heading', { name: 'Billing', level: 1 })).toBeVisible()
  await expect(page.getByText('Free', { exact: true }).first()).toBeVisible()
  await expect(page.getByTestId('monthly-total')).toContainText('0')
  await expect(page.getByRole('progressbar', { name: 'Emails sent' })).toBeVisible()
  await expect(page.getByText(/Billing period/)).toBeVisible()
})

test('email plans list the tiers; the auto-upgrade consent is saved', async ({ page }) => {
  await freshTenant(page)
  await page.goto('/settings/billing/email-plans')
  await expect(page.getByRole('cell', { name: /Email 500/ })).toBeVisible()
  await expect(page.getByText('Current', { exact: true }).first()).toBeVisible()
  // The switch turns on once the server has saved it: click, then wait for the saved state.
  await page.getByTestId('auto-upgrade-email').click()
  await expect(page.getByText('Automatic upgrades are on.')).toBeVisible()
  await page.reload()
  await expect(page.getByTestId('auto-upgrade-email')).toBeChecked()
})

test('checkout without a payment provider says who assigns plans', async ({ page }) => {
  await freshTenant(page)
  await page.goto('/settings/billing/checkout/email-500')
  await page.getByRole('button', { name: 'Continue to payment' }).click()
  await expect(page.getByText(/Payments are not taken online here/)).toBeVisible()
  await page.goto('/settings/billing/checkout/no-such-plan')
  await expect(page.getByText('This plan does not exist or is no longer offered.')).toBeVisible()
})

// The forms are noValidate: the browser's own email check used to stop 'not-an-email' before the
// server's field error could show.
test('the billing email and address show field errors, then save', async ({ page }) => {
  await freshTenant(page)
  await page.goto('/settings/billing/preferences')
  const field = page.getByLabel('Billing email')
  await field.fill('not-an-email')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Enter a valid email address.')).toBeVisible()
  await field.fill('billing@store.example.test')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('The billing email was saved.')).toBeVisible()

  await page.goto('/settings/billing/manage-subscription')
  const address = page.getByRole('form', { name: 'Billing address' })
  await address.getByLabel('Street address').fill('5 rue de la Paix')
  await address.getByLabel('City').fill('Paris')
  await address.getByLabel('Country code (e.g. US)').fill('France')
  await address.getByRole('button', { name: 'Save' }).click()
  await expect(address.getByText(/two-letter country code/)).toBeVisible()
  await address.getByLabel('Country code (e.g. US)').fill('FR')
  await address.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('The billing address was saved.')).toBeVisible()
  await page.reload()
  await expect(page.getByRole('form', { name: 'Billing address' }).getByLabel('City')).toHaveValue('Paris')
})

test('/cancel shows the consequences first; a free account has nothing to cancel', async ({ page }) => {
  await freshTenant(page)
  await page.goto('/cancel')
  await expect(page.getByTestId('cancel-consequences')).toContainText('emails a month')
  await expect(page.getByText('You are on the free plan: there is nothing to cancel.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Cancel plan' })).toBeDisabled()
})

test('an analyst gets the no-access screen on every billing page', async ({ page, browser }) => {
  await freshTenant(page)
  const analyst = `analyst-${randomBytes(4).toString('hex')}@example.test`
  const invite = await page.request.post('/ajax/account/users/create', {
    data: { email: analyst, role: 'analyst' },
    headers: { 'X-CSRFToken': await csrf(page) },
  })
  expect(invite.ok()).toBe(true)
  await expect.poll(() => latestMailTo(analyst)).not.toBeNull()
  const link = (await latestMailTo(analyst))!.text.match(/https?:\/\/\S+/)![0]
  const other = await (await browser.newContext()).newPage()
  await other.goto(new URL(link).pathname)
  await other.getByLabel('First name').fill('Ana')
  await other.getByLabel('Last name').fill('Lyst')
  await other.getByLabel('Choose a password').fill(PASSWORD)
  await other.getByLabel('Confirm password').fill(PASSWORD)
  await other.getByTestId('accept-invitation').click()
  await expect(other).toHaveURL(/\/dashboard$/)
  for (const path of BILLING_PAGES) {
    await other.goto(path)
    await expect(other.getByTestId('no-access-screen')).toBeVisible()
  }
})

test('at phone width the overview fits without sideways scrolling', async ({ page }) => {
  await freshTenant(page)
  await page.setViewportSize({ width: 375, height: 740 })
  await page.goto('/settings/billing/overview')
  await expect(page.getByTestId('monthly-total')).toBeVisible()
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow).toBeLessThanOrEqual(1)
})
