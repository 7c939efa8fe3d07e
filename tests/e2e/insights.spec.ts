// Customer insights in a real browser on the demo store: the RFM tab shows its groups with
// customers in them, one group becomes a list (a snapshot) that opens with its members; the
// cohort triangle and the product insights show the demo's year of orders.
import { test, expect } from '@playwright/test'
import { signIn } from './helpers'

test('RFM groups on the demo, and a list made from one group', async ({ page }) => {
  await signIn(page, 'owner@demo.test')
  await page.goto('/customer-insights/rfm')
  const groups = page.getByTestId('rfm-groups')
  await expect(groups).toBeVisible({ timeout: 20_000 })
  const champions = page.getByTestId('rfm-group-champions')
  await expect(champions.getByRole('heading', { name: 'Champions' })).toBeVisible()
  const size = Number((await champions.locator('p').first().textContent())!.replace(/[^0-9]/g, ''))
  expect(size).toBeGreaterThan(0)
  await expect(page.getByText(/Movement from/)).toBeVisible()

  await champions.getByRole('link', { name: 'Make a list' }).click()
  await expect(page).toHaveURL(/\/lists\/create-rfm\/champions/)
  await expect(page.getByText(/does not update itself/)).toBeVisible()
  await expect(page.getByTestId('rfm-create-size')).toContainText(String(size.toLocaleString('en-US')))
  await page.getByLabel('Name').fill('E2E champions')
  await page.getByRole('button', { name: 'Create list' }).click()
  await expect(page).toHaveURL(/\/list\/[A-Za-z0-9]{6}/, { timeout: 20_000 })
  await expect(page.getByRole('heading', { name: 'E2E champions' })).toBeVisible()
})

test('cohorts and product insights show the demo orders', async ({ page }) => {
  await signIn(page, 'owner@demo.test')
  await page.goto('/customer-insights/cohort')
  await expect(page.getByTestId('cohort-triangle')).toBeVisible({ timeout: 20_000 })
  expect(await page.getByTestId('cohort-triangle').locator('tbody tr').count()).toBe(12)
  await page.goto('/catalog-insights/product')
  await expect(page.getByRole('heading', { name: 'Top products by revenue' })).toBeVisible({ timeout: 20_000 })
  await expect(page.getByRole('heading', { name: 'Bought together' })).toBeVisible()
})

test('the activity map shades the demo countries and the funnel shows every step', async ({ page }) => {
  await signIn(page, 'owner@demo.test')
  await page.goto('/activity-map')
  const map = page.getByTestId('activity-map')
  await expect(map).toBeVisible({ timeout: 20_000 })
  await expect(map.locator('circle').first()).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Top countries' })).toBeVisible()
  await page.goto('/customer-insights/funnel')
  await expect(page.getByTestId('funnel-chart')).toBeVisible({ timeout: 20_000 })
  await expect(page.getByRole('columnheader', { name: 'Placed Order' })).toBeVisible()
})

test('a custom metric is created from two metrics and listed', async ({ page }) => {
  await signIn(page, 'owner@demo.test')
  await page.goto('/analytics/custom-metrics/create')
  const name = `E2E orders ${Date.now()}`
  await page.getByLabel('Name').fill(name)
  await page.getByLabel('Metric 1').selectOption({ label: 'Placed Order' })
  await page.getByRole('button', { name: 'Add a metric' }).click()
  await page.getByLabel('Metric 2').selectOption({ label: 'Ordered Product' })
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page).toHaveURL(/\/analytics\/custom-metrics$/, { timeout: 20_000 })
  await expect(page.getByTestId('custom-metrics').getByRole('link', { name })).toBeVisible()
})
