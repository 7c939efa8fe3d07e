// The onsite reviews carousel and store reviews widget in jsdom (issue 24 §1): the vendor's
// markup (.klaviyo-reviews-carousel, .klaviyo-reviews-store) draws from /client/reviews
// (four and five stars for the carousel, review_type store for the store widget), text and photos
// only as textContent and attributes, labelled previous/next buttons and the arrow keys, one
// review per view at phone width, the merchant's stored colours on the host.
import { startReviewWidgets } from '@/onsite/src/reviews/index'
import { renderCarousel } from '@/onsite/src/reviews/carousel'
import { resetStyles } from '@/onsite/src/reviews/style'
import type { WidgetReview } from '@/onsite/src/reviews/render'
import type { OnsiteContext } from '@/onsite/src/types'

const ctx = { companyId: 'PUB123', baseUrl: 'https://app.example' } as OnsiteContext
const EVIL = '<img src=x onerror="window.__pwned=1"><b>Bold</b>'

const apiReview = (id: string, extra: Record<string, unknown> = {}) => ({
  type: 'review',
  id,
  attributes: {
    rating: 5,
    title: `Title ${id}`,
    content: id === 'r1' ? EVIL : `Body ${id}`,
    author: 'Ana',
    created: '2026-05-01T10:00:00+00:00',
    verified: false,
    images: id === 'r1' ? ['https://app.example/media/review-images/abcdefgh.png', 'javascript:alert(1)'] : [],
    product: null,
    public_reply: null,
    ...extra,
  },
})
const json = (body: unknown) => ({ ok: true, status: 200, json: async () => body }) as unknown as Response
const flush = async () => {
  for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0))
}

let fetchMock: jest.Mock
beforeEach(() => {
  resetStyles()
  document.body.innerHTML = ''
  fetchMock = jest.fn(async (url: string) => {
    if (url.includes('/client/review-widget-settings'))
      return json({
        data: { attributes: { widgets: { carousel: { accentColor: '#aa0000', textColor: 'red;x:y' } } } },
      })
    if (url.includes('page2')) return json({ data: [apiReview('s3')], links: { next: null } })
    if (decodeURIComponent(url).includes('review_type,"store"'))
      return json({
        data: [apiReview('s1', { review_type: 'store' }), apiReview('s2')],
        links: { next: 'https://app.example/client/reviews?company_id=PUB123&page2=1' },
      })
    return json({ data: ['r1', 'r2', 'r3', 'r4', 'r5'].map((id) => apiReview(id)), links: { next: null } })
  })
  ;(global as unknown as { fetch: unknown }).fetch = fetchMock
})

const urls = () => fetchMock.mock.calls.map((c) => decodeURIComponent(String(c[0])))

test('the carousel: published four and five star reviews, text as text, photos as attributes, stored colours', async () => {
  document.body.innerHTML = '<div class="klaviyo-reviews-carousel" data-id="MUG"></div>'
  startReviewWidgets(ctx)
  await flush()
  const host = document.querySelector<HTMLElement>('.klaviyo-reviews-carousel')!
  const root = host.shadowRoot!
  const asked = urls().find((u) => u.includes('/client/reviews'))!
  expect(asked).toContain('company_id=PUB123')
  expect(asked).toContain('equals(review_type,"review"),greater-or-equal(rating,4),equals(product_external_ids,"MUG")')
  expect(root.querySelectorAll('.kl-review')).toHaveLength(5)
  expect(root.querySelector('.kl-body')!.textContent).toBe(EVIL)
  expect(root.querySelectorAll('b, script')).toHaveLength(0)
  // one photo: the javascript: address is dropped
  const imgs = root.querySelectorAll('img')
  expect(imgs).toHaveLength(1)
  expect(imgs[0]!.getAttribute('src')).toBe('https://app.example/media/review-images/abcdefgh.png')
  expect(imgs[0]!.closest('a')!.getAttribute('rel')).toBe('noopener noreferrer')
  expect((global as unknown as { __pwned?: number }).__pwned).toBeUndefined()
  expect(host.style.getPropertyValue('--kl-accent')).toBe('#aa0000')
  expect(host.style.getPropertyValue('--kl-text')).toBe('')
})

