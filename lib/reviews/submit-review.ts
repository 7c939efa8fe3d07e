// A shopper's review from a store's page (POST /client/reviews): the product must be one of the
// company's catalog items, one review per (order, product), automatic moderation decides whether
// it shows at once, and a "Submitted Review" event goes through event ingest so segments and flows
// react (a thank-you for five stars, an alert for one). The review row is written first; if the
// event cannot be recorded the row is removed again, so a refusal leaves nothing behind.
import { db } from '@/lib/db/client'
import { ApiError } from '@/lib/api/api-error'
import { badRequest } from '@/lib/errors/app-error'
import { ingestEvents } from '@/lib/events/ingest-events'
import { ulid } from '@/lib/ids/make-id'
import { moderateReview, type ModerationSettings } from './moderation'
import { getReviewSettings, moderationOf } from './review-settings'
import type { ClientReviewBody } from './review-body'

export const SUBMITTED_REVIEW_METRIC = 'Submitted Review'
export const STORE_PRODUCT_KEY = '$store'

async function findProduct(companyId: number, externalId: string, integrationKey: string) {
  const items = await db.catalogItem.findMany({
    where: { companyId, externalId, deleted: false },
    select: { id: true, externalId: true, title: true, url: true, integrationKey: true },
  })
  return items.find((i) => i.integrationKey === integrationKey) ?? items[0] ?? null
}

/**
 * Whether the reviewer's own order (its Ordered Product events, unique id `order:line` or `order-line`) includes
 * the product. Read through the reviewer's profile, so the unique (company, profile, metric,
 * unique id) index serves the prefix and a big store's events are never scanned.
 */
async function boughtInOrder(companyId: number, email: string, orderKey: string, productExternalId: string | null) {
  const [profile, metric] = await Promise.all([
    db.profile.findFirst({ where: { companyId, email: email.trim().toLowerCase() }, select: { id: true } }),
    db.metric.findFirst({ where: { companyId, name: 'Ordered Product' }, select: { id: true } }),
  ])
  if (!profile || !metric) return false
  const lines = await db.event.findMany({
    where: {
      companyId,
      profileId: profile.id,
      metricId: metric.id,
      // The store connectors name a line `order:line`; histories sent through the API often `order-line`.
      OR: [{ uniqueId: { startsWith: `${orderKey}:` } }, { uniqueId: { startsWith: `${orderKey}-` } }],
    },
    select: { properties: true },
    take: 200,
  })
  if (productExternalId == null) return lines.length > 0
  return lines.some(
    (l) => String((JSON.parse(l.properties) as { ProductID?: unknown }).ProductID) === productExternalId,
  )
}

export async function submitReview(
  companyId: number,
  body: ClientReviewBody,
  opts: { now?: Date; settings?: ModerationSettings } = {},
) {
  const now = opts.now ?? new Date()
  const a = body.data.attributes
  const product = a.product ? await findProduct(companyId, a.product.external_id, a.product.integration_key) : null
  if (a.product && !product)
    throw badRequest('This product does not exist.', { 'product.external_id': ['This product does not exist.'] })
  const orderKey = body.data.relationships?.order?.data.id ?? null
  const productKey = product?.id ?? STORE_PRODUCT_KEY
  const verified = orderKey ? await boughtInOrder(companyId, a.email, orderKey, product?.externalId ?? null) : false
  const decision = moderateReview(
    { reviewType: a.review_type, rating: a.rating ?? null, title: a.title ?? null, body: a.content },
    opts.settings ?? moderationOf((await getReviewSettings(companyId)).general),
  )
  const id = ulid(now.getTime())
  try {
    await db.review.create({
      data: {
        id,
        companyId,
        catalogItemId: product?.id ?? null,
        productKey,
        productExternalId: product?.externalId ?? null,
        reviewType: a.review_type,
        rating: a.rating ?? null,
        title: a.title || null,
        body: a.content,
        authorName: a.author,
        authorEmail: a.email.toLowerCase(),
        orderKey,
        verified,
        status: decision.status,
        flags: JSON.stringify(decision.flags),
        images: JSON.stringify(a.images ?? []),
        createdAt: now,
        updatedAt: now,
      },
    })
  } catch (e) {
    if ((e as { code?: string }).code === 'P2002')
      throw new ApiError(409, 'duplicate_review', 'A review of this product from this order was already submitted.', {
        pointer: '/data/relationships/order/data/id',
      })
    throw e
  }
  try {
    const [ev] = await ingestEvents(
      companyId,
      [
        {
          metric: { name: SUBMITTED_REVIEW_METRIC },
          profile: { email: a.email },
          properties: {
            ReviewID: id,
            ReviewType: a.review_type,
            Rating: a.rating ?? null,
            Title: a.title ?? null,
            Content: a.content,
            Verified: verified,
            Status: decision.status,
            ProductID: product?.externalId ?? null,
            ProductName: product?.title ?? null,
            URL: product?.url ?? null,
            OrderId: orderKey,
          },
          time: now,
          uniqueId: `review:${id}`,
        },
      ],
      { mode: 'client' },
    )
    await db.review.updateMany({ where: { companyId, id }, data: { profileId: ev!.profileId } })
  } catch (e) {
    await db.review.deleteMany({ where: { companyId, id } })
    throw e
  }
  return { id, status: decision.status, flags: decision.flags, verified }
}
