// The JSON:API shape of a review (/api/reviews, /api/reviews/{id}, /client/reviews): the vendor's
// ReviewResponseDTOObjectResource. The product block comes from the catalog item, read once per
// page (productsFor) rather than per row.
import { apiDate, apiLink, pickFields } from '@/lib/api/json-api'
import { db } from '@/lib/db/client'
import { toApiId } from '@/lib/ids/catalog-api-id'
import type { ReviewRow } from '@/lib/reviews/list-reviews'

export const REVIEW_FIELDS = [
  'email',
  'status',
  'verified',
  'review_type',
  'created',
  'updated',
  'images',
  'product',
  'rating',
  'author',
  'content',
  'title',
  'smart_quote',
  'public_reply',
] as const

export interface ReviewProduct {
  url: string
  name: string
  image_url: string | null
  external_id: string | null
}

export async function productsFor(companyId: number, rows: Array<{ catalogItemId: string | null }>) {
  const ids = [...new Set(rows.map((r) => r.catalogItemId).filter((x): x is string => !!x))]
  const items = ids.length
    ? await db.catalogItem.findMany({
        where: { companyId, id: { in: ids } },
        select: { id: true, url: true, title: true, imageFullUrl: true, externalId: true },
      })
    : []
  return new Map<string, ReviewProduct>(
    items.map((i) => [i.id, { url: i.url, name: i.title, image_url: i.imageFullUrl, external_id: i.externalId }]),
  )
}

export function reviewStatus(r: Pick<ReviewRow, 'status' | 'rejectionReason'>) {
  if (r.status === 'rejected')
    return {
      value: 'rejected',
      rejection_reason: r.rejectionReason ? JSON.parse(r.rejectionReason) : { reason: 'other' },
    }
  return { value: r.status }
}

export function serializeReview(
  url: URL,
  r: ReviewRow,
  products: Map<string, ReviewProduct>,
  opts: { fields?: Set<string> | null; client?: boolean } = {},
) {
  const attributes: Record<string, unknown> = {
    ...(opts.client ? {} : { email: r.authorEmail }),
    status: reviewStatus(r),
    verified: r.verified,
    review_type: r.reviewType,
    created: apiDate(r.createdAt),
    updated: apiDate(r.updatedAt),
    images: JSON.parse(r.images) as string[],
    product: r.catalogItemId ? (products.get(r.catalogItemId) ?? null) : null,
    rating: r.rating,
    author: r.authorName,
    content: r.body,
    title: r.title,
    smart_quote: null,
    public_reply: r.publicReply
      ? { content: r.publicReply, author: r.publicReplyAuthor ?? '', updated: apiDate(r.publicReplyAt) }
      : null,
  }
  return {
    type: 'review' as const,
    id: r.id,
    attributes: pickFields(attributes, opts.fields ?? null),
    ...(opts.client
      ? {}
      : {
          relationships: {
            events: { links: { self: apiLink(url, `/reviews/${r.id}/relationships/events/`) } },
            ...(r.productExternalId
              ? { item: { data: { type: 'catalog-item', id: toApiId(r.productExternalId) } } }
              : {}),
          },
        }),
    links: { self: apiLink(url, `/reviews/${r.id}/`) },
  }
}
