// The onsite reviews widget in a real browser (issue 24 §1): a review submitted through
// /client/reviews with the store's public key is published by the automatic rules and shows on
// the demo storefront's product page, in the star badge and the all-reviews widget (shadow roots),
// its HTML shown as text, with the schema.org Product/AggregateRating JSON-LD in the page; at
// desktop and phone widths.
import { randomBytes } from 'node:crypto'
import { test, expect, type Page } from '@playwright/test'

async function openProduct(page: Page) {
  await page.goto('/storefront-demo')
  const link = page.locator('a[href*="/storefront-demo/products/"]').first()
  await link.click()
  const badge = page.locator('.klaviyo-star-rating-widget')
  await expect(badge).toHaveCount(1)
  const productId = (await badge.getAttribute('data-id'))!
  const src = (await page.locator('script[src*="/onsite/js/klaviyo.js"]').first().getAttribute('src'))!
  const publicKey = new URL(src, page.url()).searchParams.get('company_id')!
  return { productId, publicKey }
}

for (const [name, viewport] of [
  ['desktop', { width: 1440, height: 900 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test(`a submitted review shows in the product page's widgets (${name})`, async ({ browser }) => {
    const ctx = await browser.newContext({ viewport })
    const page = await ctx.newPage()
    const { productId, publicKey } = await openProduct(page)
    const marker = randomBytes(4).toString('hex')
    const res = await page.request.post(`/client/reviews?company_id=${encodeURIComponent(publicKey)}`, {
      headers: { 'content-type': 'application/json', revision: '2026-07-15' },
      data: {
        data: {
          type: 'review',
          attributes: {
            review_type: 'review',
            email: `reviewer-${marker}@example.test`,
            author: 'Rita',
            content: `<b>${marker}</b> solid and well made`,
            title: `Great ${marker}`,
            rating: 5,
            product: { external_id: productId, integration_key: 'shopify' },
          },
        },
      },
    })
    expect(res.status()).toBe(202)

    await page.reload()
    const all = page.locator('#klaviyo-reviews-all')
    // Playwright's CSS locators pierce open shadow roots.
    await expect(all.locator('.kl-review', { hasText: marker }).first()).toBeVisible()
    await expect(all.locator('.kl-body', { hasText: `<b>${marker}</b>` }).first()).toBeVisible()
    await expect(all.locator('b')).toHaveCount(0)
    await expect(page.locator('.klaviyo-star-rating-widget .kl-stars')).toBeVisible()
    const ld = await page.locator('script[type="application/ld+json"][data-klaviyo-reviews]').first().textContent()
    const data = JSON.parse(ld!)
    expect(data['@type']).toBe('Product')
    expect(data.aggregateRating.reviewCount).toBeGreaterThan(0)
    // No sideways scrolling at phone width.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(1)
    await ctx.close()
  })
}
