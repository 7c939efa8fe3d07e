// Issue 27 §4: the asset and brand library, the editor variants and the content routes render
// their own screens (never the shared not-available screen), at desktop and phone width; the brand
// kit saves, and a themed template opens in the editor.
import { test, expect } from '@playwright/test'
import { signIn } from './helpers'

for (const width of [1280, 390]) {
  test(`the asset library renders its screens at ${width}px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 })
    await signIn(page, 'owner@demo.test')
    const visits: Array<[string, string]> = [
      ['/asset-library/brand', 'brand-overview'],
      ['/asset-library/brand/styles', 'brand-styles'],
      ['/asset-library/brand/header-links', 'brand-header-links'],
      ['/asset-library/brand/social-icons', 'brand-social-icons'],
      ['/asset-library/fonts', 'fonts-all'],
      ['/asset-library/fonts/hosted', 'fonts-hosted'],
      ['/asset-library/fonts/custom', 'fonts-custom'],
      ['/asset-library/fonts/web', 'fonts-web'],
      ['/asset-library/images', 'asset-images'],
      ['/brand-library/brand/styles', 'brand-styles'],
      ['/brand-library/fonts/web', 'fonts-web'],
      ['/templates/themed', 'themed-templates'],
      ['/email/create/with-ai', 'create-with-ai'],
    ]
    for (const [path, testId] of visits) {
      await page.goto(path)
      await expect(page.getByTestId(testId)).toBeVisible({ timeout: 20_000 })
      await expect(page.getByTestId('not-available-screen')).toHaveCount(0)
    }
  })
}

test('editor variants without a template say so instead of an empty editor', async ({ page }) => {
  await signIn(page, 'owner@demo.test')
  for (const path of [
    '/email-template-editor/campaign/none',
    '/email-template-editor/variation/none',
    '/email-template-editor/flow-message/none',
    '/email-template-editor/segment-and-send/none',
    '/email-template-editor/profile-campaign/p/none',
    '/rich-text-editor/campaign/none',
    '/rich-text-editor/flow/none',
    '/rich-text-editor/variation/none',
    '/rich-text-editor/profile-campaign/p/none',
    '/campaign/none/content/edit',
    '/campaign/none/content/edit/library',
    '/campaign/none/content/web-view',
    '/content/variation/none/content/edit',
    '/content/variation/none/content/web-view/html',
  ]) {
    await page.goto(path)
    await expect(page.getByTestId('editor-target-missing')).toBeVisible({ timeout: 20_000 })
    await expect(page.getByTestId('not-available-screen')).toHaveCount(0)
  }
})

test('the brand styles save, and a themed template opens in the editor with its plain-text part', async ({ page }) => {
  await signIn(page, 'owner@demo.test')
  await page.goto('/asset-library/brand/styles')
  await page.getByLabel('Primary').fill('#123456')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Brand saved.')).toBeVisible({ timeout: 20_000 })

  await page.goto('/templates/themed')
  await page.getByTestId('theme-welcome').getByRole('button', { name: 'Use this theme' }).click()
  await page.waitForURL(/\/email-template-editor\/template\/[^/]+$/, { timeout: 20_000 })
  const id = page.url().split('/').pop()!
  await page.goto(`/rich-text-editor/template/${id}`)
  await expect(page.getByTestId('not-available-screen')).toHaveCount(0)
  await page.goto(`/campaign/template/${id}/content/text`)
  await expect(page.getByTestId('template-text-part')).toBeVisible({ timeout: 20_000 })
})

// The AMP routes are behind the 'amp' flag: the first run (29 Nov) met a 404 because the demo
// seed left the flag off; the seed turns it on now.
test('a code template gets a valid AMP part from the starter', async ({ page }) => {
  await signIn(page, 'owner@demo.test')
  const res = await page.request.get('/ajax/email-templates?page_size=50')
  const list = (await res.json()) as { templates: Array<{ id: string; editorType: string; editor_type?: string }> }
  const code = list.templates.find((t) => (t.editorType ?? t.editor_type) !== 'SYSTEM_DRAGGABLE')
  test.skip(!code, 'the demo store has no code template')
  await page.goto(`/email-editor/${code!.id}/edit/amp`)
  await expect(page.getByTestId('amp-valid')).toBeVisible({ timeout: 20_000 })
  await page.getByRole('button', { name: 'Save AMP part' }).click()
  await expect(page.getByText('AMP part saved.')).toBeVisible({ timeout: 20_000 })
})
