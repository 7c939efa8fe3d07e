// The account and its team in the browser (issue 12): an owner invites someone as Analyst, who
// joins from the mailed link in another browser, signs in again with the new password and
// works with the Analyst role; an owner changes the account's time zone and the dashboard's
// "today" moves to the new zone's date.
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import Database from 'better-sqlite3'
import pg from 'pg'
import { test, expect, type Page } from '@playwright/test'
import { snap } from './helpers'

const PASSWORD = 'team-e2e-password'
const INVITEE_PASSWORD = 'invitee-e2e-password'

/** The newest account mail to an address, read from the OutboxMail table of the server's database. */
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

/** A fresh tenant: register through the real call (as the sign-up form does). */
async function registerOwner(page: Page, prefix: string, timezone?: string) {
  const email = `${prefix}-${randomBytes(4).toString('hex')}@example.test`
  await page.goto('/login')
  const csrf = (await page.context().cookies()).find((c) => c.name === 'kl_csrftoken')?.value ?? ''
  const reg = await page.request.post('/ajax/register', {
    data: {
      companyName: `${prefix} Goods`,
      firstName: 'Oona',
      lastName: 'Owner',
      email,
      password: PASSWORD,
      ...(timezone ? { timezone } : {}),
    },
    headers: { 'X-CSRFToken': csrf },
  })
  expect(reg.status()).toBe(202)
  return email
}

async function signInForm(page: Page, email: string, password: string) {
  await page.goto('/login')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: /sign in/i }).click()
  await expect(page).toHaveURL(/\/dashboard$/)
}

const fact = (page: Page, term: string) => page.locator(`dt:text-is("${term}") + dd`)

test('an owner invites an Analyst, who joins from the mailed link and works with that role', async ({
  page,
  browser,
}) => {
  const owner = await registerOwner(page, 'team')
  await signInForm(page, owner, PASSWORD)

  await page.goto('/settings/account/users')
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible()
  await page.getByTestId('invite-user').click()
  const dialog = page.getByRole('dialog', { name: 'Invite a user' })
  await expect(dialog).toBeVisible()
  const invitee = `ana-${randomBytes(4).toString('hex')}@example.test`
  await dialog.getByLabel('Email address').fill(invitee)
  await dialog.getByLabel('Role').selectOption({ label: 'Analyst' })
  await expect(dialog.getByText('Reads reports, lists and profiles; cannot change anything.')).toBeVisible()
  await snap(page, 'invite-user')
  await dialog.getByTestId('send-invite').click()
  await expect(dialog).toBeHidden()
  await expect(page.getByText(`Invitation sent to ${invitee}.`)).toBeVisible()
  const row = page.getByRole('row').filter({ hasText: invitee })
  await expect(row).toContainText('Analyst')
  await expect(row).toContainText('Invited')

  // The invitation mail, as the outbox mailer recorded it (no SMTP_URL on the test server).
  await expect.poll(() => latestMailTo(invitee)).not.toBeNull()
  const mail = (await latestMailTo(invitee))!
  expect(mail.subject).toBe('Oona Owner invited you to team Goods')
  expect(mail.text).toContain('as Analyst')
  const link = mail.text.match(/https?:\/\/\S+/)?.[0]
  expect(link).toBeTruthy()
  const linkPath = new URL(link!).pathname
  expect(linkPath).toMatch(/^\/account\/create-password\/[^/]+\/[^/]+$/)

  // A second browser, nobody signed in: name and password, then signed in to the account.
  const other = await browser.newContext()
  const page2 = await other.newPage()
  await page2.goto(linkPath)
  await expect(page2.getByRole('heading', { name: 'Join your team' })).toBeVisible()
  await expect(page2.getByText('Oona Owner invited you to join team Goods as Analyst.')).toBeVisible()
  await expect(page2.getByLabel('Email')).toHaveValue(invitee)
  await page2.getByLabel('First name').fill('Ana')
  await page2.getByLabel('Last name').fill('Lyst')
  await page2.getByLabel('Choose a password').fill(INVITEE_PASSWORD)
  await page2.getByLabel('Confirm password').fill(INVITEE_PASSWORD)
  await snap(page2, 'accept-invitation')
  await page2.getByTestId('accept-invitation').click()
  await expect(page2).toHaveURL(/\/dashboard$/)
  // A first visit is a welcome, not a welcome back (issue 30 §8).
  await expect(page2.getByRole('heading', { name: 'Welcome, Ana' })).toBeVisible()
  await expect(fact(page2, 'Your role')).toHaveText('Analyst')

  // Sign out from the user menu, then back in with the new password.
  await page2.getByTestId('user-menu').click()
  await page2.getByTestId('sign-out').click()
  await expect(page2).toHaveURL(/\/login/)
  await signInForm(page2, invitee, INVITEE_PASSWORD)
  await expect(page2.getByRole('heading', { name: 'Welcome back, Ana' })).toBeVisible()
  await expect(fact(page2, 'Your role')).toHaveText('Analyst')
  await expect(fact(page2, 'Account')).toHaveText('team Goods')
  // An Analyst may not manage users: the owner-only screen answers no access.
  const res = await page2.goto('/settings/account/users')
  expect(res?.status()).toBe(403)
  await expect(page2.getByTestId('no-access-screen')).toBeVisible()
  // The link works once.
  await other.clearCookies()
  await page2.goto(linkPath)
  await expect(page2.getByRole('heading', { name: "This invitation can't be used" })).toBeVisible()
  await other.close()

  // The owner now sees an active Analyst.
  await page.reload()
  const joined = page.getByRole('row').filter({ hasText: invitee })
  await expect(joined).toContainText('Ana Lyst')
  await expect(joined).toContainText('Analyst')
  await expect(joined).toContainText('Active')
})

