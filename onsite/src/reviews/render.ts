// The product reviews widget's DOM (issue 24 §1): built with textContent and attributes only, so a
// review's text can never become markup, inside a shadow root so the store's styles and ours stay
// apart. Pure DOM: the data and labels in, elements out (the unit test renders it in jsdom).
import { EN_LABELS, fill, num, type WidgetLabels } from './labels'

export interface WidgetReview {
  id: string
  rating: number | null
  title: string | null
  content: string | null
  author: string | null
  created: string
  verified: boolean
  /** Photo URLs (http(s) only, load.ts); optional so older callers need not pass them. */
  images?: string[]
  publicReply: { content: string; author: string } | null
}

export interface WidgetSummary {
  averageRating: number | null
  totalReviews: number
}

// Colours and layout come from the merchant's styles (style.ts) as custom properties on the host.
export const WIDGET_CSS = `:host{display:block;font:inherit;color:var(--kl-text,inherit);background:var(--kl-bg,transparent)}
.kl-stars{color:var(--kl-star,#b7791f);letter-spacing:1px}
.kl-summary{display:flex;gap:8px;align-items:center;margin:0 0 12px}
.kl-list{list-style:none;margin:0;padding:0}
.kl-review{border-top:1px solid var(--kl-accent,#e2e2e2);padding:12px 0;overflow-wrap:anywhere}
.kl-title{font-weight:600;margin:4px 0}
.kl-body{margin:4px 0;white-space:pre-wrap}
.kl-meta{font-size:.875em;opacity:.75}
.kl-badge{font-size:.75em;border:1px solid #2f855a;color:#2f855a;border-radius:4px;padding:0 4px;margin-left:6px}
.kl-photos{display:flex;flex-wrap:wrap;gap:6px;list-style:none;margin:6px 0;padding:0}
.kl-photos img{display:block;width:64px;height:64px;object-fit:cover;border-radius:4px}
.kl-reply{margin:8px 0 0 16px;padding-left:8px;border-left:3px solid var(--kl-accent,#e2e2e2)}
.kl-more{margin-top:12px;padding:8px 16px;cursor:pointer;background:var(--kl-accent,revert);color:var(--kl-bg,revert);border:0;border-radius:6px}
:host([data-kl-layout=grid]) .kl-list{display:grid;grid-template-columns:repeat(auto-fill,minmax(220px,1fr));gap:12px}
.kl-ask{display:flex;flex-direction:column;gap:8px;margin-top:16px}
.kl-field{display:flex;flex-direction:column;gap:4px;font-size:.875em}
.kl-field input,.kl-field textarea{font:inherit;padding:6px 8px;border:1px solid #c9ced4;border-radius:6px}
:host([data-kl-layout=compact]) .kl-body{display:-webkit-box;-webkit-line-clamp:3;-webkit-box-orient:vertical;overflow:hidden}`

function el<K extends keyof HTMLElementTagNameMap>(
  doc: Document,
  tag: K,
  cls: string,
  text?: string | null,
): HTMLElementTagNameMap[K] {
  const e = doc.createElement(tag)
  if (cls) e.className = cls
  if (text != null) e.textContent = text
  return e
}

export function stars(doc: Document, rating: number | null, t: WidgetLabels = EN_LABELS): HTMLElement {
  const r = Math.max(0, Math.min(5, Math.round(rating ?? 0)))
  const s = el(doc, 'span', 'kl-stars', '★'.repeat(r) + '☆'.repeat(5 - r))
  s.setAttribute('role', 'img')
  s.setAttribute('aria-label', fill(t.starRating, { rating: num(rating ?? 0, t.locale) }))
  return s
}

export function renderSummary(doc: Document, s: WidgetSummary, t: WidgetLabels = EN_LABELS): HTMLElement {
  const box = el(doc, 'div', 'kl-summary')
  box.appendChild(stars(doc, s.averageRating, t))
  box.appendChild(
    el(
      doc,
      'span',
      'kl-count',
      s.averageRating == null ? '' : `${num(s.averageRating, t.locale, 1)} (${s.totalReviews})`,
    ),
  )
  return box
}

