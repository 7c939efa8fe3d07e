// The merchant's widget styles and the Q&A widget in jsdom (issue 24 §1): the styles from
// /client/review-widget-settings become custom properties and a layout attribute on the host
// (only #hex colours and known layouts; anything else is ignored), and the Q&A widget shows a
// product's answered questions as text, never as markup.
import { allReviewsWidget } from '@/onsite/src/reviews/index'
import { questionsWidget } from '@/onsite/src/reviews/questions'
import { resetStyles } from '@/onsite/src/reviews/style'
import type { OnsiteContext } from '@/onsite/src/types'

const ctx = { companyId: 'PUB123', baseUrl: 'https://app.example' } as OnsiteContext
const json = (body: unknown) => ({ ok: true, status: 200, json: async () => body }) as unknown as Response
const EVIL = '<img src=x onerror="window.__pwned=1"><b>bold</b>'

let widgets: Record<string, unknown>
let fetchMock: jest.Mock
beforeEach(() => {
  resetStyles()
  document.body.innerHTML = ''
  fetchMock = jest.fn(async (url: string) => {
    if (url.includes('/client/review-widget-settings')) return json({ data: { attributes: { widgets } } })
    if (url.includes('/client/review-values-reports'))
      return json({ data: [{ attributes: { results: [{ statistics: { average_rating: 5, total_reviews: 1 } }] } }] })
    if (url.includes('/client/review-questions'))
      return json({
        data: [
          {
            id: 'q1',
            attributes: { question: EVIL, author: 'Quinn <i>', answer: 'Yes <b>really</b>', answer_author: 'Shop' },
          },
        ],
      })
    return json({ data: [], links: { next: null } })
  })
  ;(global as unknown as { fetch: unknown }).fetch = fetchMock
})

test('the product reviews widget takes the merchant colours and layout; bad values are ignored', async () => {
  widgets = {
    product_reviews: { textColor: '#111111', starColor: '#ff0000', accentColor: 'red;x:url(y)', layout: 'grid' },
  }
  const host = document.createElement('div')
  document.body.appendChild(host)
  await allReviewsWidget(ctx, host, 'MUG')
  expect(host.style.getPropertyValue('--kl-star')).toBe('#ff0000')
  expect(host.style.getPropertyValue('--kl-text')).toBe('#111111')
  expect(host.style.getPropertyValue('--kl-accent')).toBe('')
  expect(host.getAttribute('data-kl-layout')).toBe('grid')
  expect(host.shadowRoot!.querySelector('style')!.textContent).toContain('var(--kl-star')
  // fetched once a page, with the company's key
  await allReviewsWidget(ctx, host, 'MUG')
  const calls = fetchMock.mock.calls.filter((c) => String(c[0]).includes('/client/review-widget-settings'))
  expect(calls).toHaveLength(1)
  expect(String(calls[0]![0])).toContain('company_id=PUB123')
})

test('an unknown layout or no settings leave the built-in look', async () => {
  widgets = { product_reviews: { layout: 'spiral' } }
  const host = document.createElement('div')
  await allReviewsWidget(ctx, host, 'MUG')
  expect(host.hasAttribute('data-kl-layout')).toBe(false)
  expect(host.getAttribute('style') ?? '').toBe('')
})

test('the Q&A widget: questions and answers as text in a shadow root, styled as questions', async () => {
  widgets = { questions: { accentColor: '#00ff00' } }
  const host = document.createElement('div')
  document.body.appendChild(host)
  await questionsWidget(ctx, host, 'MUG')
  const root = host.shadowRoot!
  expect(root.querySelectorAll('img, b, i')).toHaveLength(0)
  expect(root.querySelector('.kl-title')!.textContent).toBe(EVIL)
  expect(root.querySelector('.kl-reply .kl-body')!.textContent).toBe('Yes <b>really</b>')
  expect(host.style.getPropertyValue('--kl-accent')).toBe('#00ff00')
  expect(
    decodeURIComponent(String(fetchMock.mock.calls.find((c) => String(c[0]).includes('review-questions'))![0])),
  ).toContain('product_id=MUG')
})

test('the Q&A widget asks a new question for its product with the company key', async () => {
  widgets = {}
  const host = document.createElement('div')
  document.body.appendChild(host)
  await questionsWidget(ctx, host, 'MUG')
  const form = host.shadowRoot!.querySelector('form.kl-ask') as HTMLFormElement
  ;(form.elements.namedItem('question') as HTMLTextAreaElement).value = 'Does it <b>fit</b>?'
  ;(form.elements.namedItem('author') as HTMLInputElement).value = 'Ana'
  ;(form.elements.namedItem('email') as HTMLInputElement).value = 'ana@example.test'
  form.dispatchEvent(new Event('submit', { cancelable: true }))
  await new Promise((r) => setTimeout(r, 0))
  const post = fetchMock.mock.calls.find((c) => c[1]?.method === 'POST')!
  expect(String(post[0])).toContain('/client/review-questions?company_id=PUB123')
  expect(JSON.parse(post[1].body).data.attributes).toEqual({
    question: 'Does it <b>fit</b>?',
    author: 'Ana',
    email: 'ana@example.test',
    product: { external_id: 'MUG' },
  })
})
