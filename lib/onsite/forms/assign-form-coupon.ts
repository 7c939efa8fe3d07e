// The unique coupon code a signup form's success step shows (issue 20 §2): one code of the
// coupon the form's coupon block names, assigned to the profile that just subscribed, exactly
// once per form and profile (the coupons work's assignCouponCode: the assign key is unique, so a
// retried or repeated request finds the code it took before). A form without a unique coupon
// block, an unknown profile, or a coupon out of codes gives the block's fallback code.
import { db } from '@/lib/db/client'
import { assignCouponCode } from '@/lib/coupons/store'

export interface FormCouponInput {
  formId: string
  formVersionId: number
  email?: string | null
  phoneNumber?: string | null
}

interface UniqueCoupon {
  couponId: string
  fallback: string
}

/** The first unique coupon block of the definition: `coupon.code` names the coupon. */
export function uniqueCouponOf(definition: unknown): UniqueCoupon | null {
  const seen = new Set<unknown>()
  const walk = (node: unknown): UniqueCoupon | null => {
    if (!node || typeof node !== 'object' || seen.has(node)) return null
    seen.add(node)
    const o = node as Record<string, unknown>
    const coupon =
      o.type === 'coupon'
        ? ((o.properties as Record<string, unknown> | undefined)?.coupon as Record<string, unknown> | undefined)
        : undefined
    if (coupon?.type === 'unique' && typeof coupon.code === 'string' && coupon.code.trim()) {
      return {
        couponId: coupon.code.trim(),
        fallback: typeof coupon.fallback_coupon_code === 'string' ? coupon.fallback_coupon_code : '',
      }
    }
    for (const v of Object.values(o)) {
      const found = walk(v)
      if (found) return found
    }
    return null
  }
  return walk(definition)
}

export async function assignFormCoupon(
  companyId: number,
  input: FormCouponInput,
  now = new Date(),
): Promise<{ code: string } | null> {
  const version = await db.formVersion.findFirst({
    where: { id: input.formVersionId, formId: input.formId, companyId, status: 'live' },
    select: { definition: true },
  })
  if (!version) return null
  let definition: unknown
  try {
    definition = JSON.parse(version.definition)
  } catch {
    return null
  }
  const coupon = uniqueCouponOf(definition)
  if (!coupon) return null
  const email = input.email?.trim().toLowerCase() || null
  const phone = input.phoneNumber?.trim() || null
  if (!email && !phone) return { code: coupon.fallback }
  const profile = await db.profile.findFirst({
    where: { companyId, ...(email ? { email } : { phoneNumber: phone }) },
    select: { id: true },
  })
  if (!profile) return { code: coupon.fallback }
  const result = await assignCouponCode(companyId, coupon.couponId, {
    assignKey: `form:${input.formId}:${profile.id}`,
    profileId: profile.id,
    now,
  })
  return { code: result.kind === 'assigned' ? result.code : coupon.fallback }
}
