// Coupon push (issue 21 §1): a coupon made for the `shopify` integration key has its codes
// created in the shop as basic discount codes, so a code a message hands out works at checkout.
// One discount per code (discountCodeBasicCreate); a code the shop already has ("must be unique")
// counts as pushed, so a retried or repeated push creates nothing twice. Runs as a job.
import { z } from 'zod'
import { db } from '@/lib/db/client'
import { badRequest, notFound } from '@/lib/errors/app-error'
import { enqueue } from '@/lib/jobs/queue'
import { connectionCredentials, getConnectionByKey } from '../connections'
import { createShopifyClient, type ShopifyClient } from './admin-api'

export const COUPON_PUSH_JOB = 'integrations.shopify.coupon-push'

export const couponDiscountInput = z
  .object({
    kind: z.enum(['percentage', 'fixed_amount']),
    /** Percent (1–100) or an amount in the shop's currency. */
    value: z.coerce.number().positive('Enter a value above 0.'),
    endsAt: z.coerce.date().nullable().optional(),
    oncePerCustomer: z.boolean().default(true),
  })
  .refine((d) => d.kind !== 'percentage' || d.value <= 100, {
    path: ['value'],
    message: 'A percentage is at most 100.',
  })
export type CouponDiscount = z.infer<typeof couponDiscountInput>

export interface CouponPushPayload {
  companyId: number
  couponExternalId: string
  discount: CouponDiscount
}

const CREATE = `mutation DiscountCreate($basicCodeDiscount: DiscountCodeBasicInput!) {
  discountCodeBasicCreate(basicCodeDiscount: $basicCodeDiscount) {
    codeDiscountNode { id }
    userErrors { field code message }
  }
}`

/** Validates and queues the push; the coupon must be a Shopify coupon and the shop allow it. */
export async function queueCouponPush(
  companyId: number,
  couponExternalId: string,
  raw: unknown,
): Promise<{ jobId: number }> {
  const discount = couponDiscountInput.parse(raw)
  // The screen names the coupon by its id, the API by its external id: either, in this company.
  const coupon = await db.coupon.findFirst({
    where: { companyId, OR: [{ id: couponExternalId }, { externalId: couponExternalId }] },
  })
  if (!coupon) throw notFound('Coupon not found.')
  if (coupon.integrationKey !== 'shopify')
    throw badRequest('Only Shopify coupons are pushed to the shop.', {
      coupon: ['This coupon is not a Shopify coupon.'],
    })
  const conn = await getConnectionByKey(companyId, 'shopify')
  if (!conn || conn.status === 'disconnected')
    throw badRequest('Connect a Shopify shop first.', { coupon: ['No Shopify shop is connected.'] })
  if (conn.settings.pushCoupons === false)
    throw badRequest('Coupon push is off for this shop.', {
      coupon: ['Turn on "Push coupons" in the Shopify settings.'],
    })
  const jobId = await enqueue(
    COUPON_PUSH_JOB,
    { companyId, couponExternalId: coupon.externalId, discount } satisfies CouponPushPayload,
    { companyId, maxAttempts: 8 },
  )
  return { jobId }
}

export interface PushResult {
  created: number
  existing: number
  failed: Array<{ code: string; reason: string }>
}

export async function pushCoupon(p: CouponPushPayload, client?: ShopifyClient, now = new Date()): Promise<PushResult> {
  const coupon = await db.coupon.findFirst({ where: { companyId: p.companyId, externalId: p.couponExternalId } })
  const conn = await getConnectionByKey(p.companyId, 'shopify')
  const creds = conn ? await connectionCredentials(p.companyId, conn.id) : null
  const out: PushResult = { created: 0, existing: 0, failed: [] }
  if (
    !coupon ||
    coupon.integrationKey !== 'shopify' ||
    !conn?.externalKey ||
    conn.status === 'disconnected' ||
    !creds?.accessToken
  )
    return out
  const api = client ?? createShopifyClient({ shop: conn.externalKey, accessToken: creds.accessToken })
  const codes = await db.couponCode.findMany({
    where: { companyId: p.companyId, couponId: coupon.id, status: { in: ['UNASSIGNED', 'ASSIGNED_TO_PROFILE'] } },
    orderBy: { createdAt: 'asc' },
  })
  const value =
    p.discount.kind === 'percentage'
      ? { percentage: p.discount.value / 100 }
      : { discountAmount: { amount: p.discount.value.toFixed(2), appliesOnEachItem: false } }
  for (const c of codes) {
    const d = await api.query<{
      discountCodeBasicCreate: {
        codeDiscountNode: { id: string } | null
        userErrors: Array<{ code?: string; message: string }>
      }
    }>(CREATE, {
      basicCodeDiscount: {
        title: `${coupon.externalId} ${c.code}`,
        code: c.code,
        startsAt: now.toISOString(),
        endsAt: (c.expiresAt ?? p.discount.endsAt)?.toISOString() ?? null,
        usageLimit: 1,
        appliesOncePerCustomer: p.discount.oncePerCustomer,
        context: { all: 'ALL' },
        customerGets: { value, items: { all: true } },
      },
    })
    const r = d.discountCodeBasicCreate
    if (r.codeDiscountNode) out.created++
    else if (r.userErrors.some((e) => e.code === 'TAKEN' || /unique|taken/i.test(e.message))) out.existing++
    else out.failed.push({ code: c.code, reason: r.userErrors.map((e) => e.message).join('; ') })
  }
  return out
}
