// Issue 26 §1 in the browser: a merchant signs up through another's referral link and the
// referrer's /referrals lists it as signed up; the operator's /staff/plans adds a tier (hidden,
// so no other test's checkout sees it), shows a field error for a bad key, edits the tier's name
// and price, and the change is in the staff audit. Fresh tenants per run; staff rights are given
// in the database, as an operator does.
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import Database from 'better-sqlite3'
import pg from 'pg'
import { test, expect, type Page } from '@playwright/test'
import { PASSWORD, snap } from './helpers'

const isPg = /^postgres(ql)?:\/\//i.test(process.env.DATABASE_URL || '')

async function sql<T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
  const url = process.env.DATABASE_URL || 'file:./data/app.db'
  if (isPg) {
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

const csrf = async (page: Page) => (await page.context().cookies()).find((c) => c.name === 'kl_csrftoken')?.value ?? ''

async function register(page: Page, company: string) {
  const email = `bx-${randomBytes(4).toString('hex')}@example.test`
  await page.goto('/login')
  await page.waitForLoadState('networkidle')
  const reg = await page.request.post('/ajax/register', {
    data: { companyName: company, firstName: 'Bo', lastName: 'X', email, password: PASSWORD, timezone: 'UTC' },
    headers: { 'X-CSRFToken': await csrf(page) },
  })
  expect(reg.status()).toBe(202)
  const [row] = await sql<{ userId: number }>('SELECT "id" AS "userId" FROM "User" WHERE "email" = $1', [email])
  return { email, userId: row!.userId }
}

async function signIn(page: Page, email: string) {
  await page.goto('/login')
  await page.waitForLoadState('networkidle')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: /sign in/i }).click()
  await expect(page).not.toHaveURL(/\/login/)
}

test('a sign-up through a referral link is listed on the referrer’s /referrals', async ({ page, browser }) => {
  const referrer = await register(page, 'Referring Shop')
  await signIn(page, referrer.email)
  await page.goto('/referrals')
  const link = (await page.getByTestId('referral-link').textContent())!.trim()
  expect(link).toMatch(/\/register\?ref=/)
  await expect(page.getByText('No one has signed up with your link yet.')).toBeVisible()

  const visitor = await (await browser.newContext()).newPage()
  await visitor.goto(new URL(link).pathname + new URL(link).search)
  await visitor.getByLabel('Company name').fill('Referred Shop')
  await visitor.getByLabel('First name').fill('Rita')
  await visitor.getByLabel('Last name').fill('Ref')
  await visitor.getByLabel('Email').fill(`bx-ref-${randomBytes(4).toString('hex')}@example.test`)
  await visitor.getByLabel('Password').fill(PASSWORD)
  await visitor.getByRole('button', { name: /create|sign up/i }).click()
  await expect(visitor).toHaveURL(/\/register\?sent=1/)

  await page.reload()
  await expect(page.getByRole('table').getByText('Signed up')).toBeVisible()
  await snap(page, 'referrals-one-pending')
})

test('the operator adds a hidden tier, sees a field error, edits it, and the audit has it', async ({ page }) => {
  const staff = await register(page, 'Provider')
  await sql(`UPDATE "User" SET "isStaff" = $1, "staffResources" = $2 WHERE "id" = $3`, [
    isPg ? true : 1,
    JSON.stringify(['staff_base', 'staff_billing']),
    staff.userId,
  ])
  await signIn(page, staff.email)
  await page.goto('/staff/plans')
  await expect(page.getByRole('table').getByText('email-500', { exact: true })).toBeVisible()

  const key = `email-e2e-${randomBytes(3).toString('hex')}`
  await page.getByRole('button', { name: 'Add a plan or tier' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel('Key').fill('Not A Key')
  await dialog.getByLabel('Name').fill('E2E tier')
  await dialog.getByLabel('Tier').fill('900')
  await dialog.getByLabel('Offered to merchants at checkout').uncheck()
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(dialog.getByText('Use lower-case letters, digits and dashes.')).toBeVisible()
  await dialog.getByLabel('Key').fill(key)
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(dialog).toBeHidden()
  const row = page.getByRole('row').filter({ hasText: key })
  await expect(row.getByText('Hidden')).toBeVisible()

  await row.getByRole('button', { name: 'Edit' }).click()
  await dialog.getByLabel('Name').fill('E2E tier renamed')
  await dialog.getByLabel('Price').fill('12.50')
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(row.getByText('E2E tier renamed')).toBeVisible()
  await snap(page, 'staff-plans')

  const audit = await sql<{ action: string }>(
    `SELECT "action" FROM "StaffAuditEntry" WHERE "staffUserId" = $1 AND "action" LIKE 'plans.%' ORDER BY "id"`,
    [staff.userId],
  )
  expect(audit.map((a) => a.action)).toEqual(['plans.create', 'plans.update'])
})
