// Issue 26 §2: a fresh registration through the account-setup wizard to a live welcome flow —
// every step in the browser, a reload in the middle returning to the same step, the sender on a
// domain that is not verified yet (what to fix shown, then kept on purpose), the get-started
// list, and the welcome-series guide launching the flow once (a second visit opens it).
import { randomBytes } from 'node:crypto'
import { expect, test, type Page } from '@playwright/test'
import { PASSWORD, snap } from './helpers'

async function csrf(page: Page): Promise<string> {
  return (await page.context().cookies()).find((c) => c.name === 'kl_csrftoken')?.value ?? ''
}

async function registerAndSignIn(page: Page): Promise<string> {
  const email = `setup-${randomBytes(4).toString('hex')}@example.test`
  await page.goto('/login')
  await page.waitForLoadState('networkidle')
  const reg = await page.request.post('/ajax/register', {
    data: {
      companyName: 'Setup Goods',
      firstName: 'Sam',
      lastName: 'Setup',
      email,
      password: PASSWORD,
      timezone: 'UTC',
    },
    headers: { 'X-CSRFToken': await csrf(page) },
  })
  expect(reg.status()).toBe(202)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: /sign in/i }).click()
  await expect(page).not.toHaveURL(/\/login/)
  return email
}

const next = (page: Page) => page.getByTestId('setup-continue').click()

test('from a fresh registration through the setup wizard to a live welcome flow', async ({ page }) => {
  await registerAndSignIn(page)
  await page.goto('/account-setup')
  await expect(page).toHaveURL(/\/account-setup\/init$/)
  await next(page)

  await expect(page).toHaveURL(/business-category$/)
  await page.getByTestId('category-pets').check()
  await next(page)
  await expect(page).toHaveURL(/business-focus$/)
  await page.getByTestId('focus-grow_list').check()
  await next(page)
  await expect(page).toHaveURL(/choose-channels$/)
  await next(page)

  // A website that is not a URL says what to fix.
  await expect(page).toHaveURL(/company-website$/)
  await page.getByTestId('field-websiteUrl').fill('my shop')
  await next(page)
  await expect(page.getByRole('alert').filter({ hasText: 'https://' })).toBeVisible()
  await page.getByTestId('field-websiteUrl').fill('https://setup-goods.example')
  await next(page)

  // A reload in the middle comes back to the step it stopped at.
  await expect(page).toHaveURL(/list-size$/)
  await page.goto('/account-setup')
  await expect(page).toHaveURL(/list-size$/)
  await page.getByTestId('listSize-under_500').check()
  await next(page)

  await expect(page).toHaveURL(/mailing-address$/)
  await page.getByTestId('field-line1').fill('1 Market Street')
  await page.getByTestId('field-city').fill('Springfield')
  await page.getByTestId('field-country').selectOption('US')
  await next(page)

  await expect(page).toHaveURL(/platform$/)
  await page.getByTestId('platform-none').check()
  await next(page)

  await expect(page).toHaveURL(/sender-info$/)
  await page.getByTestId('field-fromName').fill('Setup Goods')
  await page.getByTestId('field-fromEmail').fill('hello@setup-goods.example')
  await next(page)
  await expect(page.getByRole('alert').filter({ hasText: 'not verified yet' })).toBeVisible()
  await snap(page, 'account-setup-sender-unverified')
  await page.getByTestId('field-continueUnverified').check()
  await next(page)

  await expect(page).toHaveURL(/\/get-started$/)
  await expect(page.getByTestId('guide-wsFlow')).toHaveAttribute('data-done', 'false')
  await page.getByTestId('guide-wsFlow').getByRole('link').click()
  await expect(page).toHaveURL(/\/get-started\/ws-flow\/launch$/)
  await page.getByTestId('launch-flow').click()
  await expect(page.getByTestId('open-flow')).toBeVisible()
  const flowHref = await page.getByTestId('open-flow').getAttribute('href')
  expect(flowHref).toMatch(/^\/flow\/[^/]+\/edit$/)

  // A second visit opens the same flow instead of making another.
  await page.goto('/get-started/ws-flow/launch')
  await expect(page.getByTestId('open-flow')).toHaveAttribute('href', flowHref!)
  await page.goto('/get-started')
  await expect(page.getByTestId('guide-wsFlow')).toHaveAttribute('data-done', 'true')
  await page.goto('/onboarding')
  await expect(page.getByTestId('check-flowLive')).toHaveAttribute('data-done', 'true')
  await snap(page, 'onboarding-checklist')
})

test('the wizard is the signed-in account’s own: another account sees its own answers', async ({ browser }) => {
  const a = await browser.newPage()
  await registerAndSignIn(a)
  await a.goto('/account-setup/init')
  await next(a)
  await a.getByTestId('category-jewelry').check()
  await next(a)
  const b = await browser.newPage()
  await registerAndSignIn(b)
  await b.goto('/account-setup')
  await expect(b).toHaveURL(/\/account-setup\/init$/)
  const state = await b.request.get('/ajax/onboarding/setup')
  expect((await state.json()).answers).toEqual({})
})
