// Templates in a real browser (issue 8 tests): build a template in the block editor, preview
// it for a real profile, send a preview, and find it in the sent-messages viewer (the local
// outbox, marked not delivered, since the e2e server has no SMTP server).
import { test, expect } from '@playwright/test'
import { signIn } from './helpers'

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
  await expect(page.frameLocator('[data-testid="message-html"]').getByText(`Hello ${firstName}, this is the E2E check.`)).toBeVisible()
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
