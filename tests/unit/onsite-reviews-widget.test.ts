// The onsite reviews widget in jsdom (issue 24 §1): review text never becomes markup (shadow root,
// textContent), the pages follow /client/reviews' next link, the star badge shows the product's
// average, and the schema.org Product/AggregateRating JSON-LD is added once with "<" escaped.
import { allReviewsWidget, startReviewWidgets } from '@/onsite/src/reviews/index'
import type { OnsiteContext } from '@/onsite/src/types'

const ctx = {
  companyId: 'PUB123',
  baseUrl: 'https://app.example',
} as OnsiteContext

const EVIL = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script></script><b>Bold</b>'
const review = (id: string, content: string, rating = 5) => ({
  type: 'review',
  id,
  attributes: {
    rating,
    title: `Title ${id}`,
    content,
    author: 'Ana <b>',
    created: '2026-05-01T10:00:00+00:00',
    verified: id === 'r1',
    product: { name: 'Mug', url: 'https://shop.example/mug' },
    public_reply: id === 'r1' ? { content: 'Thanks <i>!</i>', author: 'Shop' } : null,
  },
})
const json = (body: unknown) => ({ ok: true, status: 200, json: async () => body }) as unknown as Response

let fetchMock: jest.Mock
beforeEach(() => {
  document.head.innerHTML = ''
  document.body.innerHTML = ''
  fetchMock = jest.fn(async (url: string) => {
    if (url.includes('/client/review-values-reports'))
      return json({
        data: [{ attributes: { results: [{ statistics: { average_rating: 4.5, total_reviews: 7 } }] } }],
      })
    if (url.includes('page2')) return json({ data: [review('r3', 'Third', 4)], links: { next: null } })
    return json({
      data: [review('r1', EVIL), review('r2', 'Second')],
      links: { next: 'https://app.example/client/reviews?company_id=PUB123&page2=1' },
    })
  })
  ;(global as unknown as { fetch: unknown }).fetch = fetchMock
})

const flush = () => new Promise((r) => setTimeout(r, 0))

test('review text is text: no element from a review, the exact characters shown', async () => {
  const host = document.createElement('div')
  document.body.appendChild(host)
  await allReviewsWidget(ctx, host, 'MUG')
  const root = host.shadowRoot!
  expect(root.querySelectorAll('img, script, b, i')).toHaveLength(0)
  const bodies = Array.from(root.querySelectorAll('.kl-body')).map((e) => e.textContent)
  expect(bodies).toEqual([EVIL, 'Thanks <i>!</i>', 'Second'])
  expect(root.querySelector('.kl-meta')!.textContent).toContain('Ana <b>')
  expect(root.querySelector('.kl-badge')!.textContent).toBe('Verified buyer')
  expect((global as unknown as { __pwned?: number }).__pwned).toBeUndefined()
  // The widget asked for this product's published reviews with the company's key.
  const first = decodeURIComponent(fetchMock.mock.calls.find((c) => String(c[0]).includes('/client/reviews'))![0])
  expect(first).toContain('company_id=PUB123')
  expect(first).toContain('equals(product_external_ids,"MUG")')
})

test('"More reviews" loads the next page and hides at the end', async () => {
  const host = document.createElement('div')
  document.body.appendChild(host)
  await allReviewsWidget(ctx, host, 'MUG')
  const more = host.shadowRoot!.querySelector('button.kl-more') as HTMLButtonElement
  expect(more.hidden).toBe(false)
  more.click()
  await flush()
  await flush()
  expect(host.shadowRoot!.querySelectorAll('.kl-review')).toHaveLength(3)
  expect(more.hidden).toBe(true)
})

test('JSON-LD: Product with AggregateRating, once per product, "<" escaped', async () => {
  const host = document.createElement('div')
  document.body.appendChild(host)
  await allReviewsWidget(ctx, host, 'MUG')
  await allReviewsWidget(ctx, host, 'MUG')
  const scripts = document.head.querySelectorAll('script[type="application/ld+json"]')
  expect(scripts).toHaveLength(1)
  const text = scripts[0]!.textContent!
  expect(text).not.toContain('<')
  const data = JSON.parse(text)
  expect(data).toMatchObject({
    '@type': 'Product',
    name: 'Mug',
    aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.5, reviewCount: 7 },
  })
  expect(data.review[0].reviewBody).toBe(EVIL)
})

test('the vendor markup on a page: star badge and all-reviews widget in shadow roots', async () => {
  document.body.innerHTML =
    '<div class="klaviyo-star-rating-widget" data-id="MUG"></div><div id="klaviyo-reviews-all" data-id="MUG"></div>'
  startReviewWidgets(ctx)
  for (let i = 0; i < 5; i++) await flush()
  const badge = document.querySelector('.klaviyo-star-rating-widget')!.shadowRoot!
  expect(badge.querySelector('.kl-stars')!.textContent).toBe('★★★★★')
  expect(badge.querySelector('.kl-count')!.textContent).toBe('4.5 (7)')
  expect(document.getElementById('klaviyo-reviews-all')!.shadowRoot!.querySelectorAll('.kl-review')).toHaveLength(2)
})
