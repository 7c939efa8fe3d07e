// The staff area in the browser (issue 27 §2, §5): a staff member finds an account, is refused
// while it has not granted access, works on it once the owner consents (feature flag, SQL explorer,
// suspension with a reason the account then sees on its screens), and finds every step in the
// staff audit log. Fresh tenants per run; staff rights are given in the database, as an operator does.
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import Database from 'better-sqlite3'
import pg from 'pg'
import { test, expect, type Page } from '@playwright/test'
import { snap } from './helpers'

const PASSWORD = 'staff-e2e-password'

const isPg = /^postgres(ql)?:\/\//i.test(process.env.DATABASE_URL || '')

async function sql<T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
  const url = process.env.DATABASE_URL || 'file:./data/app.db'
  if (/^postgres(ql)?:\/\//i.test(url)) {
    const client = new pg.Client({ connectionString: url })
    await client.connect()
    try {
      return (await client.query(text, params)).rows as T[]
    } finally {
      await client.end()
    }
  }
  const file = url.slice('file:'.length).replace(/^\/\/(?=\/)/, '')
  const db = new Database(path.resolve(process.cwd(), file), { fileMustExist: true })
  try {
    const stmt = db.prepare(text.replace(/\$\d+/g, '?'))
    return stmt.reader ? (stmt.all(...params) as T[]) : (stmt.run(...params), [])
  } finally {
    db.close()
  }
}

async function csrf(page: Page) {
  return (await page.context().cookies()).find((c) => c.name === 'kl_csrftoken')?.value ?? ''
}

async function register(page: Page, company: string) {
  const email = `st-${randomBytes(4).toString('hex')}@example.test`
  await page.goto('/login')
  const reg = await page.request.post('/ajax/register', {
    data: { companyName: company, firstName: 'Sam', lastName: 'Staff', email, password: PASSWORD },
    headers: { 'X-CSRFToken': await csrf(page) },
  })
  expect(reg.status()).toBe(202)
  const [row] = await sql<{ userId: number; companyId: number }>(
    'SELECT m."userId" AS "userId", m."companyId" AS "companyId" FROM "Membership" m JOIN "User" u ON u."id" = m."userId" WHERE u."email" = $1',
    [email],
  )
  return { email, ...row! }
}

async function signInForm(page: Page, email: string) {
  await page.goto('/login')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: /sign in/i }).click()
  await expect(page).toHaveURL(/\/dashboard$/)
}

test('staff are refused without consent, then work on the account, and every step is in the audit log', async ({
  page,
  browser,
}) => {
  const customer = await register(page, 'Consenting Shop')
  const staffPage = await (await browser.newContext()).newPage()
  const staff = await register(staffPage, 'Provider')
  // 1, not true: SQLite binds no booleans (PostgreSQL reads 1 for a boolean column as well).
  await sql(`UPDATE "User" SET "isStaff" = $1, "staffResources" = $2 WHERE "id" = $3`, [
    isPg ? true : 1,
    JSON.stringify([
      'staff_base',
      'staff_accounts_read',
      'staff_feature_flags',
      'staff_sql_explorer',
      'staff_deliverability',
      'staff_audit',
    ]),
    staff.userId,
  ])
  await signInForm(staffPage, staff.email)

  // No consent yet: the account is found, marked, and its flags are refused.
  await staffPage.goto('/staff/feature-flags')
  await staffPage.getByLabel('Account', { exact: true }).fill(String(customer.companyId))
  await staffPage.getByRole('button', { name: 'Look up' }).click()
  await expect(staffPage.getByText('No consent').first()).toBeVisible()
  await staffPage.getByRole('button', { name: `Consenting Shop (#${customer.companyId})` }).click()
  await expect(staffPage.getByText('This account has not granted staff access')).toBeVisible()

  // The owner grants access until tomorrow.
  await signInForm(page, customer.email)
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)
  const grant = await page.request.post('/ajax/consent/grant', {
    data: { expiresAt: tomorrow },
    headers: { 'X-CSRFToken': await csrf(page) },
  })
  expect(grant.status()).toBe(200)

  await staffPage.reload()
  const amp = staffPage.getByRole('checkbox', { name: 'amp' })
  await expect(amp).not.toBeChecked()
  // The switch turns on once the server has saved it.
  await amp.click()
  await expect(amp).toBeChecked()
  await snap(staffPage, 'staff-feature-flags')

  // The SQL explorer reads this account only and refuses a write.
  await staffPage.goto(`/staff/sql-explorer?account=${customer.companyId}`)
  await staffPage.getByLabel('Query').fill('SELECT count(*) AS n FROM Membership')
  await staffPage.getByRole('button', { name: 'Run' }).click()
  await expect(staffPage.getByText('1 row in')).toBeVisible()
  await staffPage.getByLabel('Query').fill('DELETE FROM Profile')
  await staffPage.getByRole('button', { name: 'Run' }).click()
  await expect(staffPage.getByText(/not allowed|Only SELECT/)).toBeVisible()

  // A suspension with its reason: the account sees it on every screen.
  await staffPage.goto(`/staff/deliverability?account=${customer.companyId}`)
  await staffPage.getByLabel('Reason for suspending (shown to the account)').fill('Spam trap hits last week')
  await staffPage.getByRole('button', { name: 'Suspend sending' }).click()
  await expect(staffPage.getByText(/Sending suspended since/)).toBeVisible()
  await page.goto('/dashboard')
  await expect(page.getByTestId('sending-suspended-banner')).toContainText('Spam trap hits last week')
  await page.setViewportSize({ width: 390, height: 844 })
  await snap(page, 'sending-suspended-banner-phone')

  await staffPage.goto('/staff/audit')
  await staffPage.getByLabel('Account id').fill(String(customer.companyId))
  for (const action of ['access.refused', 'flags.update', 'sql.run', 'deliverability.suspend'])
    await expect(staffPage.getByText(action, { exact: true }).first()).toBeVisible()
})

test('a member who is not staff gets no staff screen', async ({ page }) => {
  const customer = await register(page, 'Curious Shop')
  await signInForm(page, customer.email)
  await page.goto('/staff/sql-explorer')
  await expect(page.getByRole('textbox', { name: 'Query' })).toHaveCount(0)
})
