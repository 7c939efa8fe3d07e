// The profile's sub-pages on the demo store: a subscriber's activity log, messages, lists and
// segments and metrics each show the demo's year of data, and the tabs move between them.
import { test, expect } from '@playwright/test'
import { signIn } from './helpers'

test('a demo subscriber’s activity log, messages, lists and segments and metrics', async ({ page }) => {
  await signIn(page, 'owner@demo.test')
  // A subscriber the demo's messages reached (the newest ones may have none yet).
  const res = await page.request.get('/ajax/people/subscribers?page_size=25')
  expect(res.ok()).toBe(true)
  const rows = (await res.json()).data as Array<{ profileId?: string; profile_id?: string }>
  let id = ''
  for (const r of rows) {
    const candidate = (r.profileId ?? r.profile_id)!
    const m = await page.request.get(`/ajax/profile/${candidate}/messages`)
    if ((await m.json()).messages?.length) {
      id = candidate
      break
    }
  }
  expect(id).not.toBe('')

  await page.goto(`/profile/${id}/metrics`)
  const metrics = page.getByTestId('profile-metrics')
  await expect(metrics.locator('tbody tr').first()).toBeVisible({ timeout: 20_000 })
  await expect(
    page.getByRole('navigation', { name: 'Profile pages' }).getByRole('link', { name: 'Metrics' }),
  ).toHaveAttribute('aria-current', 'page')

  const tabs = page.getByRole('navigation', { name: 'Profile pages' })
  await tabs.getByRole('link', { name: 'Messages' }).click()
  await expect(page).toHaveURL(new RegExp(`/profile/${id}/campaigns$`))
  await expect(page.getByTestId('profile-campaigns').locator('tbody tr').first()).toBeVisible({ timeout: 20_000 })

  await tabs.getByRole('link', { name: 'Lists and segments' }).click()
  await expect(page.getByTestId('profile-lists-and-segments').getByRole('table')).toBeVisible({ timeout: 20_000 })

  await tabs.getByRole('link', { name: 'Activity log' }).click()
  await expect(page.getByTestId('profile-activity-log').getByText('Profile created')).toBeVisible({ timeout: 20_000 })

  await tabs.getByRole('link', { name: 'Profile', exact: true }).click()
  await expect(page.getByTestId('profile-screen')).toBeVisible({ timeout: 20_000 })
})
