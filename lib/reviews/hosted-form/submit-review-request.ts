// A review from the hosted form of a review request: the same create path as POST /client/reviews
// (submit-review.ts: the product must be the company's, moderation rules, the Submitted Review
// event), for the profile, order and product the signed link names, so nobody can review as
// someone else. The request's unique key records the review; a second submission of the link
// (or a review of that order's product that already exists) changes nothing and says so.
import { db } from '@/lib/db/client'
import { ApiError } from '@/lib/api/api-error'
import { AppError } from '@/lib/errors/app-error'
import { ulid } from '@/lib/ids/make-id'
import { submitReview } from '../submit-review'
import { storeReviewPhotos, type CheckedPhoto } from '../review-images'
import type { ReviewRequestKey } from '../review-request-token'
import type { ReviewFormInput } from './review-form-input'

export type RequestSubmitResult =
  { kind: 'created'; reviewId: string; status: string } | { kind: 'already' } | { kind: 'not_found' }

const whereKey = (k: ReviewRequestKey) => ({
  companyId_orderKey_productExternalId_profileId: {
    companyId: k.companyId,
    orderKey: k.orderKey,
    productExternalId: k.productExternalId,
    profileId: k.profileId,
  },
})

/** The company, product and reviewer a request's link stands for, or null when any is gone. */
export async function loadRequestTarget(k: ReviewRequestKey) {
  const [company, profile, item, request] = await Promise.all([
    db.company.findUnique({ where: { id: k.companyId }, select: { id: true, name: true, logoUrl: true } }),
    db.profile.findFirst({
      where: { companyId: k.companyId, id: k.profileId },
      select: { email: true, firstName: true, lastName: true, locale: true },
    }),
    db.catalogItem.findFirst({
      where: { companyId: k.companyId, externalId: k.productExternalId, deleted: false },
      select: { id: true, title: true, imageThumbnailUrl: true, integrationKey: true },
    }),
    db.reviewRequest.findUnique({ where: whereKey(k), select: { reviewId: true } }),
  ])
  if (!company || !profile?.email || !item) return null
  const reviewed =
    !!request?.reviewId ||
    (await db.review.count({ where: { companyId: k.companyId, orderKey: k.orderKey, productKey: item.id } })) > 0
  return { company, profile: { ...profile, email: profile.email }, item, reviewed }
}

export async function submitReviewRequest(
  k: ReviewRequestKey,
  input: ReviewFormInput,
  photos: CheckedPhoto[] = [],
  now = new Date(),
): Promise<RequestSubmitResult> {
  const target = await loadRequestTarget(k)
  if (!target) return { kind: 'not_found' }
  if (target.reviewed) return { kind: 'already' }
  let created
  try {
    created = await submitReview(
      k.companyId,
      {
        data: {
          type: 'review',
          attributes: {
            review_type: 'review',
            email: target.profile.email,
            author: input.name,
            content: input.body,
            title: input.title,
            rating: input.rating,
            product: { external_id: k.productExternalId, integration_key: target.item.integrationKey ?? '' },
          },
          relationships: { order: { data: { type: 'order', id: k.orderKey } } },
        },
      },
      { now },
    )
  } catch (e) {
    // the same link sent twice at once: the review's (company, order, product) key let one through
    if (e instanceof ApiError && e.status === 409) return { kind: 'already' }
    if (e instanceof AppError && e.status === 400) return { kind: 'not_found' }
    throw e
  }
  await storeReviewPhotos(k.companyId, created.id, photos, now)
  await db.reviewRequest.upsert({
    where: whereKey(k),
    create: { id: ulid(now.getTime()), ...k, reviewId: created.id, submittedAt: now, createdAt: now },
    update: { reviewId: created.id, submittedAt: now },
  })
  return { kind: 'created', reviewId: created.id, status: created.status }
}
