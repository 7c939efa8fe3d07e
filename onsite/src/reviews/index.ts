// The onsite reviews widgets (issue 24 §1), the vendor's markup on a product page:
//   <div class="klaviyo-star-rating-widget" data-id="{product id}"></div>   the stars and count
//   <div id="klaviyo-reviews-all" data-id="{product id}"></div>             the reviews, paged
//   <div class="klaviyo-reviews-carousel"></div>, <div class="klaviyo-reviews-store"></div>  (carousel.ts)
// data-id is the product's id in the store (the catalog item's external id). Reads the public
// /client endpoints with the company's key; renders in shadow roots (render.ts); adds the
// schema.org JSON-LD once per product.
import type { OnsiteContext } from '../types'
import { jsonLd, mountWidget, renderReview, renderSummary, type WidgetReview, type WidgetSummary } from './render'
import { carouselWidget, storeReviewsWidget } from './carousel'
import { getJson, q, toWidgetReview, type ApiReview } from './load'
import { questionsWidget } from './questions'
import { styleHost } from './style'

const PAGE_SIZE = 5
const filterFor = (productId: string) => q(`equals(product_external_ids,${JSON.stringify(productId)})`)

export async function loadSummary(ctx: OnsiteContext, productId: string): Promise<WidgetSummary> {
  const body = await getJson<{
    data: Array<{
      attributes: { results: Array<{ statistics: { average_rating: number | null; total_reviews: number } }> }
    }>
  }>(
    `${ctx.baseUrl}/client/review-values-reports?company_id=${q(ctx.companyId)}&group_by=product_id` +
      `&statistics=average_rating,total_reviews&filter=${filterFor(productId)}`,
  )
  const s = body.data[0]?.attributes.results[0]?.statistics
  return { averageRating: s?.average_rating ?? null, totalReviews: s?.total_reviews ?? 0 }
}

export async function loadPage(ctx: OnsiteContext, productId: string, next: string | null) {
  const url =
    next ??
    `${ctx.baseUrl}/client/reviews?company_id=${q(ctx.companyId)}&filter=${filterFor(productId)}` +
      `&sort=-created&page[size]=${PAGE_SIZE}`
  const body = await getJson<{ data: ApiReview[]; links: { next: string | null } }>(url)
  return { reviews: body.data.map(toWidgetReview), next: body.links.next, product: body.data[0]?.attributes.product }
}

async function starWidget(ctx: OnsiteContext, host: HTMLElement, productId: string) {
  const [s, t] = await Promise.all([loadSummary(ctx, productId), styleHost(ctx, host, 'star_rating')])
  const root = host.shadowRoot ?? host.attachShadow({ mode: 'open' })
  while (root.firstChild) root.removeChild(root.firstChild)
  root.appendChild(renderSummary(host.ownerDocument, s, t))
}

export async function allReviewsWidget(ctx: OnsiteContext, host: HTMLElement, productId: string) {
  const doc = host.ownerDocument
  const [summary, first, t] = await Promise.all([
    loadSummary(ctx, productId),
    loadPage(ctx, productId, null),
    styleHost(ctx, host, 'product_reviews'),
  ])
  const { list, root } = mountWidget(host, summary, t)
  let next = first.next
  const more = doc.createElement('button')
  more.type = 'button'
  more.className = 'kl-more'
  more.textContent = t.moreReviews
  const show = (reviews: WidgetReview[]) => reviews.forEach((r) => list.appendChild(renderReview(doc, r, t)))
  show(first.reviews)
  const sync = () => (more.hidden = !next)
  more.addEventListener('click', () => {
    if (!next) return
    more.disabled = true
    loadPage(ctx, productId, next)
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
  root.appendChild(more)
  sync()
  const added = Array.from(doc.querySelectorAll('script[data-klaviyo-reviews]')).some(
    (s) => s.getAttribute('data-klaviyo-reviews') === productId,
  )
  if (!added) {
    const ld = jsonLd(
      doc,
      { id: productId, name: first.product?.name ?? null, url: first.product?.url },
      summary,
      first.reviews,
    )
    if (ld) doc.head.appendChild(ld)
  }
}

export function startReviewWidgets(ctx: OnsiteContext): void {
  const run = () => {
    for (const host of Array.from(document.querySelectorAll<HTMLElement>('.klaviyo-star-rating-widget[data-id]'))) {
      const id = host.getAttribute('data-id')
      if (id) starWidget(ctx, host, id).catch(() => {})
    }
    const all = document.getElementById('klaviyo-reviews-all')
    const id = all?.getAttribute('data-id')
    if (all && id) allReviewsWidget(ctx, all, id).catch(() => {})
    for (const host of Array.from(document.querySelectorAll<HTMLElement>('.klaviyo-reviews-carousel')))
      carouselWidget(ctx, host).catch(() => {})
    for (const host of Array.from(document.querySelectorAll<HTMLElement>('.klaviyo-reviews-store')))
      storeReviewsWidget(ctx, host).catch(() => {})
    for (const host of Array.from(document.querySelectorAll<HTMLElement>('.klaviyo-reviews-questions[data-id]'))) {
      const pid = host.getAttribute('data-id')
      if (pid) questionsWidget(ctx, host, pid).catch(() => {})
    }
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', run, { once: true })
  else run()
}
