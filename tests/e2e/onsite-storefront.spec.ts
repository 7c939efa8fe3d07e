// The storefront loop in a real browser (issue 20 §4 and its tests): the demo storefront page
// loads the onsite script with one tag; the demo's discount popup appears after its 5 s delay;
// a visitor submits it, becomes a subscribed profile of the Newsletter list with the form as the
// source, the welcome series mails them (the sent-messages viewer), their product view is
// tracked, and the form's report counts the submit. At phone width the footer form is filled
// and sent with the keyboard alone, Esc closes the popup and focus comes back; a list with
// double opt-in subscribes only after the confirmation.
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import Database from 'better-sqlite3'
import { test, expect, type Page } from '@playwright/test'
import { signIn, snap } from './helpers'

/** Read-only look into the test server's SQLite database (the browser tests run on SQLite). */
function query<T>(sql: string, ...args: unknown[]): T[] {
  const url = process.env.DATABASE_URL ?? 'file:tests/.tmp/e2e.db'
  const file = url.slice('file:'.length).replace(/^\/\/(?=\/)/, '')
  const db = new Database(path.resolve(process.cwd(), file), { readonly: true, fileMustExist: true })
  try {
    return db.prepare(sql).all(...args) as T[]
  } finally {
    db.close()
  }
}

const profileOf = (email: string) =>
  query<{ id: string; companyId: number }>('SELECT id, companyId FROM Profile WHERE email = ?', email)[0] ?? null

function listMembership(email: string, listName: string) {
  return (
    query<{ source: string | null }>(
      `SELECT m.source FROM GroupMembership m JOIN "Group" g ON g.id = m.groupId JOIN Profile p ON p.id = m.profileId
     WHERE p.email = ? AND g.name = ? AND m.leftAt IS NULL`,
      email,
      listName,
    )[0] ?? null
  )
}

/** The email consent and the source it was given from (the form's name). */
const emailConsent = (email: string) =>
  query<{ status: string; source: string | null }>(
    `SELECT c.status, c.source FROM ProfileConsent c JOIN Profile p ON p.id = c.profileId WHERE p.email = ? AND c.channel = 'email_marketing'`,
    email,
  )[0] ?? null

/** Mail kept in the local outbox for this address (the e2e server has no SMTP server). */
const outboxSubjects = (email: string) =>
  query<{ subject: string }>('SELECT subject FROM OutboxMail WHERE "to" = ? ORDER BY id', email).map((r) => r.subject)

function eventsOf(email: string, metric: string): number {
  return query<{ n: number }>(
    `SELECT COUNT(*) AS n FROM Event e JOIN Metric m ON m.id = e.metricId JOIN Profile p ON p.id = e.profileId
     WHERE p.email = ? AND m.name = ?`,
    email,
    metric,
  )[0]!.n
}

const dialog = (page: Page) => page.getByRole('dialog')

test('the demo popup after its delay, a submit, the subscribed profile, the welcome email, a tracked product view', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000)
  const email = `shopper-${randomBytes(4).toString('hex')}@example.test`
  const visitor = await browser.newContext({ viewport: { width: 1440, height: 900 } })
  const shop = await visitor.newPage()
  const submitsBefore = query<{ n: number }>(
    "SELECT COUNT(*) AS n FROM FormActivity a JOIN Form f ON f.id = a.formId WHERE f.name = 'Welcome discount popup' AND a.kind = 'submits'",
  )[0]!.n

  const started = Date.now()
  await shop.goto('/storefront-demo')
  await expect(shop.getByRole('heading', { name: 'New season, new favourites' })).toBeVisible()
  await expect(dialog(shop)).toBeVisible({ timeout: 15_000 })
  expect(Date.now() - started).toBeGreaterThanOrEqual(4_000)
  await expect(dialog(shop).getByText('Get 10% off your first order')).toBeVisible()
  await snap(shop, 'storefront-popup-1440')

  await dialog(shop).getByLabel('Email').fill(email)
  await dialog(shop).getByRole('button', { name: 'Claim my discount' }).click()
  await expect(dialog(shop).getByText('WELCOME10')).toBeVisible({ timeout: 15_000 })
  await snap(shop, 'storefront-popup-success-1440')
  await dialog(shop).getByRole('button', { name: 'Start shopping' }).click()
  await expect(dialog(shop)).toBeHidden()

  // A product page: Viewed Product for the now identified visitor.
  await shop.locator('a.card').first().click()
  await expect(shop.getByRole('button', { name: 'Add to cart' })).toBeVisible()
  await shop.getByRole('button', { name: 'Add to cart' }).click()

  await expect
    .poll(() => emailConsent(email), { timeout: 60_000 })
    .toEqual({ status: 'subscribed', source: 'Form: Welcome discount popup' })
  expect(listMembership(email, 'Newsletter')).not.toBeNull()
  await expect.poll(() => eventsOf(email, 'Viewed Product'), { timeout: 60_000 }).toBeGreaterThanOrEqual(1)
  await expect.poll(() => eventsOf(email, 'Added to Cart'), { timeout: 60_000 }).toBeGreaterThanOrEqual(1)
  await expect
    .poll(
      () =>
        query<{ n: number }>(
          "SELECT COUNT(*) AS n FROM FormActivity a JOIN Form f ON f.id = a.formId WHERE f.name = 'Welcome discount popup' AND a.kind = 'submits'",
        )[0]!.n,
      { timeout: 30_000 },
    )
    .toBeGreaterThan(submitsBefore)
  await visitor.close()

  // The Newsletter list starts the welcome series: its first email goes out to the new subscriber.
  await expect
    .poll(() => outboxSubjects(email).length, { timeout: 120_000, intervals: [2_000, 5_000] })
    .toBeGreaterThan(0)
  // The form's report shows the submit to the merchant.
  await signIn(page, 'owner@demo.test')
  const formId = query<{ id: string }>("SELECT id FROM Form WHERE name = 'Welcome discount popup'")[0]!.id
  await page.goto(`/forms/${formId}/reports/overview`)
  await expect(page.getByText('Submits').first()).toBeVisible()
  await snap(page, 'form-report-1440')
})

