// The "Review request" block (issue 24 §1): one row per product of the order with five star
// links, each opening the hosted review form pre-filled with that rating
// (/reviews/write/{token}?rating=N). The products come from the send's context
// (`review_request_products`, written by the reviews' send-review-request action or the render
// consumer for an email whose event names an order); without them the block prints nothing, so
// a message with no order context shows no empty box. The editor's preview fills the sample.
export const REVIEW_REQUEST_PRODUCTS = 'review_request_products'
export const REVIEW_REQUEST_HEADING = 'review_request_heading'

export interface ReviewRequestProduct {
  product_id: string
  title: string
  image_url: string | null
  url: string | null
  /** The form without a rating chosen. */
  review_url: string
  stars: Array<{ rating: number; url: string }>
}

export interface ReviewRequestBlockOptions {
  starColor?: string
  showImages?: boolean
  align?: 'left' | 'center' | 'right'
}

/** The block's markup in template language (HTML, for an mj-text or a CODE template). */
export function reviewRequestBlockHtml(o: ReviewRequestBlockOptions = {}): string {
  // the options are checked by the block schema (hex colour, enum), never free text
  const color = o.starColor ?? '#f5a623'
  const align = o.align ?? 'center'
  const image =
    o.showImages === false
      ? ''
      : `{% if product.image_url %}<img src="{{ product.image_url }}" alt="{{ product.title }}" width="120" style="display:block;margin:0 auto 8px;max-width:120px;border:0">{% endif %}`
  const star = `<a href="{{ star.url }}" title="{{ star.rating }}/5" style="color:${color};font-size:28px;line-height:32px;text-decoration:none;padding:0 2px">&#9733;</a>`
  return (
    `{% if ${REVIEW_REQUEST_PRODUCTS} %}{% for product in ${REVIEW_REQUEST_PRODUCTS} %}` +
    `<div style="text-align:${align};padding:12px 0;border-bottom:1px solid #eeeeee">${image}` +
    `<p style="margin:0 0 6px;font-weight:bold">{{ product.title }}</p>` +
    `<p style="margin:0">{% for star in product.stars %}${star}{% endfor %}</p></div>` +
    `{% endfor %}{% endif %}`
  )
}

/** What the editor's preview shows in place of an order (no link works: they point nowhere). */
export function reviewRequestSample(): Record<string, unknown> {
  const product = (id: string, title: string): ReviewRequestProduct => ({
    product_id: id,
    title,
    image_url: '/email/placeholder.svg',
    url: null,
    review_url: '#review',
    stars: [1, 2, 3, 4, 5].map((rating) => ({ rating, url: `#review-${rating}` })),
  })
  return {
    [REVIEW_REQUEST_HEADING]: 'How did we do?',
    [REVIEW_REQUEST_PRODUCTS]: [product('sample-1', 'Sample product'), product('sample-2', 'Another product')],
  }
}

/** True when a template source uses the block's variables (the preview then adds the sample). */
export const usesReviewRequest = (...sources: Array<string | null | undefined>): boolean =>
  sources.some((s) => !!s && (s.includes(REVIEW_REQUEST_PRODUCTS) || /"type":\s*"review-request"/.test(s)))
