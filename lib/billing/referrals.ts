// /referrals: the account's referral link (its code, made with the subscription) and what the
// accounts that signed up with it earned: a credit once each became paying.
import { db } from '@/lib/db/client'
import { appLink } from '@/lib/config/app-url'
import { getSubscription } from './subscription'
import { creditPayingReferrals, REFERRAL_CREDIT_CENTS } from './credit-referrals'

export async function referralsOverview(companyId: number, now = new Date()) {
  const sub = await getSubscription(companyId, now)
  await creditPayingReferrals(companyId, now)
  const rows = await db.referral.findMany({ where: { companyId }, orderBy: { createdAt: 'desc' }, take: 200 })
  return {
    code: sub.referralCode,
    link: sub.referralCode ? appLink(`/register?ref=${encodeURIComponent(sub.referralCode)}`) : null,
    creditPerReferralCents: REFERRAL_CREDIT_CENTS,
    referrals: rows.map((r) => ({
      id: r.id,
      status: r.status,
      creditCents: r.creditCents,
      createdAt: r.createdAt.toISOString(),
      creditedAt: r.creditedAt?.toISOString() ?? null,
    })),
    totalCreditCents: rows.reduce((a, r) => a + r.creditCents, 0),
  }
}