/** Thumbnails that open the photo; src and href are attributes, never markup. */
function photos(doc: Document, urls: string[], t: WidgetLabels): HTMLElement {
  const ul = el(doc, 'ul', 'kl-photos')
  urls.slice(0, 5).forEach((src, i) => {
    const li = el(doc, 'li', '')
    const a = el(doc, 'a', '')
    a.href = src
    a.target = '_blank'
    a.rel = 'noopener noreferrer'
    const img = el(doc, 'img', '')
    img.src = src
    img.alt = fill(t.photoAlt, { number: i + 1 })
    img.loading = 'lazy'
    img.width = img.height = 64
    a.appendChild(img)
    li.appendChild(a)
    ul.appendChild(li)
  })
  return ul
}

export function renderReview(doc: Document, r: WidgetReview, t: WidgetLabels = EN_LABELS): HTMLElement {
  const li = el(doc, 'li', 'kl-review')
  li.setAttribute('data-review-id', r.id)
  li.appendChild(stars(doc, r.rating, t))
  if (r.title) li.appendChild(el(doc, 'p', 'kl-title', r.title))
  if (r.content) li.appendChild(el(doc, 'p', 'kl-body', r.content))
  if (r.images?.length) li.appendChild(photos(doc, r.images, t))
  const meta = el(doc, 'div', 'kl-meta', `${r.author ?? ''} · ${r.created.slice(0, 10)}`)
  if (r.verified) meta.appendChild(el(doc, 'span', 'kl-badge', t.verifiedBuyer))
  li.appendChild(meta)
  if (r.publicReply) {
    const reply = el(doc, 'div', 'kl-reply')
    reply.appendChild(el(doc, 'div', 'kl-meta', r.publicReply.author))
    reply.appendChild(el(doc, 'p', 'kl-body', r.publicReply.content))
    li.appendChild(reply)
  }
  return li
}

/** The widget's shadow root with its styles, summary and an empty list (pages append to it). */
export function mountWidget(
  host: HTMLElement,
  summary: WidgetSummary,
  t: WidgetLabels = EN_LABELS,
): { list: HTMLElement; root: ShadowRoot } {
  const doc = host.ownerDocument
  const root = host.shadowRoot ?? host.attachShadow({ mode: 'open' })
  while (root.firstChild) root.removeChild(root.firstChild)
  root.appendChild(el(doc, 'style', '', WIDGET_CSS))
  root.appendChild(renderSummary(doc, summary, t))
  const list = el(doc, 'ul', 'kl-list')
  root.appendChild(list)
  return { list, root }
}

/**
 * schema.org Product with its AggregateRating (and the shown reviews) for search engines; JSON in a
 * script element, with "<" escaped so a review cannot close the element.
 */
export function jsonLd(
  doc: Document,
  product: { id: string; name: string | null; url?: string | null },
  s: WidgetSummary,
  reviews: WidgetReview[],
): HTMLScriptElement | null {
  if (s.averageRating == null || s.totalReviews === 0) return null
  const data = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    productID: product.id,
    name: product.name ?? product.id,
    ...(product.url ? { url: product.url } : {}),
    aggregateRating: {
      '@type': 'AggregateRating',
      ratingValue: s.averageRating,
      reviewCount: s.totalReviews,
      bestRating: 5,
      worstRating: 1,
    },
    review: reviews
      .filter((r) => r.rating != null)
      .map((r) => ({
        '@type': 'Review',
        author: { '@type': 'Person', name: r.author ?? '' },
        datePublished: r.created.slice(0, 10),
        reviewBody: r.content ?? '',
        ...(r.title ? { name: r.title } : {}),
        reviewRating: { '@type': 'Rating', ratingValue: r.rating, bestRating: 5 },
      })),
  }
  const script = doc.createElement('script')
  script.type = 'application/ld+json'
  script.setAttribute('data-klaviyo-reviews', product.id)
  script.textContent = JSON.stringify(data).replace(/</g, '\\u003c')
  return script
}
