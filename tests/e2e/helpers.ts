import { randomBytes } from 'node:crypto'
import { expect, type Page } from '@playwright/test'

export const PASSWORD = process.env.DEMO_PASSWORD || 'demo-password'

/** Signs in through the real /login form. */
export async function signIn(page: Page, email: string, next?: string) {
  await page.goto(next ? `/login?next=${encodeURIComponent(next)}` : '/login')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: /sign in/i }).click()
  await expect(page).not.toHaveURL(/\/login/)
}

/** A screenshot for a person to look at (test-results/screens). */
export async function snap(page: Page, name: string) {
  await page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: false })
}

/**
 * Gives the signed-in account a postal address through the organization settings call: marketing
 * email is not sent without one (CAN-SPAM), so a fresh tenant that sends campaigns or flow
 * messages needs it first.
 */
export async function givePostalAddress(page: Page) {
  const got = await page.request.get('/ajax/account/organization')
  expect(got.ok(), await got.text()).toBeTruthy()
  const o = (await got.json()).organization
  const res = await page.request.post('/ajax/account/organization', {
    headers: { 'X-CSRFToken': await csrf(page) },
    data: {
      name: o.name,
      websiteUrl: o.websiteUrl ?? '',
      industry: o.industry ?? '',
      currency: o.currency,
      localePreferences: o.localePreferences,
      address: {
        line1: '1 Market Street',
        line2: '',
        city: 'Springfield',
        region: 'IL',
        postalCode: '62701',
        country: 'US',
      },
    },
  })
  expect(res.ok(), await res.text()).toBeTruthy()
}

/** The CSRF token the app set in the browser's cookies (sent back as X-CSRFToken). */
export async function csrf(page: Page): Promise<string> {
  return (await page.context().cookies()).find((c) => c.name === 'kl_csrftoken')?.value ?? ''
}

export interface FreshTenant {
  /** The start of the owner's email address; a random part keeps each run's account its own. */
  emailPrefix: string
  companyName: string
  firstName: string
  lastName: string
}

/**
 * A fresh tenant: registers through the real call (as the sign-up form does), then signs in
 * through the /login form. Resolves with the owner's email address.
 */
export async function signUpFreshTenant(page: Page, tenant: FreshTenant): Promise<string> {
  const email = `${tenant.emailPrefix}-${randomBytes(4).toString('hex')}@example.test`
  await page.goto('/login')
  await page.waitForLoadState('networkidle')
  const reg = await page.request.post('/ajax/register', {
    data: {
      companyName: tenant.companyName,
      firstName: tenant.firstName,
      lastName: tenant.lastName,
      email,
      password: PASSWORD,
      timezone: 'UTC',
    },
    headers: { 'X-CSRFToken': await csrf(page) },
  })
  expect(reg.status()).toBe(202)
  await page.goto('/login')
  await page.waitForLoadState('networkidle')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: /sign in/i }).click()
  await expect(page).not.toHaveURL(/\/login/)
  return email
}
