// Portfolios and the cross-account clone in the browser (issue 27 §1): a user of two accounts
// makes a portfolio in the wizard, sees both accounts' figures side by side, copies a template
// into the other account through the clone steps, and loses that account from the portfolio the
// moment their role there is taken away. Two fresh tenants per run; the second account's role is
// given to the first user in the database (the invitation flow has its own spec, account-team).
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import Database from 'better-sqlite3'
import pg from 'pg'
import { test, expect, type Page } from '@playwright/test'
import { snap } from './helpers'

const PASSWORD = 'portfolio-e2e-password'

/** One statement on the server's database (SQLite file or PostgreSQL), `$n` placeholders. */
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

async function register(page: Page, company: string) {
  const email = `pf-${randomBytes(4).toString('hex')}@example.test`
  await page.goto('/login')
  const csrf = (await page.context().cookies()).find((c) => c.name === 'kl_csrftoken')?.value ?? ''
  const reg = await page.request.post('/ajax/register', {
    data: { companyName: company, firstName: 'Pat', lastName: 'Folio', email, password: PASSWORD },
    headers: { 'X-CSRFToken': csrf },
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

test('a portfolio of two accounts: wizard, dashboard, template clone, access follows the role', async ({
  page,
  browser,
}) => {
  const suffix = randomBytes(3).toString('hex')
  const agency = await register(page, `Agency ${suffix}`)
  const otherContext = await browser.newContext()
  const store = await register(await otherContext.newPage(), `Store ${suffix}`)
  await otherContext.close()
  await sql('INSERT INTO "Membership" ("userId", "companyId", "role") VALUES ($1, $2, $3)', [
    agency.userId,
    store.companyId,
    'manager',
  ])
  const now = new Date().toISOString()
  await sql(
    'INSERT INTO "Template" ("id", "companyId", "name", "editorType", "html", "compiledHtml", "compiledText", "createdAt", "updatedAt") VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)',
    [`pf${suffix}`, agency.companyId, 'Spring news', 'CODE', '<p>Hello</p>', '<p>Hello</p>', 'Hello', now, now],
  )

  await signInForm(page, agency.email)
  await page.goto('/portfolio/dashboard')
  await expect(page.getByRole('heading', { name: 'No portfolio yet' })).toBeVisible()
  await page.getByRole('link', { name: 'Create portfolio' }).click()
  await expect(page).toHaveURL(/\/portfolio-wizard$/)
  await page.getByLabel('Portfolio name').fill('My stores')
  await page.getByRole('button', { name: 'Next' }).click()
  await page.getByLabel(`Agency ${suffix}`).check()
  await page.getByLabel(`Store ${suffix}`).check()
  await page.getByRole('button', { name: 'Next' }).click()
  await expect(page.getByText('My stores will hold 2 accounts:')).toBeVisible()
  await page.getByRole('button', { name: 'Create portfolio' }).click()

  await expect(page).toHaveURL(/\/portfolio\/dashboard\?portfolio=\d+$/)
  await expect(page.getByRole('heading', { name: 'Portfolio dashboard: My stores', level: 1 })).toBeVisible()
  const table = page.getByRole('region', { name: 'Key figures per account' })
  await expect(table.getByRole('row').filter({ hasText: `Agency ${suffix}` })).toBeVisible()
  await expect(table.getByRole('row').filter({ hasText: `Store ${suffix}` })).toBeVisible()
  await expect(page.getByTestId('portfolio-totals')).toContainText('Messages sent')
  await snap(page, 'portfolio-dashboard')
  await page.setViewportSize({ width: 390, height: 800 })
  await expect(page.getByRole('heading', { name: 'Portfolio dashboard: My stores', level: 1 })).toBeVisible()
  await snap(page, 'portfolio-dashboard-phone')
  await page.setViewportSize({ width: 1280, height: 800 })

  // The CSV download of the same figures.
  const download = page.waitForEvent('download')
  await page.getByRole('link', { name: 'Downloads' }).click()
  await page.getByRole('link', { name: 'Download CSV' }).click()
  const file = await (await download).path()
  const csv = (await import('node:fs')).readFileSync(file!, 'utf8')
  expect(csv.split('\r\n')[0]).toMatch(/^Account,Account id,Currency,Revenue attributed/)
  expect(csv).toContain(`Store ${suffix}`)

  // Copy the template into the other account: account, name, review (no coupons to map), clone.
  await page.goto(`/template/pf${suffix}/cross-account-clone`)
  await page.getByLabel(`Store ${suffix}`).check()
  await page.getByRole('button', { name: 'Next' }).click()
  await expect(page).toHaveURL(/\/cross-account-clone\/rename$/)
  await page.getByLabel('Name of the copy').fill('Spring news (Store)')
  await page.getByRole('button', { name: 'Next' }).click()
  await expect(page.getByText('It uses no lists, segments, metrics or coupons: nothing to map.')).toBeVisible()
  await page.getByRole('button', { name: 'Clone' }).click()
  await expect(page.getByText('The copy is a draft in', { exact: false })).toBeVisible({ timeout: 30_000 })
  const copies = await sql<{ n: number }>(
    'SELECT COUNT(*) AS n FROM "Template" WHERE "companyId" = $1 AND "name" = $2',
    [store.companyId, 'Spring news (Store)'],
  )
  expect(Number(copies[0]!.n)).toBe(1)

  // The role in the store is taken away: the portfolio stops showing it at once.
  await sql('DELETE FROM "Membership" WHERE "userId" = $1 AND "companyId" = $2', [agency.userId, store.companyId])
  await page.goto('/portfolio/accounts')
  const accounts = page.getByRole('region', { name: 'Accounts in this portfolio' })
  await expect(accounts.getByRole('row').filter({ hasText: `Agency ${suffix}` })).toBeVisible()
  await expect(accounts.getByRole('row').filter({ hasText: `Store ${suffix}` })).toHaveCount(0)
  await snap(page, 'portfolio-accounts')
})
