// Deliverability and monitors in a real browser on the demo store: the email deliverability
// page shows the demo's rates by mailbox provider and the score; a bounce-rate monitor is
// created through the form (a field error first), opens with its chart and appears in the list;
// the alerts page shows the seeded incident.
import { test, expect } from '@playwright/test'
import { signIn } from './helpers'

test('the deliverability page shows the demo rates by provider and the score', async ({ page }) => {
  await signIn(page, 'owner@demo.test')
  await page.goto('/analytics/deliverability/email')
  await expect(page.getByRole('heading', { name: 'Deliverability' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'By mailbox provider' })).toBeVisible({ timeout: 20_000 })
  await expect(page.getByRole('cell', { name: 'Gmail' })).toBeVisible()
  await expect(page.getByText('Deliverability score')).toBeVisible()
  await page.getByRole('link', { name: 'Bounce details' }).click()
  await expect(page).toHaveURL(/\/analytics\/deliverability\/email\/bounce-details/)
  await expect(page.getByRole('heading', { name: /^Bounces \(/ })).toBeVisible({ timeout: 20_000 })
})

test('create a monitor, see it with its chart and in the list', async ({ page }) => {
  await signIn(page, 'owner@demo.test')
  await page.goto('/analytics/monitors/create')
  await page.getByLabel('Name').fill('E2E bounce watch')
  await page.getByLabel('Window (minutes)').fill('1')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('The window is at least 5 minutes.')).toBeVisible()
  await page.getByLabel('Window (minutes)').fill('60')
  await page.getByLabel('Threshold (%)').fill('3')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page).toHaveURL(/\/analytics\/monitors\/[0-9A-Z]{26}$/, { timeout: 20_000 })
  await expect(page.getByRole('heading', { name: 'E2E bounce watch' })).toBeVisible()
  await expect(page.getByTestId('monitor-chart')).toBeVisible({ timeout: 20_000 })
  await page.goto('/analytics/monitors')
  await expect(page.getByRole('link', { name: 'E2E bounce watch' })).toBeVisible()
  await page.getByRole('link', { name: 'Alerts' }).click()
  await expect(page.getByText(/Bounce rate over 2 % in an hour/).first()).toBeVisible({ timeout: 20_000 })
})
