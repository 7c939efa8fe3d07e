// Issue 27, the remaining editors: the AMP editor of a campaign, the sandbox of an omnicampaign,
// the flow message web view, the Shopify finalize step and the swap screens render their own
// screens (never the shared not-available screen), at desktop and phone width.
import { test, expect, type Page } from '@playwright/test'
import { signIn } from './helpers'

const csrfOf = async (page: Page) =>
  (await page.context().cookies()).find((c) => c.name === 'kl_csrftoken')?.value ?? ''

async function newOmnicampaign(page: Page): Promise<string> {
  const res = await page.request.post('/ajax/omnicampaigns', {
    headers: { 'X-CSRFToken': await csrfOf(page) },
    data: { name: `Sandbox ${Date.now()}`, channels: ['email', 'sms'] },
  })
  expect(res.ok(), await res.text()).toBeTruthy()
  return ((await res.json()) as { omnicampaign: { id: string } }).omnicampaign.id
}

for (const width of [1280, 390]) {
  test(`the remaining editors render their screens at ${width}px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 })
    await signIn(page, 'owner@demo.test')
    const omniId = await newOmnicampaign(page)
    const visits: Array<[string, string]> = [
      [`/sandbox-omnicampaigns/${omniId}`, 'sandbox-banner'],
      ['/reviews/shopify/finalize', 'shopify-finalize'],
      ['/to/be/swapped', 'message-swap'],
      ['/to/be/swapped/push', 'message-swap'],
      ['/campaign/none/content/edit/amp', 'editor-target-missing'],
      ['/content/variation/none/content/edit/amp', 'editor-target-missing'],
    ]
    for (const [path, testId] of visits) {
      await page.goto(path)
      await expect(page.getByTestId('not-available-screen')).toHaveCount(0)
      // The swap screens show an empty state on an account without messages.
      if (testId === 'message-swap')
        await expect(page.getByTestId(testId).or(page.getByText('No messages to swap'))).toBeVisible({
          timeout: 20_000,
        })
      else await expect(page.getByTestId(testId)).toBeVisible({ timeout: 20_000 })
    }
  })
}

test('a forged flow message id shows "not found", never another message', async ({ page }) => {
  await signIn(page, 'owner@demo.test')
  await page.goto('/message/flow-message/web-view/1.AAAAAAAAAAAAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA')
  await expect(page.getByText('This message was not found')).toBeVisible({ timeout: 20_000 })
  await expect(page.getByTestId('not-available-screen')).toHaveCount(0)
})

test('the omnicampaign opens in its sandbox, which says tests are not counted', async ({ page }) => {
  await signIn(page, 'owner@demo.test')
  const omniId = await newOmnicampaign(page)
  await page.goto(`/omnicampaigns/${omniId}`)
  await page.getByRole('link', { name: 'Open in sandbox' }).click()
  await page.waitForURL(new RegExp(`/sandbox-omnicampaigns/${omniId}$`), { timeout: 20_000 })
  await expect(page.getByTestId('sandbox-banner')).toContainText('not counted in any report')
  await expect(page.getByText(/available for email/)).toBeVisible()
})

test('a campaign email with a template opens its AMP editor with the valid marker', async ({ page }) => {
  await signIn(page, 'owner@demo.test')
  const res = await page.request.get('/ajax/campaigns?channel=email&page_size=50')
  const campaigns = ((await res.json()) as { campaigns?: Array<{ id: string; status: string }> }).campaigns ?? []
  let opened = false
  for (const c of campaigns.slice(0, 10)) {
    const target = await page.request.get(`/ajax/email-template-editor/target?kind=campaign&id=${c.id}`)
    if (!target.ok()) continue
    const tpl = (await target.json()) as { target: { templateId: string } }
    const detail = await page.request.get(`/ajax/email-templates/${tpl.target.templateId}`)
    const t = (await detail.json()) as { template: { editorType: string } }
    if (t.template.editorType === 'SYSTEM_DRAGGABLE') continue
    await page.goto(`/campaign/${c.id}/content/edit/amp`)
    await expect(page.getByTestId('amp-valid')).toBeVisible({ timeout: 20_000 })
    await expect(page.getByRole('link', { name: 'Back to the content' })).toHaveAttribute(
      'href',
      `/campaign/${c.id}/content/edit`,
    )
    opened = true
    break
  }
  test.skip(!opened, 'the demo store has no campaign with a code template')
})
