import { test, expect } from '@playwright/test'
import { signIn } from './helpers'

test('a toast auto-dismisses after 5 s and pauses while hovered', async ({ page }) => {
  await signIn(page, 'owner@demo.test')
  // The page's timers run on Playwright's clock (time still flows; runFor jumps ahead), so the
  // 5 s toast timer is checked without waiting for it.
  await page.clock.install()
  await page.goto('/settings/account/security')
  await expect(page.getByTestId('support-chat-button')).toBeVisible()

  // Granting staff access confirms with a success toast.
  await page.getByRole('button', { name: /grant access|change date/i }).click()
  const granted = page.getByTestId('toasts-success').getByText(/staff access granted/i)
  await expect(granted).toBeVisible()
  await granted.hover()
  await page.clock.runFor(7000)
  await expect(granted).toBeVisible() // still there: hovering pauses the 5 s timer
  await page.mouse.move(5, 5)
  await page.clock.runFor(5500)
  await expect(granted).toBeHidden()

  // Revoking confirms too; left alone, that toast goes by itself.
  await page.getByRole('button', { name: /revoke access/i }).click()
  const revoked = page.getByTestId('toasts-success').getByText(/staff access revoked/i)
  await expect(revoked).toBeVisible()
  await page.clock.runFor(4000)
  await expect(revoked).toBeVisible() // not before its 5 s
  await page.clock.runFor(1500)
  await expect(revoked).toBeHidden()
})
