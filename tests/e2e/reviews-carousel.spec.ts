// The reviews carousel and store reviews widgets on the demo storefront's home page (issue 24 §1):
// a five-star review submitted through /client/reviews shows in the carousel (shadow root, its HTML
// as text); the previous/next buttons are labelled and work from the keyboard; at phone width one
// review shows at a time and the page does not scroll sideways. A store review shows in the store
// widget.
import { randomBytes } from 'node:crypto'
import { test, expect, type Page } from '@playwright/test'

async function storeKeys(page: Page) {
  // The store's own product id is the one the product page's star badge carries (the link's id is ours).
  await page.goto('/storefront-demo')
  await page.locator('a[href*="/storefront-demo/products/"]').first().click()
  const badge = page.locator('.klaviyo-star-rating-widget')
  await expect(badge).toHaveCount(1)
  const productId = (await badge.getAttribute('data-id'))!
  const src = (await page.locator('script[src*="/onsite/js/klaviyo.js"]').first().getAttribute('src'))!
  const publicKey = new URL(src, page.url()).searchParams.get('company_id')!
  return { productId, publicKey }
}

async function submit(page: Page, publicKey: string, attributes: Record<string, unknown>) {
  const res = await page.request.post(`/client/reviews?company_id=${encodeURIComponent(publicKey)}`, {
    headers: { 'content-type': 'application/json', revision: '2026-07-15' },
    data: { data: { type: 'review', attributes } },
  })
  expect(res.status(), await res.text()).toBe(202)
}

for (const [name, viewport] of [
  ['desktop', { width: 1440, height: 900 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test(`the carousel and store reviews on the storefront's home page (${name})`, async ({ browser }) => {
    const ctx = await browser.newContext({ viewport })
    const page = await ctx.newPage()
    const { productId, publicKey } = await storeKeys(page)
    const marker = randomBytes(4).toString('hex')
    for (let i = 0; i < 4; i++)
      await submit(page, publicKey, {
        review_type: 'review',
        email: `carousel-${marker}-${i}@example.test`,
        author: `Rita ${i}`,
        content: `<b>${marker}</b> review ${i}, lovely`,
        rating: 5,
        product: { external_id: productId, integration_key: 'shopify' },
      })
    await submit(page, publicKey, {
      review_type: 'store',
      email: `store-${marker}@example.test`,
      author: 'Sam',
      content: `Fast delivery ${marker}`,
      rating: 5,
    })

    await page.goto('/storefront-demo')
    const carousel = page.locator('.klaviyo-reviews-carousel')
    // Playwright's CSS locators pierce open shadow roots.
    await expect(carousel.locator('.kl-review', { hasText: marker }).first()).toBeVisible()
    await expect(carousel.locator('.kl-body', { hasText: `<b>${marker}</b>` }).first()).toBeVisible()
    await expect(carousel.locator('b')).toHaveCount(0)
    const visible = carousel.locator('.kl-review:not([hidden])')
    await expect(visible).toHaveCount(name === 'phone' ? 1 : 3)

    const next = carousel.getByRole('button', { name: 'Next reviews' })
    const prev = carousel.getByRole('button', { name: 'Previous reviews' })
    await expect(prev).toBeDisabled()
    const firstShown = await visible.first().getAttribute('data-review-id')
    await next.focus()
    await page.keyboard.press('Enter')
    await expect(visible.first()).not.toHaveAttribute('data-review-id', firstShown!)
    await page.keyboard.press('ArrowLeft')
    await expect(visible.first()).toHaveAttribute('data-review-id', firstShown!)

    await expect(
      page.locator('.klaviyo-reviews-store .kl-review', { hasText: `Fast delivery ${marker}` }),
    ).toBeVisible()
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(1)
    await ctx.close()
  })
}