test('keyboard and buttons: labelled, one review per view at phone width, ends disabled, arrows move', () => {
  const host = document.createElement('div')
  document.body.appendChild(host)
  const reviews: WidgetReview[] = [1, 2, 3].map((n) => ({
    id: `r${n}`,
    rating: 5,
    title: null,
    content: `Review ${n}`,
    author: 'A',
    created: '2026-05-01',
    verified: false,
    publicReply: null,
  }))
  const { root } = renderCarousel(host, reviews)
  const prev = root.querySelector<HTMLButtonElement>('button.kl-prev')!
  const next = root.querySelector<HTMLButtonElement>('button.kl-next')!
  expect(prev.getAttribute('aria-label')).toBe('Previous reviews')
  expect(next.getAttribute('aria-label')).toBe('Next reviews')
  expect(prev.type).toBe('button')
  const visible = () =>
    Array.from(root.querySelectorAll<HTMLElement>('.kl-review'))
      .filter((s) => !s.hidden)
      .map((s) => s.querySelector('.kl-body')!.textContent)
  expect(visible()).toEqual(['Review 1'])
  expect(prev.disabled).toBe(true)
  expect(root.querySelector('.kl-pos')!.textContent).toBe('1–1 / 3')
  next.click()
  expect(visible()).toEqual(['Review 2'])
  const box = root.querySelector('.kl-carousel')!
  box.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }))
  expect(visible()).toEqual(['Review 3'])
  expect(next.disabled).toBe(true)
  expect(root.activeElement ?? document.activeElement).toBeTruthy()
  box.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowLeft', bubbles: true }))
  expect(visible()).toEqual(['Review 2'])
  expect(root.querySelector('.kl-carousel')!.getAttribute('aria-roledescription')).toBe('carousel')
})

test('three per view from 700px', () => {
  const original = window.matchMedia
  window.matchMedia = ((q: string) => ({ matches: q.includes('700px') })) as unknown as typeof window.matchMedia
  try {
    const host = document.createElement('div')
    const reviews = [1, 2, 3, 4].map((n) => ({
      id: `r${n}`,
      rating: 4,
      title: null,
      content: `R${n}`,
      author: null,
      created: '2026-05-01',
      verified: false,
      publicReply: null,
    }))
    const { root } = renderCarousel(host, reviews)
    expect(Array.from(root.querySelectorAll<HTMLElement>('.kl-review')).filter((s) => !s.hidden)).toHaveLength(3)
    root.querySelector<HTMLButtonElement>('button.kl-next')!.click()
    const shown = Array.from(root.querySelectorAll<HTMLElement>('.kl-review')).filter((s) => !s.hidden)
    expect(shown.map((s) => s.querySelector('.kl-body')!.textContent)).toEqual(['R2', 'R3', 'R4'])
  } finally {
    window.matchMedia = original
  }
})

test('store reviews: review_type store, paged by "More reviews"', async () => {
  document.body.innerHTML = '<div class="klaviyo-reviews-store"></div>'
  startReviewWidgets(ctx)
  await flush()
  const root = document.querySelector<HTMLElement>('.klaviyo-reviews-store')!.shadowRoot!
  expect(urls().some((u) => u.includes('/client/reviews') && u.includes('equals(review_type,"store")'))).toBe(true)
  expect(root.querySelectorAll('.kl-review')).toHaveLength(2)
  const more = root.querySelector<HTMLButtonElement>('button.kl-more')!
  more.click()
  await flush()
  expect(root.querySelectorAll('.kl-review')).toHaveLength(3)
  expect(more.hidden).toBe(true)
})
