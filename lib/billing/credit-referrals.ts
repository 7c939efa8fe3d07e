// A referral earns its credit once the referred account is paying: its email or SMS plan has a
// price and its subscription is not canceled. Checked when the referrer looks (/referrals), so
// no plan-change path has to know about referrals; the update is guarded by status = pending,
// so two looks at once credit a referral once.
import { db } from '@/lib/db/client'
import { listPlans } from './plans'

export const REFERRAL_CREDIT_CENTS = 5_000

export async function creditPayingReferrals(companyId: number, now = new Date()): Promise<number> {
  const pending = await db.referral.findMany({
    where: { companyId, status: 'pending' },
    select: { id: true, referredCompanyId: true },
    take: 500,
  })
  if (!pending.length) return 0
  const subs = await db.companySubscription.findMany({
    where: { companyId: { in: pending.map((r) => r.referredCompanyId) }, status: { not: 'canceled' } },
    select: { companyId: true, emailPlanKey: true, smsPlanKey: true },
  })
  const paid = new Set((await listPlans()).filter((p) => p.priceCents > 0).map((p) => p.key))
  const paying = new Set(
    subs.filter((s) => paid.has(s.emailPlanKey) || (s.smsPlanKey && paid.has(s.smsPlanKey))).map((s) => s.companyId),
  )
  const ids = pending.filter((r) => paying.has(r.referredCompanyId)).map((r) => r.id)
  if (!ids.length) return 0
  const { count } = await db.referral.updateMany({
    where: { companyId, id: { in: ids }, status: 'pending' },
    data: { status: 'credited', creditCents: REFERRAL_CREDIT_CENTS, creditedAt: now },
  })
  return count
}
