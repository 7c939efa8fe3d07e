// The signup form screens in a real browser (issue 20 §3): a fresh account starts from the empty
// /forms list, creates a form from the discount popup template for its list, edits the headline
// in the editor and sees it in the live preview (/onsite/preview in the frame), saves, publishes,
// and finds the form live in the listing; the screens are looked at 1440 and 390 px wide.
import { test, expect, type Page } from '@playwright/test'
import { snap, csrf, signUpFreshTenant } from './helpers'

const registerAndSignIn = (page: Page) =>
  signUpFreshTenant(page, { emailPrefix: 'forms', companyName: 'Form Goods', firstName: 'Fern', lastName: 'Forms' })

test('create from the discount popup template, edit the headline, see it in the preview, publish, find it live', async ({
  page,
}) => {
  test.setTimeout(180_000)
  await page.setViewportSize({ width: 1440, height: 900 })
  await registerAndSignIn(page)

  const created = await page.request.post('/ajax/group', {
    data: { name: 'E2E form subscribers', type: 0 },
    headers: { 'X-CSRFToken': await csrf(page) },
  })
  expect(created.ok(), await created.text()).toBeTruthy()
  const group = await created.json()
  const listId = String(group.group?.id ?? group.id ?? group.data?.id)

  // An empty account: the empty state leads to /forms/create.
  await page.goto('/forms')
  await expect(page.getByRole('heading', { name: 'No signup forms yet' })).toBeVisible()
  await snap(page, 'forms-empty-1440')
  await page.getByRole('link', { name: 'Create your first form' }).click()
  await expect(page).toHaveURL(/\/forms\/create$/)

  // The template gallery; choosing a template names the form after it.
  await page.getByTestId('template-discount_popup').click()
  await expect(page.getByTestId('form-name')).toHaveValue('Discount popup')
  await page.getByTestId('form-name').fill('E2E discount popup')
  await page.getByTestId('form-list').selectOption(listId)
  await snap(page, 'forms-create-1440')
  await page.getByTestId('create-form-submit').click()
  await expect(page).toHaveURL(/\/forms\/[A-Za-z0-9]{6}\/variations\/\d+\/edit$/, { timeout: 30_000 })
  const editorUrl = page.url()

  // The editor: the first step's headline is a text block; change it and watch the preview.
  await expect(page.getByTestId('form-editor')).toBeVisible()
  const preview = page.frameLocator('[data-testid="form-preview-desktop"]')
  await expect(preview.getByText('Get 10% off your first order')).toBeVisible({ timeout: 30_000 })
  await page.getByTestId('block-text').first().click()
  await page.getByLabel('Text (simple HTML: bold, italic, links)').fill('<h2>Members get 15% off today</h2>')
  await expect(preview.getByText('Members get 15% off today')).toBeVisible({ timeout: 15_000 })
  await expect(page.getByTestId('save-state')).toHaveText('Unsaved changes')
  await snap(page, 'forms-editor-1440')

  // The phone preview shows the same draft.
  await page.getByTestId('device-mobile').click()
  await expect(
    page.frameLocator('[data-testid="form-preview-mobile"]').getByText('Members get 15% off today'),
  ).toBeVisible({ timeout: 30_000 })

  await page.getByTestId('save-form').click()
  await expect(page.getByTestId('save-state')).toHaveText(/Saved at/, { timeout: 15_000 })
  await page.getByTestId('publish-form').click()
  await expect(page.getByTestId('unpublish-form')).toBeVisible({ timeout: 15_000 })
  await expect(page.getByTestId('form-status').first()).toHaveText('Live')

  // A reload shows the saved text (it came from the server, not from the page's memory).
  await page.goto(editorUrl)
  await page.getByTestId('block-text').first().click()
  await expect(page.getByLabel('Text (simple HTML: bold, italic, links)')).toHaveValue(
    '<h2>Members get 15% off today</h2>',
  )

  // The listing: live, a popup, for the list.
  await page.goto('/forms')
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: 'E2E discount popup' }) })
  await expect(row).toBeVisible()
  await expect(row.getByTestId('form-status')).toHaveText('Live')
  await expect(row).toContainText('Popup')
  await expect(row).toContainText('E2E form subscribers')
  await snap(page, 'forms-list-1440')

  // Phone width: the listing's actions and the editor's save and publish are on screen.
  await page.setViewportSize({ width: 390, height: 844 })
  await page.reload()
  await expect(page.getByTestId('create-form')).toBeInViewport()
  await snap(page, 'forms-list-390')
  await page.goto(editorUrl)
  await expect(page.getByTestId('save-form')).toBeInViewport()
  await expect(page.getByTestId('unpublish-form')).toBeInViewport()
  const width = await page.evaluate(() => document.documentElement.scrollWidth)
  expect(width).toBeLessThanOrEqual(390)
  await snap(page, 'forms-editor-390')
})
