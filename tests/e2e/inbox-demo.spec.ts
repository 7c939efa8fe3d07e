// The demo store's inbox (issue 25, lib/seed/seed-conversations.ts) in a real browser: the seeded
// conversations are listed, one opens with its automatic answer marked, and the search box
// narrows the list through the trigram search.
import { test, expect } from '@playwright/test'
import { signIn } from './helpers'

test('the demo inbox has conversations to open and search', async ({ page }) => {
  test.setTimeout(120_000)
  await signIn(page, 'owner@demo.test')
  await page.goto('/inbox/conversations')
  await expect(page.getByRole('heading', { level: 1, name: 'Conversations' })).toBeVisible({ timeout: 20_000 })
  const rows = page.getByTestId('inbox-conversation')
  await expect(rows.first()).toBeVisible({ timeout: 20_000 })
  expect(await rows.count()).toBeGreaterThan(5)

  await page.getByLabel('Search').fill('ceramic vase')
  const match = rows.filter({ hasText: 'ceramic vase' })
  await expect(match.first()).toBeVisible({ timeout: 20_000 })
  await expect(rows.filter({ hasNotText: 'ceramic vase' })).toHaveCount(0, { timeout: 20_000 })

  await page.getByLabel('Search').fill('Canada')
  await rows.filter({ hasText: 'Canada' }).first().click()
  const thread = page.getByTestId('inbox-thread')
  await expect(thread.getByText('Do you ship to Canada?')).toBeVisible()
  await expect(thread.getByText('Automatic')).toBeVisible()
})
