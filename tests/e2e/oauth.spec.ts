// OAuth apps in a real browser (issue 21 §4, G4): a fresh account registers an app on
// /manage-apps/create and sees its secret once, opens /oauth/authorize as the merchant, sees the
// app and its scopes in words and approves; the test (acting as the app) catches the redirect,
// exchanges the code with PKCE at /oauth/token, calls /api with the Bearer token, then revokes the
// app on /oauth/client and sees /api refuse the token at once.
import { createHash, randomBytes } from 'node:crypto'
import { test, expect, type Page } from '@playwright/test'
import { snap, signUpFreshTenant } from './helpers'

// A loopback redirect URI that nothing listens on: the browser's navigation there is caught by page.route.
const REDIRECT = 'http://127.0.0.1:9/callback'

const registerAndSignIn = (page: Page) =>
  signUpFreshTenant(page, { emailPrefix: 'oauth', companyName: 'OAuth Dev', firstName: 'Oa', lastName: 'Uth' })

test('register an app, authorize it, exchange the code with PKCE, call /api, revoke', async ({ page }) => {
  test.setTimeout(120_000)
  await registerAndSignIn(page)

  await page.goto('/manage-apps/create')
  await page.getByLabel('App name').fill('E2E Sync')
  await page.getByLabel('Redirect URIs').fill(REDIRECT)
  await page.getByLabel('profiles:read').check()
  await page.getByTestId('oauth-app-submit').click()
  await expect(page).toHaveURL(/\/manage-apps\/created\//)
  const clientId = (await page.getByTestId('oauth-client-id').textContent())!.trim()
  const secret = (await page.getByTestId('oauth-client-secret').textContent())!.trim()
  expect(secret).toMatch(/^kcs_/)
  await snap(page, 'oauth-app-created')

  const verifier = randomBytes(48).toString('base64url')
  const challenge = createHash('sha256').update(verifier).digest('base64url')
  const state = randomBytes(8).toString('hex')
  let callback: URL | null = null
  await page.route('http://127.0.0.1:9/**', async (route) => {
    callback = new URL(route.request().url())
    await route.fulfill({ status: 200, contentType: 'text/plain', body: 'app callback' })
  })
  const q = new URLSearchParams({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: REDIRECT,
    scope: 'profiles:read',
    state,
    code_challenge: challenge,
    code_challenge_method: 'S256',
  })
  await page.goto(`/oauth/authorize?${q}`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('E2E Sync wants to access your account')
  await expect(page.getByText('View Profiles')).toBeVisible()
  await snap(page, 'oauth-consent')
  await page.getByTestId('oauth-approve').click()
  await expect.poll(() => callback?.searchParams.get('code') ?? null).not.toBeNull()
  const cb = callback as unknown as URL
  expect(cb.searchParams.get('state')).toBe(state)

  const tokenRes = await page.request.post('/oauth/token', {
    headers: { authorization: 'Basic ' + Buffer.from(`${clientId}:${secret}`).toString('base64') },
    form: {
      grant_type: 'authorization_code',
      code: cb.searchParams.get('code')!,
      redirect_uri: REDIRECT,
      code_verifier: verifier,
    },
  })
  expect(tokenRes.status(), await tokenRes.text()).toBe(200)
  const tokens = await tokenRes.json()
  expect(tokens).toMatchObject({ token_type: 'Bearer', scope: 'profiles:read' })

  const bearer = {
    authorization: `Bearer ${tokens.access_token}`,
    revision: '2026-07-15',
    accept: 'application/vnd.api+json',
  }
  expect((await page.request.get('/api/profiles/', { headers: bearer })).status()).toBe(200)
  const write = await page.request.post('/api/profiles/', {
    headers: { ...bearer, 'content-type': 'application/vnd.api+json' },
    data: { data: { type: 'profile', attributes: { email: 'x@example.test' } } },
  })
  expect(write.status()).toBe(403)

  await page.goto('/oauth/client')
  const row = page.getByTestId(`authorized-${clientId}`)
  await expect(row).toContainText('E2E Sync')
  page.once('dialog', (d) => void d.accept())
  await row.getByRole('button', { name: 'Revoke access' }).click()
  await expect(row).toHaveCount(0)
  expect((await page.request.get('/api/profiles/', { headers: bearer })).status()).toBe(401)
})
