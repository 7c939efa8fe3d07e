// Security headers and undecodable paths over real HTTP against `next start` (what the proxy
// unit tests cannot show: that Next.js applies the nonce to its scripts, that the browser runs
// the app under the policy, and that Next's router never sees an undecodable path).
import { test, expect, type Page } from '@playwright/test'
import { signIn } from './helpers'

const nonceOf = (csp: string) => /script-src [^;]*'nonce-([A-Za-z0-9+/=]+)'/.exec(csp)?.[1]

/** Every CSP violation the page reports, from the DOM event and from the console. */
async function watchCsp(page: Page): Promise<string[]> {
  const violations: string[] = []
  await page.exposeFunction('__reportCspViolation', (v: string) => {
    violations.push(v)
  })
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      ;(window as unknown as { __reportCspViolation: (v: string) => void }).__reportCspViolation(
        `${e.violatedDirective} blocked ${e.blockedURI || 'inline'} at ${e.sourceFile}:${e.lineNumber}`,
      )
    })
  })
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text())
  })
  return violations
}

test('a page: nonce CSP on every script tag, no framing, nosniff, referrer policy; no HSTS over http', async ({
  request,
}) => {
  const res = await request.get('/login')
  expect(res.status()).toBe(200)
  const h = res.headers()
  const csp = h['content-security-policy'] ?? ''
  const nonce = nonceOf(csp)
  expect(nonce).toBeTruthy()
  expect(csp).toContain("frame-ancestors 'none'")
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/)
  expect(h['x-frame-options']).toBe('DENY')
  expect(h['x-content-type-options']).toBe('nosniff')
  expect(h['referrer-policy']).toBe('strict-origin-when-cross-origin')
  expect(h['strict-transport-security']).toBeUndefined()

  const html = await res.text()
  const scripts = html.match(/<script\b[^>]*>/g) ?? []
  expect(scripts.length).toBeGreaterThan(0)
  for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`)

  // A fresh nonce on every request.
  expect(nonceOf((await request.get('/login')).headers()['content-security-policy'] ?? '')).not.toBe(nonce)
})

test('an API answer and a static asset carry the headers too', async ({ request }) => {
  const api = await request.get('/api/profiles')
  expect(api.status()).toBe(401)
  expect(api.headers()['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'")
  expect(api.headers()['x-content-type-options']).toBe('nosniff')
  expect(api.headers()['x-frame-options']).toBe('DENY')
  expect(api.headers()['referrer-policy']).toBe('strict-origin-when-cross-origin')

  const html = await (await request.get('/login')).text()
  const chunk = /<script\b[^>]*src="(\/_next\/static\/[^"]+)"/.exec(html)?.[1]
  expect(chunk).toBeTruthy()
  const asset = await request.get(chunk!)
  expect(asset.status()).toBe(200)
  expect(asset.headers()['x-content-type-options']).toBe('nosniff')
})

test('invalid percent-encodings: a JSON:API 400 on /api and /client, the not-found page elsewhere', async ({
  request,
}) => {
  for (const path of ['/api/profiles/%ff', '/api/lists/%ff', '/client/profiles/%ff?company_id=x']) {
    const res = await request.get(path)
    expect([path, res.status()]).toEqual([path, 400])
    expect(res.headers()['content-type']).toContain('application/vnd.api+json')
    const body = await res.json()
    expect(body.errors[0]).toMatchObject({ status: 400, code: 'invalid' })
  }
  for (const path of ['/lists/%ff', '/list/%ff', '/profile/%ff', '/%zz']) {
    const res = await request.get(path)
    expect([path, res.status()]).toEqual([path, 404])
    expect(res.headers()['content-type']).toContain('text/html')
    expect(res.headers()['content-security-policy']).toContain("'nonce-")
    const html = await res.text()
    expect(html).toContain('<title>Page not found | Merchant Automation</title>')
    const nonce = nonceOf(res.headers()['content-security-policy'] ?? '')
    for (const tag of html.match(/<script\b[^>]*>/g) ?? []) expect(tag).toContain(`nonce="${nonce}"`)
  }
})

test('an unknown /api path answers the JSON:API 404; real endpoints still answer', async ({ request }) => {
  for (const [method, path] of [
    ['GET', '/api/no-such-family'],
    ['POST', '/api/no-such-family/'],
    ['GET', '/api/profiles/abc/nothing-here'],
  ] as const) {
    const res = await request.fetch(path, { method })
    expect([method, path, res.status()]).toEqual([method, path, 404])
    expect(res.headers()['content-type']).toContain('application/vnd.api+json')
    const body = await res.json()
    expect(body.errors).toEqual([expect.objectContaining({ status: 404, code: 'not_found', title: 'Not found.' })])
  }
  // No API key: the real endpoints answer 401, not the catch-all's 404.
  for (const path of ['/api/profiles', '/api/profiles/01KAAAAAAAAAAAAAAAAAAAAAAA', '/api/metrics', '/api/flows']) {
    expect([path, (await request.get(path)).status()]).toEqual([path, 401])
  }
})

test('the app runs under the policy: sign-in → dashboard → lists → a profile → metrics without a CSP violation', async ({
  page,
}) => {
  const violations = await watchCsp(page)
  await signIn(page, 'owner@demo.test')
  await expect(page).toHaveURL(/\/dashboard/)
  await expect(page.getByTestId('app-sidebar')).toBeVisible()

  await page.goto('/lists')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()

  await page.goto('/people/subscribers')
  await page.getByTestId('profile-link').first().click()
  await expect(page).toHaveURL(/\/profile\//)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()

  await page.goto('/analytics/metrics')
  await page.getByTestId('metric-row').first().getByRole('link').click()
  await expect(page).toHaveURL(/\/metric\//)
  await expect(page.getByTestId('metric-chart')).toBeVisible()

  // Client-side navigation back through the sidebar loads more chunks under the same policy.
  await page.getByTestId('app-sidebar').getByRole('link').first().click()
  await page.waitForLoadState('networkidle')
  expect(violations).toEqual([])
})
