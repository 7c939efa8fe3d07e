// Dashboards and the report builder in a real browser on the demo store: the default dashboard
// shows the demo's revenue, one of its cards is edited (title and timeframe) and moved with the
// keyboard buttons; a report of Placed Order grouped by day runs, shows its chart and table, and
// its CSV downloads; the library's "Orders by product" opens in the builder.
import { test, expect } from '@playwright/test'
import { signIn } from './helpers'

test('edit a card of the default dashboard and move it', async ({ page }) => {
  await signIn(page, 'owner@demo.test')
  await page.goto('/dashboard/analytics')
  const cards = page.getByTestId('dashboard-card')
  await expect(cards.first()).toBeVisible({ timeout: 20_000 })
  // The demo has a year of orders: revenue is more than nothing.
  await expect(page.getByTestId('figure-sum_value').first()).not.toContainText(/^Value\s*0/, { timeout: 20_000 })

  await page.getByTestId('edit-dashboard').click()
  const second = cards.nth(1)
  const title = `Orders, last 90 days ${Date.now() % 10_000}`
  await second.getByTestId('edit-card').click()
  await page.getByLabel('Title').fill(title)
  await page.getByLabel('Timeframe').selectOption('last_90_days')
  await page.getByTestId('save-card').click()
  await expect(cards.nth(1)).toContainText(title, { timeout: 20_000 })

  await page.getByRole('button', { name: `Move ${title} up` }).click()
  await expect(cards.first()).toContainText(title, { timeout: 20_000 })
  await page.reload()
  await expect(page.getByTestId('dashboard-card').first()).toContainText(title, { timeout: 20_000 })
})

test('build a report, see its chart and table, export CSV', async ({ page }) => {
  await signIn(page, 'owner@demo.test')
  await page.goto('/report-builder/create')
  await page.getByLabel('Metric').selectOption({ label: 'Placed Order' })
  await page.getByLabel('Sum of value').check()
  await page.getByLabel('Timeframe').selectOption('last_90_days')
  await page.getByTestId('run-report').click()
  const results = page.getByTestId('report-results')
  await expect(results).toBeVisible({ timeout: 30_000 })
  await expect(results.getByTestId('metric-chart')).toBeVisible()
  expect(await page.getByTestId('report-table').locator('tbody tr').count()).toBeGreaterThan(80)

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()])
  expect(download.suggestedFilename()).toMatch(/^placed-order-\d{4}-\d{2}-\d{2}\.csv$/)
  const text = await (await download.createReadStream())!.toArray()
  expect(Buffer.concat(text).toString('utf8')).toMatch(/^Day,Count,Value\r\n/)

  await page.getByLabel('Report name').fill(`E2E revenue ${Date.now() % 10_000}`)
  await page.getByTestId('save-report').click()
  await expect(page).toHaveURL(/\/analytics\/report\/[0-9A-Z]{26}$/, { timeout: 20_000 })
  await expect(page.getByTestId('report-results')).toBeVisible({ timeout: 30_000 })
})

test('a library report opens in the builder', async ({ page }) => {
  await signIn(page, 'owner@demo.test')
  await page.goto('/analytics/reports/library')
  const entry = page.getByTestId('library-entry').filter({ hasText: 'Orders by product' })
  await entry.getByRole('link', { name: 'Open in the builder' }).click()
  await expect(page).toHaveURL(/\/report-builder\/create\?from=orders_by_product/)
  await page.getByTestId('run-report').click()
  await expect(page.getByTestId('report-table')).toBeVisible({ timeout: 30_000 })
})
