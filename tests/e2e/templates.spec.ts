// Templates in a real browser (issue 8 tests): build a template in the block editor, preview
// it for a real profile, send a preview, and find it in the sent-messages viewer (the local
// outbox, marked not delivered, since the e2e server has no SMTP server).
import { test, expect } from '@playwright/test'
import { signIn, snap } from './helpers'

test('build a template, preview it for a profile, send a preview and see it in the sent messages', async ({ page }) => {
  test.setTimeout(180_000)
  await signIn(page, 'owner@demo.test')

  // Create a blank drag-and-drop template
  await page.goto('/email-templates/create')
  await page.getByTestId('template-name').fill('E2E welcome')
  await page.getByTestId('create-submit').click()
  await expect(page).toHaveURL(/\/email-template-editor\/template\/[A-Za-z0-9]+$/, { timeout: 30_000 })
  await expect(page.getByTestId('editor-title')).toHaveText('E2E welcome')

  // Build it: a text block with a variable, and a button moved above it with the keyboard controls
  await page.getByTestId('add-text').click()
  await page.getByTestId('text-mode-html').click()
  await page.getByTestId('text-html').fill('<p>Hello {{ first_name|default:"friend" }}, this is the E2E check.</p>')
  await page.getByTestId('add-button').click()
  await page.getByTestId('button-text').fill('Claim your offer')
  const frame = page.frameLocator('[data-testid="preview-frame"]')
  // Without a chosen profile the preview uses a sample profile (the store's latest one)
  await expect(frame.getByText(/^Hello .+, this is the E2E check\.$/)).toBeVisible({ timeout: 30_000 })
  await expect(frame.getByText('Claim your offer')).toBeVisible({ timeout: 30_000 })
  await page.getByTestId('device-mobile').click()
  await expect(frame.getByText('Claim your offer')).toBeVisible()

  await expect(page.getByTestId('unsaved')).toBeVisible()
  await page.getByTestId('save-template').click()
  await expect(page.getByTestId('unsaved')).toHaveCount(0, { timeout: 30_000 })

  // Preview for a real profile of the demo store
  await page.getByTestId('view-preview').click()
  await page.getByTestId('profile-search').fill('a')
  const match = page.getByTestId('profile-match').first()
  await expect(match).toBeVisible({ timeout: 30_000 })
  const name = (await match.locator('strong').innerText()).trim()
  await match.click()
  await expect(page.getByTestId('preview-profile')).toContainText(name)
  const firstName = name.includes('@') ? 'friend' : name.split(' ')[0]!
  const preview = page.frameLocator('[data-testid="preview-frame"]').last()
  await expect(page.getByText(`Rendered for ${name}`)).toBeVisible({ timeout: 30_000 })
  await expect(preview.getByText(`Hello ${firstName}, this is the E2E check.`)).toBeVisible()

  // Send the preview, then find it in the sent-messages viewer
  await page.getByTestId('preview-email').fill('e2e-preview@example.test')
  await page.getByTestId('send-preview').click()
  await expect(page.getByText('Preview queued for e2e-preview@example.test.')).toBeVisible({ timeout: 30_000 })
  await page.getByTestId('view-sent').click()
  await expect(page).toHaveURL(/\/settings\/email\/outbox$/)
  const row = page.getByRole('row').filter({ hasText: 'e2e-preview@example.test' }).first()
  await expect(row).toBeVisible({ timeout: 30_000 })
  await expect(row).toContainText('Not delivered (local outbox)', { timeout: 30_000 })
  await row.getByTestId('message-open').click()
  const detail = page.getByTestId('message-detail')
  await expect(detail).toContainText('e2e-preview@example.test')
  await expect(
    page.frameLocator('[data-testid="message-html"]').getByText(`Hello ${firstName}, this is the E2E check.`),
  ).toBeVisible()
  await page.getByTestId('part-text').click()
  await expect(page.getByTestId('message-text')).toContainText('E2E check')
  await page.getByTestId('part-headers').click()
  await expect(page.getByTestId('message-headers')).toContainText('Message-ID')
})

test('a syntax error in a code template names its line and column and is not saved', async ({ page }) => {
  test.setTimeout(120_000)
  await signIn(page, 'owner@demo.test')
  await page.goto('/email-templates/create')
  await page.getByTestId('start-code').click()
  await page.getByTestId('template-name').fill('E2E code')
  await page.getByTestId('create-submit').click()
  await expect(page).toHaveURL(/\/email-template-editor\/template\/[A-Za-z0-9]+$/, { timeout: 30_000 })
  const code = page.getByTestId('code-editor')
  await code.fill('<p>one</p>\n<p>{% if %}</p>\n')
  await expect(page.getByTestId('code-issues')).toContainText('Line 2', { timeout: 30_000 })
  await page.getByTestId('save-template').click()
  await expect(page.getByTestId('unsaved')).toBeVisible()
  await expect(page.getByTestId('code-issues')).toContainText('Line 2')
})

// Issue 30 §4: the image block takes an upload, the product block a catalog item, the text block
// rich text; all three survive a save and a reload.
const PNG_8x8 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEUlEQVR4nGN4FqCBFTEMLQkAYEZXgbiVBocAAAAASUVORK5CYII=',
  'base64',
)

