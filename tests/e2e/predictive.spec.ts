// Predictive analytics in a real browser on the demo store (its year of orders is eligible and
// the seed fits the models): the CLV page shows the customers scored, the distribution and the
// holdout check; "likely to churn" becomes a real segment in one click; a profile with orders
// shows its predictive card.
import { test, expect } from '@playwright/test'
import { signIn } from './helpers'

test('the CLV page on the demo data, and a one-click churn segment', async ({ page }) => {
  await signIn(page, 'owner@demo.test')
  await page.goto('/predictive-models/clv')
  await expect(page.getByRole('heading', { name: 'Predictive analytics' })).toBeVisible()
  const scored = page.getByTestId('customers-scored')
  await expect(scored).toBeVisible({ timeout: 20_000 })
  expect(Number((await scored.textContent())!.replace(/[^0-9]/g, ''))).toBeGreaterThan(500)
  await expect(page.getByTestId('eligibility-problems')).toHaveCount(0)
  await expect(page.getByTestId('clv-histogram')).toBeVisible()
  await expect(page.getByTestId('holdout-chart')).toBeVisible()

  await page.getByTestId('create-churn-segment').click()
  await expect(page).toHaveURL(/\/list\/[A-Za-z0-9]{6}/, { timeout: 20_000 })
  await expect(page.getByRole('heading', { name: 'Likely to churn' })).toBeVisible()
  await expect(page.getByText(/Churn probability/)).toBeVisible()
})

test('Refit now queues a refit and the page comes back with a newer fit', async ({ page }) => {
  await signIn(page, 'owner@demo.test')
  await page.goto('/predictive-models/clv')
  const refit = page.getByTestId('refit-now')
  await expect(refit).toBeVisible({ timeout: 20_000 })
  await refit.click()
  await expect(refit).toHaveText('Refit now', { timeout: 60_000 })
  await expect(page.getByTestId('customers-scored')).toBeVisible()
})

test('an unknown tab is a 404', async ({ page }) => {
  await signIn(page, 'owner@demo.test')
  const res = await page.goto('/predictive-models/nope')
  expect(res?.status()).toBe(404)
})