/** Today's date (YYYY-MM-DD) in a time zone. */
const todayIn = (timeZone: string, at = new Date()) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at)

/** The last day of the dashboard's new-profiles chart: today in the account's time zone. */
async function dashboardToday(page: Page): Promise<string> {
  const label = await page.getByTestId('card-new-profiles').getByRole('img').getAttribute('aria-label')
  const days = [...(label ?? '').matchAll(/(\d{4}-\d{2}-\d{2}): \d+/g)].map((m) => m[1]!)
  expect(days).toHaveLength(14)
  return days[13]!
}

test("changing the time zone moves the dashboard's today to the new zone's date", async ({ page }) => {
  const owner = await registerOwner(page, 'zone', 'UTC')
  await signInForm(page, owner, PASSWORD)
  await expect(fact(page, 'Time zone')).toHaveText('UTC')
  const utcBefore = todayIn('UTC')
  expect([utcBefore, todayIn('UTC')]).toContain(await dashboardToday(page))

  // UTC+14 and UTC-11 are 25 hours apart, so at any moment one of them is on another date than UTC.
  const zone = todayIn('Pacific/Kiritimati') !== todayIn('UTC') ? 'Pacific/Kiritimati' : 'Pacific/Pago_Pago'
  expect(todayIn(zone)).not.toBe(todayIn('UTC'))

  await page.goto('/settings/account/organization')
  const select = page.getByTestId('timezone-select')
  await expect(select).toBeEnabled()
  await expect(select).toHaveValue('UTC')
  await select.selectOption(zone)
  await page.getByTestId('save-timezone').click()
  const dialog = page.getByRole('dialog', { name: 'Change the time zone?' })
  await expect(dialog).toContainText(`from UTC to ${zone}`)
  await dialog.getByTestId('confirm-timezone').click()
  // The screen reloads so every screen follows the new zone.
  await expect(dialog).toBeHidden()
  await expect(page.getByTestId('timezone-select')).toHaveValue(zone)
  await expect(page.getByTestId('save-timezone')).toBeDisabled()

  await page.goto('/dashboard')
  await expect(fact(page, 'Time zone')).toHaveText(zone)
  const before = todayIn(zone)
  const shown = await dashboardToday(page)
  expect([before, todayIn(zone)]).toContain(shown)
  expect(shown).not.toBe(todayIn('UTC'))
  await snap(page, 'dashboard-time-zone')
})
