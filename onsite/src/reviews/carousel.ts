// The reviews carousel and the store reviews widget (issue 24 §1), the vendor's markup:
//   <div class="klaviyo-reviews-carousel" data-id="{product id, optional}"></div>
//   <div class="klaviyo-reviews-store"></div>
// Both read /client/reviews (published and featured only), styled from the merchant's settings
// (style.ts), in a shadow root, built with textContent and attributes like the product widget.
// The carousel shows one review on a phone and three from 700px, with labelled previous/next
// buttons and the arrow keys; the position is announced politely.
import type { OnsiteContext } from '../types'
import { EN_LABELS, fill, type WidgetLabels } from './labels'
import { loadReviews } from './load'
import { renderReview, WIDGET_CSS, type WidgetReview } from './render'
import { styleHost } from './style'

const CAROUSEL_SIZE = 12
const STORE_PAGE = 5

const CAROUSEL_CSS = `.kl-carousel{position:relative}
.kl-track{list-style:none;margin:0;padding:0;display:grid;grid-auto-flow:column;grid-auto-columns:100%;gap:12px}
.kl-track .kl-review{border:1px solid var(--kl-accent,#e2e2e2);border-radius:8px;padding:12px;min-width:0}
.kl-nav{display:flex;align-items:center;gap:8px;margin-top:8px}
.kl-nav button{min-width:44px;min-height:44px;border-radius:50%;border:1px solid var(--kl-accent,#c9ced4);background:var(--kl-bg,#fff);color:var(--kl-text,inherit);cursor:pointer;font:inherit}
.kl-nav button:disabled{opacity:.4;cursor:default}
.kl-nav button:focus-visible{outline:2px solid var(--kl-accent,#2f6bd8);outline-offset:2px}
@media (min-width:700px){.kl-track{grid-auto-columns:calc((100% - 24px)/3)}}`

const perView = (win: Window | null) =>
  win && typeof win.matchMedia === 'function' && win.matchMedia('(min-width:700px)').matches ? 3 : 1

function make<K extends keyof HTMLElementTagNameMap>(doc: Document, tag: K, cls: string, text?: string) {
  const e = doc.createElement(tag)
  e.className = cls
  if (text != null) e.textContent = text
  return e
}

function freshRoot(host: HTMLElement, css: string): ShadowRoot {
  const root = host.shadowRoot ?? host.attachShadow({ mode: 'open' })
  while (root.firstChild) root.removeChild(root.firstChild)
  root.appendChild(make(host.ownerDocument, 'style', '', css))
  return root
}

/** The carousel's DOM for these reviews; `go` moves it (the buttons and arrow keys call it). */
export function renderCarousel(host: HTMLElement, reviews: WidgetReview[], t: WidgetLabels = EN_LABELS) {
  const doc = host.ownerDocument
  const root = freshRoot(host, WIDGET_CSS + CAROUSEL_CSS)
  const box = make(doc, 'section', 'kl-carousel')
  box.setAttribute('aria-roledescription', 'carousel')
  box.setAttribute('aria-label', t.customerReviews)
  const track = make(doc, 'ul', 'kl-track')
  const slides = reviews.map((r, i) => {
    const li = renderReview(doc, r, t)
    li.setAttribute('role', 'group')
    li.setAttribute('aria-roledescription', 'slide')
    li.setAttribute('aria-label', fill(t.slidePosition, { number: i + 1, total: reviews.length }))
    track.appendChild(li)
    return li
  })
  const nav = make(doc, 'div', 'kl-nav')
  const prev = make(doc, 'button', 'kl-prev', '‹')
  const next = make(doc, 'button', 'kl-next', '›')
  prev.type = next.type = 'button'
  prev.setAttribute('aria-label', t.previousReviews)
  next.setAttribute('aria-label', t.nextReviews)
  const pos = make(doc, 'span', 'kl-pos')
  pos.setAttribute('aria-live', 'polite')
  nav.append(prev, pos, next)
  box.append(track, nav)
  root.appendChild(box)

  let start = 0
  const go = (to: number) => {
    const n = perView(doc.defaultView)
    start = Math.max(0, Math.min(to, Math.max(0, slides.length - n)))
    slides.forEach((s, i) => (s.hidden = i < start || i >= start + n))
    prev.disabled = start === 0
    next.disabled = start + n >= slides.length
    pos.textContent = slides.length ? `${start + 1}–${Math.min(start + n, slides.length)} / ${slides.length}` : ''
  }
  prev.addEventListener('click', () => go(start - perView(doc.defaultView)))
  next.addEventListener('click', () => go(start + perView(doc.defaultView)))
  box.addEventListener('keydown', (e) => {
    if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return
    e.preventDefault()
    const btn = e.key === 'ArrowLeft' ? prev : next
    btn.click()
    // keep the focus on a button that still works at either end
    ;(btn.disabled ? (btn === prev ? next : prev) : btn).focus()
  })
  nav.hidden = slides.length <= 1
  go(0)
  return { root, go }
}

/** The carousel: the newest published reviews of four or five stars, of one product or the shop. */
export async function carouselWidget(ctx: OnsiteContext, host: HTMLElement) {
  const id = host.getAttribute('data-id')
  const filter = ['equals(review_type,"review")', 'greater-or-equal(rating,4)']
  if (id) filter.push(`equals(product_external_ids,${JSON.stringify(id)})`)
  const [page, t] = await Promise.all([
    loadReviews(ctx, filter.join(','), CAROUSEL_SIZE, null),
    styleHost(ctx, host, 'carousel'),
  ])
  renderCarousel(host, page.reviews, t)
}

/** The store's own reviews (review_type store), newest first, paged by "More reviews". */
export async function storeReviewsWidget(ctx: OnsiteContext, host: HTMLElement) {
  const doc = host.ownerDocument
  const filter = 'equals(review_type,"store")'
  const [first, t] = await Promise.all([
    loadReviews(ctx, filter, STORE_PAGE, null),
    styleHost(ctx, host, 'store_reviews'),
  ])
  const root = freshRoot(host, WIDGET_CSS)
  const list = make(doc, 'ul', 'kl-list')
  const more = make(doc, 'button', 'kl-more', t.moreReviews)
  more.type = 'button'
  root.append(list, more)
  let next = first.next
  const show = (reviews: WidgetReview[]) => reviews.forEach((r) => list.appendChild(renderReview(doc, r, t)))
  const sync = () => (more.hidden = !next)
  show(first.reviews)
  sync()
  more.addEventListener('click', () => {
    if (!next) return
    more.disabled = true
    loadReviews(ctx, filter, STORE_PAGE, next)
      .then((p) => {
        show(p.reviews)
        next = p.next
      })
      .catch(() => {})
      .finally(() => {
        more.disabled = false
        sync()
      })
  })
}
