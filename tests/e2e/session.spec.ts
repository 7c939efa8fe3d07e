import { test, expect } from '@playwright/test'
import { signIn, PASSWORD } from './helpers'

test('a session expiring in one tab shows the modal; signing in from another tab turns its button into close', async ({
  context,
}) => {
  const a = await context.newPage()
  await a.clock.install()
  await signIn(a, 'owner@demo.test')
  await a.goto('/dashboard')
  // The shell has started once its start-up calls are in (the chat button appears then).
  await expect(a.getByTestId('support-chat-button')).toBeVisible()
  // Jump past the idle expiry the state cookie announced.
  await a.clock.fastForward('30:00:00')
  const modal = a.getByTestId('session-expiry-modal')
  await expect(modal).toBeVisible()
  await expect(a.getByTestId('session-modal-action')).toHaveText(/login to continue/i)

  // Sign out through the API (no page is open to start its own redirect), then back in.
  const csrf = (await context.cookies()).find((c) => c.name === 'kl_csrftoken')?.value ?? ''
  const out = await context.request.post('/ajax/logout', { headers: { 'X-CSRFToken': csrf } })
  expect(out.status()).toBe(200)
  const b = await context.newPage()
  await b.goto('/login')
  await b.getByLabel('Email').fill('owner@demo.test')
  await b.getByLabel('Password').fill(PASSWORD)
  await b.getByRole('button', { name: /sign in/i }).click()
  await expect(b).toHaveURL(/\/dashboard$/)

  await expect(a.getByTestId('session-modal-action')).toHaveText(/close/i)
  await a.getByTestId('session-modal-action').click()
  await expect(modal).toBeHidden()
})

test('switching company in one tab shows the dashboard button in the other', async ({ context }) => {
  const a = await context.newPage()
  await signIn(a, 'owner@demo.test')
  await expect(a.getByTestId('app-header')).toContainText('Demo Store')
  await expect(a.getByTestId('support-chat-button')).toBeVisible()

  const b = await context.newPage()
  await b.goto('/dashboard')
  await b.getByTestId('account-switcher').click()
  await b.getByRole('button', { name: /second store/i }).click()
  await expect(b.getByTestId('app-header')).toContainText('Second Store')

  await expect(a.getByTestId('session-expiry-modal')).toBeVisible()
  await expect(a.getByTestId('session-modal-action')).toHaveText(/dashboard/i)
  // Switch back so other tests start in Demo Store.
  await b.getByTestId('account-switcher').click()
  await b.getByRole('button', { name: /demo store/i }).click()
})