test('at phone width: Esc closes the popup and gives focus back; the footer form is sent with the keyboard alone', async ({
  browser,
}) => {
  test.setTimeout(120_000)
  const email = `phone-${randomBytes(4).toString('hex')}@example.test`
  const visitor = await browser.newContext({ viewport: { width: 320, height: 640 }, isMobile: true, hasTouch: true })
  const shop = await visitor.newPage()
  await shop.goto('/storefront-demo')
  await expect(dialog(shop)).toBeVisible({ timeout: 15_000 })
  await snap(shop, 'storefront-popup-320')
  // The popup fits the phone.
  const box = await dialog(shop).boundingBox()
  expect(box!.width).toBeLessThanOrEqual(320)
  await shop.keyboard.press('Escape')
  await expect(dialog(shop)).toBeHidden()

  // The page has no sideways scrolling at 320 px, with the embedded form in the footer.
  const region = shop.getByRole('region', { name: /newsletter|subscribe/i })
  await region.scrollIntoViewIfNeeded()
  await expect(region).toBeVisible()
  expect(await shop.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320)
  await snap(shop, 'storefront-embed-320')

  // Keyboard only: Tab until the footer form's email field has focus, type, Enter.
  const field = region.getByLabel('Email')
  let focused = false
  for (let i = 0; i < 80 && !focused; i++) {
    await shop.keyboard.press('Tab')
    focused = await field.evaluate((el) => el === (el.getRootNode() as ShadowRoot).activeElement)
  }
  expect(focused).toBe(true)
  await shop.keyboard.type(email)
  await shop.keyboard.press('Enter')
  await expect(region.getByText('Thanks for subscribing!')).toBeVisible({ timeout: 15_000 })
  await expect
    .poll(() => emailConsent(email), { timeout: 60_000 })
    .toEqual({ status: 'subscribed', source: 'Form: Footer newsletter' })
  expect(listMembership(email, 'Newsletter')).not.toBeNull()
  await visitor.close()
})

test('a double opt-in list: the submit asks for confirmation and subscribes nobody yet', async ({ page, browser }) => {
  test.setTimeout(120_000)
  await signIn(page, 'owner@demo.test')
  const csrf = (await page.context().cookies()).find((c) => c.name === 'kl_csrftoken')?.value ?? ''
  const listName = `Double opt-in ${randomBytes(3).toString('hex')}`
  const created = await page.request.post('/ajax/group', {
    data: { name: listName, type: 0, optInProcess: 'double_opt_in' },
    headers: { 'X-CSRFToken': csrf },
  })
  expect(created.ok(), await created.text()).toBeTruthy()
  const group = await created.json()
  const listId = String(group.group?.id ?? group.id ?? group.data?.id)
  const form = await page.request.post('/ajax/forms', {
    data: { templateKey: 'newsletter_embed', name: `DOI footer ${listName}`, listId },
    headers: { 'X-CSRFToken': csrf },
  })
  expect(form.status(), await form.text()).toBe(201)
  const formId = (await form.json()).form.id as string
  const published = await page.request.post(`/ajax/forms/${formId}/publish`, {
    data: {},
    headers: { 'X-CSRFToken': csrf },
  })
  expect(published.ok(), await published.text()).toBeTruthy()

  const email = `doi-${randomBytes(4).toString('hex')}@example.test`
  const visitor = await browser.newContext({ viewport: { width: 1024, height: 800 } })
  const shop = await visitor.newPage()
  await shop.goto('/storefront-demo')
  // The demo's popup first (it would cover the footer): closed with Esc.
  await expect(dialog(shop)).toBeVisible({ timeout: 15_000 })
  await shop.keyboard.press('Escape')
  await expect(dialog(shop)).toBeHidden()
  const slot = shop.locator(`[data-klaviyo-form="${formId}"]`)
  await slot.scrollIntoViewIfNeeded()
  await slot.getByLabel('Email').fill(email)
  await slot.getByRole('button', { name: 'Subscribe' }).click()
  await expect(slot.getByText('Thanks for subscribing!')).toBeVisible({ timeout: 15_000 })
  // The confirmation request goes out; the list does not have them until they confirm.
  await expect.poll(() => profileOf(email) !== null, { timeout: 60_000 }).toBe(true)
  await expect
    .poll(() => outboxSubjects(email), { timeout: 60_000 })
    .toEqual([`Confirm your subscription to ${listName}`])
  expect(emailConsent(email)).toEqual({ status: 'pending', source: `Form: DOI footer ${listName}` })
  expect(listMembership(email, listName)).toBeNull()
  await visitor.close()
})
