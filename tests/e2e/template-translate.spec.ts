// Template translations and saved content in a real browser (issue 27): a template built in the
// block editor is translated into French on its /translate view (a language added, strings typed,
// marked ready, an import with a bad row refused row by row); the content library creates a saved
// block, edits it in the saved-content editor and opens its translate view. Phone width too.
import { test, expect } from '@playwright/test'
import { signIn, snap } from './helpers'

test('translate a template into French and mark it ready', async ({ page }) => {
  test.setTimeout(180_000)
  await signIn(page, 'owner@demo.test')
  await page.goto('/email-templates/create')
  await page.getByTestId('template-name').fill(`E2E translate ${Date.now()}`)
  await page.getByTestId('create-submit').click()
  await expect(page).toHaveURL(/\/email-template-editor\/template\/[A-Za-z0-9]+$/, { timeout: 30_000 })
  await page.getByTestId('add-button').click()
  await page.getByTestId('button-text').fill('Claim your offer')
  await page.getByTestId('save-template').click()
  await expect(page.getByTestId('unsaved')).toHaveCount(0, { timeout: 30_000 })

  await page.goto(`${new URL(page.url()).pathname}/translate`)
  await expect(page.getByText('No languages yet')).toBeVisible({ timeout: 30_000 })
  await page.getByLabel('Add a language').selectOption('fr-FR')
  await page.getByTestId('add-language').click()
  const editor = page.getByTestId('translation-fr-FR')
  await expect(editor).toBeVisible({ timeout: 30_000 })
  await expect(editor.getByText('Claim your offer')).toBeVisible()
  const target = editor.getByRole('listitem').filter({ hasText: 'Claim your offer' }).locator('textarea')
  await target.fill('Profitez de l’offre')
  await editor.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('translation saved')).toBeVisible({ timeout: 30_000 })
  await page.getByTestId('mark-ready').click()
  await expect(page.getByTestId('language-fr-FR')).toContainText('Ready', { timeout: 30_000 })
  await expect(page.getByTestId('export-csv')).toHaveAttribute('href', /format=csv/)

  // an upload with an unknown id is refused row by row and changes nothing
  await page.getByTestId('import-file').setInputFiles({
    name: 'fr.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('id,translation\nnot-an-id,Bonjour\n'),
  })
  await expect(page.getByTestId('import-problems')).toContainText('row 2', { timeout: 30_000 })
  await expect(target).toHaveValue('Profitez de l’offre')

  await page.setViewportSize({ width: 390, height: 844 })
  await expect(editor.getByText('Claim your offer')).toBeVisible()
  await snap(page, 'template-translate-phone')
})

test('the content library creates a saved block, edits it and opens its translate view', async ({ page }) => {
  test.setTimeout(120_000)
  await signIn(page, 'owner@demo.test')
  await page.goto('/cms/editor')
  await page.getByTestId('cms-new').first().click()
  const dialog = page.getByRole('dialog', { name: 'New saved content' })
  await dialog.getByLabel('Name').fill(`E2E block ${Date.now()}`)
  await dialog.getByLabel('Type').selectOption('button')
  await dialog.getByTestId('cms-create').click()
  await expect(page).toHaveURL(/\/email-template-editor\/universal-content\/button\/[A-Za-z0-9]+$/, {
    timeout: 30_000,
  })
  await expect(page.getByText('No template uses this block yet.', { exact: false })).toBeVisible()
  await page.getByTestId('button-text').fill('Shop the sale')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Saved', { exact: true })).toBeVisible({ timeout: 30_000 })
  await page.getByTestId('uc-translate').click()
  await expect(page).toHaveURL(/\/translate$/)
  await expect(page.getByText('No languages yet')).toBeVisible({ timeout: 30_000 })
})
