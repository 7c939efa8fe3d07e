// SAML sign-in in the browser (issue 27 §3) against the local identity provider of the Jest tests
// (tests/helpers/saml-idp.ts): an owner pastes the IdP's metadata into /sso/setup, a member signs
// in through /sso/check-email and the IdP's auto-posted answer and lands on the dashboard; an answer
// signed with another key sends the browser back to the sign-in page with the reason.
import { randomBytes } from 'node:crypto'
import { test, expect, type Page } from '@playwright/test'
import { makeKeyPair, startLocalIdp, type LocalIdp } from '../helpers/saml-idp'
import { snap } from './helpers'

const PASSWORD = 'sso-e2e-password'
let idp: LocalIdp

test.beforeAll(async () => {
  idp = await startLocalIdp({ email: 'nobody@example.test' })
})
test.afterAll(() => idp.close())

async function csrf(page: Page) {
  return (await page.context().cookies()).find((c) => c.name === 'kl_csrftoken')?.value ?? ''
}

test('set up SAML, then sign in through the identity provider; a forged answer is refused', async ({
  page,
  browser,
}) => {
  const domain = `sso-${randomBytes(4).toString('hex')}.test`
  const owner = `owner@${domain}`
  await page.goto('/login')
  const reg = await page.request.post('/ajax/register', {
    data: { companyName: 'SSO Goods', firstName: 'Olga', lastName: 'Owner', email: owner, password: PASSWORD },
    headers: { 'X-CSRFToken': await csrf(page) },
  })
  expect(reg.status()).toBe(202)
  await page.getByLabel('Email').fill(owner)
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: /sign in/i }).click()
  await expect(page).toHaveURL(/\/dashboard$/)

  await page.goto('/sso/setup')
  await expect(page.getByText('Assertion consumer service URL')).toBeVisible()
  await page.getByLabel('Single sign-on is on').check()
  await page.getByLabel('Email domains').fill(domain)
  await page.getByLabel('Identity provider metadata XML').fill(idp.metadata)
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Saved.')).toBeVisible()
  await expect(page.getByLabel('Identity provider entity ID')).toHaveValue(idp.entityId)
  await snap(page, 'sso-setup')

  // The owner signs in again, through the identity provider this time.
  const fresh = await (await browser.newContext()).newPage()
  idp.answer = { email: owner }
  await fresh.goto('/login')
  await fresh.getByRole('link', { name: 'Sign in with SSO' }).click()
  await expect(fresh).toHaveURL(/\/sso\/check-email$/)
  await fresh.getByLabel('Email address').fill(owner)
  await fresh.getByRole('button', { name: 'Continue' }).click()
  await expect(fresh).toHaveURL(/\/sso\/login\?email=/)
  await fresh.getByRole('button', { name: 'Continue with SSO' }).click()
  await expect(fresh).toHaveURL(/\/dashboard$/)

  // Signed with a key the account does not trust: back to the sign-in page, not signed in.
  const forged = await (await browser.newContext()).newPage()
  idp.answer = { email: owner, signWith: makeKeyPair('attacker') }
  await forged.goto(`/sso/login?email=${encodeURIComponent(owner)}`)
  await forged.getByRole('button', { name: 'Continue with SSO' }).click()
  await expect(forged).toHaveURL(/\/login\?sso_error=sso_invalid$/)
  await expect(forged.getByText("Your identity provider's answer could not be verified")).toBeVisible()
})
