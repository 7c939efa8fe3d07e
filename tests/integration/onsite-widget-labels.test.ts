/** @jest-environment node */
// Issue 24 read-through: the onsite reviews widgets' own words ("Verified buyer", "More reviews",
// the star and carousel labels, the question form) were English on every store. The config the
// script already fetches (/client/review-widget-settings) now carries them in the account's
// language (Company.localeLanguage/localeRegion, messages namespace onsiteWidgets, English for a
// missing key), and the widgets draw them as text. Here the real /client handlers serve the
// script's requests (fetch dispatched in-process) and the widgets render in a jsdom document.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)

import { JSDOM } from 'jsdom'
import { db } from '@/lib/db/client'
import { ulid } from '@/lib/ids/make-id'
import { resetRateLimits } from '@/lib/api/rate-limit'
import * as widgetSettings from '@/app/client/review-widget-settings/route'
import * as clientReviews from '@/app/client/reviews/route'
import * as clientReport from '@/app/client/review-values-reports/route'
import de from '@/messages/de-DE.json'
import en from '@/messages/en-US.json'
import { allReviewsWidget } from '@/onsite/src/reviews/index'
import { carouselWidget } from '@/onsite/src/reviews/carousel'
import { EN_LABELS } from '@/onsite/src/reviews/labels'
import { resetStyles } from '@/onsite/src/reviews/style'
import type { OnsiteContext } from '@/onsite/src/types'
import { makeCompany } from '../helpers/factory'
import { routeTable } from '../helpers/route-table'

const routes = routeTable([
  ['/client/review-widget-settings', widgetSettings],
  ['/client/reviews', clientReviews],
  ['/client/review-values-reports', clientReport],
])
const realFetch = global.fetch
beforeAll(() => {
  global.fetch = (async (url: string | URL, init?: RequestInit) => {
    resetRateLimits()
    return routes.dispatch(new Request(url, init))
  }) as typeof fetch
})
afterAll(() => {
  global.fetch = realFetch
})
beforeEach(() => resetStyles())

async function shop(localeLanguage: string, localeRegion: string) {
  const c = await makeCompany(`Shop ${localeLanguage}`)
  await db.company.update({ where: { id: c.id }, data: { localeLanguage, localeRegion } })
  await db.review.create({
    data: {
      id: ulid(),
      companyId: c.id,
      productKey: 'MUG',
      productExternalId: 'MUG',
      rating: 5,
      body: 'Sehr gut',
      authorName: 'Ana',
      authorEmail: 'ana@x.test',
      orderKey: 'o1',
      verified: true,
      status: 'published',
      images: JSON.stringify(['https://cdn.example/a.jpg']),
    },
  })
  return c
}

async function config(key: string) {
  resetRateLimits()
  const res = await widgetSettings.GET(
    new Request(`http://localhost:3000/client/review-widget-settings?company_id=${key}`, {
      headers: { revision: '2026-07-15' },
    }),
  )
  expect(res.status).toBe(200)
  return (await res.json()).data.attributes as { locale: string; labels: Record<string, string>; widgets: object }
}

const ctxOf = (key: string) => ({ companyId: key, baseUrl: 'http://localhost:3000' }) as OnsiteContext

test('the config endpoint serves the labels in the account language, English for an English account', async () => {
  const german = await shop('de', 'DE')
  const a = await config(german.publicApiKey)
  expect(a.locale).toBe('de-DE')
  expect(a.labels).toEqual(de.onsiteWidgets)
  expect(a.labels.verifiedBuyer).toBe('Verifizierter Käufer')
  expect(a.widgets).toHaveProperty('product_reviews')

  const english = await shop('en', 'US')
  expect((await config(english.publicApiKey)).labels).toEqual(en.onsiteWidgets)
  // The script's built-in English is the en-US text (its fallback cannot drift).
  expect(EN_LABELS).toEqual(en.onsiteWidgets)
})

test('the product widget and the carousel draw the German labels, as text', async () => {
  const german = await shop('de', 'DE')
  const dom = new JSDOM('<!doctype html><html><head></head><body></body></html>')
  const doc = dom.window.document
  const product = doc.createElement('div')
  const carousel = doc.createElement('div')
  doc.body.append(product, carousel)

  await allReviewsWidget(ctxOf(german.publicApiKey), product, 'MUG')
  const root = product.shadowRoot!
  expect(product.getAttribute('lang')).toBe('de-DE')
  expect(root.querySelector('.kl-badge')!.textContent).toBe('Verifizierter Käufer')
  expect(root.querySelector('.kl-more')!.textContent).toBe('Weitere Bewertungen')
  expect(root.querySelector('.kl-review .kl-stars')!.getAttribute('aria-label')).toBe('5 von 5 Sternen')
  expect(root.querySelector('.kl-summary .kl-count')!.textContent).toBe('5,0 (1)')
  expect(root.querySelector('.kl-photos img')!.getAttribute('alt')).toBe('Foto 1 vom Bewertenden')

  await carouselWidget(ctxOf(german.publicApiKey), carousel)
  const c = carousel.shadowRoot!
  expect(c.querySelector('.kl-carousel')!.getAttribute('aria-label')).toBe('Kundenbewertungen')
  expect(c.querySelector('.kl-prev')!.getAttribute('aria-label')).toBe('Vorherige Bewertungen')
  expect(c.querySelector('.kl-review')!.getAttribute('aria-label')).toBe('1 von 1')
})

test('a served label stays text; a missing or broken config leaves the English labels', async () => {
  const german = await shop('de', 'DE')
  const EVIL = '<img src=x onerror="globalThis.__pwned=1">'
  const served = global.fetch
  global.fetch = (async (url: string | URL, init?: RequestInit) => {
    const res = await served(url, init)
    if (!String(url).includes('review-widget-settings')) return res
    const body = await res.json()
    body.data.attributes.labels = { verifiedBuyer: EVIL, moreReviews: 42 }
    return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } })
  }) as typeof fetch
  try {
    const doc = new JSDOM('<!doctype html><body></body>').window.document
    const host = doc.createElement('div')
    doc.body.append(host)
    await allReviewsWidget(ctxOf(german.publicApiKey), host, 'MUG')
    const root = host.shadowRoot!
    expect(root.querySelectorAll('img[src=x]')).toHaveLength(0)
    expect(root.querySelector('.kl-badge')!.textContent).toBe(EVIL)
    expect(root.querySelector('.kl-more')!.textContent).toBe('More reviews')
  } finally {
    global.fetch = served
  }

  resetStyles()
  global.fetch = (async (url: string | URL, init?: RequestInit) =>
    String(url).includes('review-widget-settings')
      ? new Response('unavailable', { status: 503 })
      : served(url, init)) as typeof fetch
  try {
    const doc = new JSDOM('<!doctype html><body></body>').window.document
    const host = doc.createElement('div')
    doc.body.append(host)
    await allReviewsWidget(ctxOf(german.publicApiKey), host, 'MUG')
    expect(host.hasAttribute('lang')).toBe(false)
    expect(host.shadowRoot!.querySelector('.kl-badge')!.textContent).toBe('Verified buyer')
  } finally {
    global.fetch = served
  }
})