test('upload an image, pick a product and bold a word; all three are there after a reload', async ({ page }) => {
  test.setTimeout(180_000)
  await page.setViewportSize({ width: 1400, height: 900 })
  await signIn(page, 'owner@demo.test')
  await page.goto('/email-templates/create')
  await page.getByTestId('template-name').fill('E2E blocks')
  await page.getByTestId('create-submit').click()
  await expect(page).toHaveURL(/\/email-template-editor\/template\/[A-Za-z0-9]+$/, { timeout: 30_000 })
  const frame = page.frameLocator('[data-testid="preview-frame"]')

  // Image: upload a file through the block's upload button
  await page.getByTestId('add-image').click()
  await page
    .getByTestId('image-upload-input')
    .setInputFiles({ name: 'e2e-hero.png', mimeType: 'image/png', buffer: PNG_8x8 })
  await expect(page.getByTestId('image-src')).toHaveValue(/^\/media\/images\/[A-Za-z0-9]+\/e2e-hero\.png$/, {
    timeout: 30_000,
  })
  const src = await page.getByTestId('image-src').inputValue()
  await page.getByTestId('image-alt').fill('E2E hero')
  await expect(frame.locator(`img[src$="${src}"]`)).toHaveCount(1, { timeout: 30_000 })
  // the uploaded file is served from our origin
  expect((await page.request.get(src)).headers()['content-type']).toBe('image/png')

  // Product: pick the first item of the demo catalog
  await page.getByTestId('add-product').click()
  await page.getByTestId('catalog-pick').click()
  const item = page.getByTestId('catalog-item').first()
  await expect(item).toBeVisible({ timeout: 30_000 })
  const title = (await item.locator('strong').innerText()).trim()
  await page.getByTestId('catalog-search').fill(title)
  await expect(page.getByTestId('catalog-item').filter({ hasText: title }).first()).toBeVisible({ timeout: 30_000 })
  await page.getByTestId('catalog-item').filter({ hasText: title }).first().getByRole('checkbox').check()
  await page.getByTestId('catalog-use').click()
  await expect(page.getByTestId('product-title')).toHaveValue(title)
  // the item's image comes along (the demo catalog serves its images from our own origin)
  const productImage = await page.getByTestId('product-image').inputValue()
  expect(productImage).not.toBe('')
  await expect(frame.getByText(title, { exact: true })).toBeVisible({ timeout: 30_000 })
  // the price, formatted in the company's currency (a symbol or code beside two decimals)
  await expect(frame.getByText(/^\D{1,4}\s?\d[\d.,]*[.,]\d{2}$|^\d[\d.,]*[.,]\d{2}\s?\D{1,4}$/).first()).toBeVisible()

  // Text: select a word and make it bold with the toolbar
  await page.getByTestId('add-text').click()
  const area = page.getByTestId('rich-text')
  await area.click()
  await page.keyboard.press('ControlOrMeta+a')
  await page.keyboard.type('Big summer sale')
  await area.evaluate((el) => {
    const text = el.querySelector('p')?.firstChild ?? el.firstChild!
    const at = text.textContent!.indexOf('summer')
    const range = document.createRange()
    range.setStart(text, at)
    range.setEnd(text, at + 'summer'.length)
    document.getSelection()!.removeAllRanges()
    document.getSelection()!.addRange(range)
  })
  await page.getByRole('button', { name: 'Bold' }).click()
  await expect(area.locator('b, strong')).toHaveText('summer')
  await expect(frame.locator('b, strong').filter({ hasText: 'summer' })).toBeVisible({ timeout: 30_000 })
  await snap(page, 'template-blocks-1400')

  await page.getByTestId('save-template').click()
  await expect(page.getByTestId('unsaved')).toHaveCount(0, { timeout: 30_000 })

  await page.reload()
  await expect(page.getByTestId('editor-title')).toHaveText('E2E blocks', { timeout: 30_000 })
  await expect(frame.locator(`img[src$="${src}"]`)).toHaveCount(1, { timeout: 30_000 })
  await expect(frame.getByText(title, { exact: true })).toBeVisible()
  await expect(frame.locator('b, strong').filter({ hasText: 'summer' })).toBeVisible()
  await page.getByRole('button', { name: /^Image\s*E2E hero/ }).click()
  await expect(page.getByTestId('image-src')).toHaveValue(src)
  await expect(page.getByTestId('image-alt')).toHaveValue('E2E hero')
  await page
    .getByRole('button', { name: /^Product/ })
    .filter({ hasText: title.slice(0, 20) })
    .click()
  await expect(page.getByTestId('product-catalog-id')).toBeVisible()
  await expect(page.getByTestId('product-image')).toHaveValue(productImage)
  await page.getByRole('button', { name: /^Text.*Big summer sale/ }).click()
  await expect(page.getByTestId('rich-text').locator('b, strong')).toHaveText('summer')

  await page.setViewportSize({ width: 390, height: 844 })
  await snap(page, 'template-blocks-390')
})
