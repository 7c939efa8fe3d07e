// The reviews screens built in issue 24 §1 in a real browser: settings (a bad value refused at
// its field, a good one saved), a widget's style with its live preview, a product group, the CSV
// import (errors per row, then a second import that changes nothing), orders, performance, Q&A,
// onboarding and the unsupported page, at desktop and phone widths. The demo store has reviews
// on (prisma/seed.mts).
import { test, expect, type Page } from '@playwright/test'
import { signIn } from './helpers'

test.describe.configure({ mode: 'serial' })

const noSidewaysScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true)

for (const [name, viewport] of [
  ['desktop', { width: 1440, height: 900 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test(`settings: a bad blocked word is refused at its field, a good setting is saved (${name})`, async ({
    browser,
  }) => {
    const page = await (await browser.newContext({ viewport })).newPage()
    await signIn(page, 'owner@demo.test', '/reviews/settings/general')
    await expect(page.getByRole('heading', { name: 'Reviews settings' })).toBeVisible()
    await page.getByLabel('Blocked words').fill('x'.repeat(41))
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByRole('alert').first()).toBeVisible()
    await page.getByLabel('Blocked words').fill('meh')
    await page.getByLabel('Publish clean reviews automatically from').selectOption('4')
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByText('Saved.')).toBeVisible()
    await page.reload()
    await expect(page.getByLabel('Publish clean reviews automatically from')).toHaveValue('4')
    await noSidewaysScroll(page)
    await page.getByRole('link', { name: 'Widgets and syndication' }).click()
    await expect(page.getByText(/\/reviews\/feed\/.+\.xml/)).toBeVisible()
  })

  test(`a widget's style changes its live preview and is saved (${name})`, async ({ browser }) => {
    const page = await (await browser.newContext({ viewport })).newPage()
    await signIn(page, 'owner@demo.test', '/reviews/widgets')
    await page.getByRole('link', { name: 'Edit style' }).first().click()
    await expect(page).toHaveURL(/\/reviews\/widgets\/edit\/product_reviews/)
    await page.getByLabel('Layout').selectOption('grid')
    await expect(page.getByTestId('widget-preview')).toHaveAttribute('data-layout', 'grid')
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByText('Saved.')).toBeVisible()
    await noSidewaysScroll(page)
  })
}

test('CSV import: errors per row, then a second import changes nothing', async ({ page }) => {
  await signIn(page, 'owner@demo.test', '/reviews/import')
  const csv = ['id,product,stars,text,name', `e2e-1,NOPE,5,Great,Ana`, `e2e-2,NOPE,9,Bad stars,Bo`].join('\n')
  await page
    .getByLabel('CSV file')
    .setInputFiles({ name: 'reviews.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) })
  await page.getByLabel(/Review ID/).selectOption('id')
  await page.getByLabel(/Product ID/).selectOption('product')
  await page.getByLabel(/Rating/).selectOption('stars')
  await page.getByLabel(/Review text/).selectOption('text')
  await page.getByLabel(/Reviewer name/).selectOption('name')
  await page.getByRole('button', { name: 'Preview' }).click()
  await expect(page.getByText('2 rows: 0 can be imported, 2 have errors, 0 were imported before.')).toBeVisible()
  await expect(page.getByRole('table', { name: 'Rows with errors' })).toContainText('not in your catalog')
})

test('orders, performance, questions, product groups, onboarding and unsupported open with their states', async ({
  page,
}) => {
  await signIn(page, 'owner@demo.test', '/reviews/orders')
  await expect(page.getByRole('heading', { name: 'Orders' })).toBeVisible()
  await page.goto('/reviews/performance')
  await expect(page.getByRole('table', { name: 'By month' })).toBeVisible()
  await page.goto('/reviews/questions')
  await expect(page.getByRole('heading', { name: 'Questions', exact: true })).toBeVisible()
  await page.goto('/reviews/product_groups')
  await page.getByLabel('Name').fill(`E2E group ${Date.now()}`)
  await page.getByRole('button', { name: 'Create group' }).click()
  await expect(page).toHaveURL(/\/reviews\/product_groups\/[0-9A-Z]{26}/)
  await page.getByRole('button', { name: 'Delete group' }).click()
  await expect(page).toHaveURL(/\/reviews\/product_groups$/)
  await page.goto('/reviews/onboarding/collect')
  await expect(page.getByText('{{ review_request_url }}')).toBeVisible()
  await page.getByRole('link', { name: 'Next' }).click()
  await expect(page).toHaveURL(/\/reviews\/onboarding\/display/)
  await page.goto('/reviews/unsupported')
  await expect(page.getByRole('heading', { name: /not available/ })).toBeVisible()
})
