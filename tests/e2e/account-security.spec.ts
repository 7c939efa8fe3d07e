// Two-factor sign-in in the browser (issue 12 §2): a new owner turns it on from the security
// settings (QR code and key on /configure-mfa, a code from the key, backup codes shown once),
// then signs in again: password, then /login-mfa with a code, then the dashboard.
import { createHmac, randomBytes } from 'node:crypto'
import { test, expect, type Page } from '@playwright/test'
import { snap } from './helpers'

// RFC 6238 (SHA-1, 6 digits, 30 s), as any authenticator app computes it.
function totp(secret: string, ms: number): string {
  const A = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'
  let bits = ''
  for (const ch of secret.replace(/=+$/, '')) bits += A.indexOf(ch).toString(2).padStart(5, '0')
  const key = Buffer.from(bits.match(/.{8}/g)!.map((b) => parseInt(b, 2)))
  const counter = Buffer.alloc(8)
  counter.writeBigUInt64BE(BigInt(Math.floor(ms / 30_000)))
  const h = createHmac('sha1', key).update(counter).digest()
  const o = h[h.length - 1]! & 0xf
  return String((h.readUInt32BE(o) & 0x7fffffff) % 1_000_000).padStart(6, '0')
}

const PASSWORD = 'mfa-e2e-password'

async function signInForm(page: Page, email: string) {
  await page.goto('/login')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: /sign in/i }).click()
}

test('turn on two-factor sign-in, then sign in with a code from the authenticator', async ({ page, browser }) => {
  // A fresh tenant: register through the real call, then sign in through the form.
  const email = `mfa-${randomBytes(4).toString('hex')}@example.test`
  await page.goto('/login')
  const csrf = (await page.context().cookies()).find((c) => c.name === 'kl_csrftoken')?.value ?? ''
  const reg = await page.request.post('/ajax/register', {
    data: { companyName: 'MFA Goods', firstName: 'Mia', lastName: 'Factor', email, password: PASSWORD },
    headers: { 'X-CSRFToken': csrf },
  })
  expect(reg.status()).toBe(202)
  await signInForm(page, email)
  await expect(page).toHaveURL(/\/dashboard$/)

  await page.goto('/settings/account/security')
  const panel = page.getByTestId('mfa-panel')
  await expect(panel).toBeVisible()
  await panel.getByRole('link', { name: 'Turn on' }).click()
  await expect(page).toHaveURL(/\/configure-mfa$/)
  await page.getByRole('button', { name: 'Set up' }).click()
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible()
  const secret = (await page.getByTestId('mfa-secret').textContent())!.trim()
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/)
  await snap(page, 'configure-mfa')
  await page.getByLabel('6-digit code').fill(totp(secret, Date.now()))
  await page.getByRole('button', { name: 'Turn on' }).click()
  const codes = page.getByTestId('mfa-backup-codes')
  await expect(codes.getByRole('listitem')).toHaveCount(10)
  await codes.getByRole('link', { name: 'Continue' }).click()
  await expect(page).toHaveURL(/\/settings\/account\/security$/)
  await expect(page.getByTestId('mfa-panel').getByRole('button', { name: 'Turn off' })).toBeVisible()

  // A second browser: the password alone stops at /login-mfa.
  const other = await browser.newContext()
  const page2 = await other.newPage()
  await signInForm(page2, email)
  await expect(page2).toHaveURL(/\/login-mfa\?next=%2Fdashboard$/)
  // Nothing else opens with the half-finished sign-in.
  await page2.goto('/settings/account/security')
  await expect(page2).toHaveURL(/\/login\?next=/)
  await page2.goBack()
  await expect(page2).toHaveURL(/\/login-mfa/)
  const current = totp(secret, Date.now())
  await page2.getByLabel('6-digit code').fill(current === '000000' ? '111111' : '000000')
  await page2.getByRole('button', { name: 'Verify' }).click()
  await expect(
    page2.getByText('That code is not valid. Enter the current code from your authenticator app.'),
  ).toBeVisible()
  // The next time step's code: the setup code's step is spent, and one step of drift is allowed.
  await page2.getByLabel('6-digit code').fill(totp(secret, Date.now() + 30_000))
  await snap(page2, 'login-mfa')
  await page2.getByRole('button', { name: 'Verify' }).click()
  await expect(page2).toHaveURL(/\/dashboard$/)
  await expect(page2.getByTestId('app-sidebar')).toBeVisible()
  await other.close()
})
