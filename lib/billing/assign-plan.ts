// Plans assigned by the operator's staff (the way without a Stripe key, and corrections with
// one): the change is audited with the staff member as its author, and a paid plan is invoiced
// for the current period as a record of ours (with a PDF), since no provider bills it, less the
// account's earned referral credits (./referral-credit.ts).
import { inWriteTx } from '@/lib/db/ops'
import { changePlanOps } from './change-plan'
import { issueInvoiceOps } from './invoices'
import { planOps } from './plans'
import { stripeConfig } from './billing-config'
import { creditPayingReferrals } from './credit-referrals'
import { referralCreditLineOps } from './referral-credit'

export async function assignPlan(companyId: number, planKey: string, staffUserId: number, now = new Date()) {
  // Referrals that became paying since the account last looked earn their credit before it is used.
  if (!stripeConfig()) await creditPayingReferrals(companyId, now)
  return inWriteTx(function* () {
    const sub = yield* changePlanOps({ companyId, planKey, reason: 'staff', userId: staffUserId, now })
    const plan = (yield* planOps(planKey))!
    let invoiceId: number | null = null
    if (plan.priceCents > 0 && !stripeConfig()) {
      const credit = yield* referralCreditLineOps(companyId, plan.priceCents)
      invoiceId = yield* issueInvoiceOps({
        companyId,
        period: sub.period,
        lines: [
          {
            description: `${plan.name} (${plan.interval === 'year' ? 'yearly' : 'monthly'})`,
            planKey,
            amountCents: plan.priceCents,
          },
          ...(credit ? [credit] : []),
        ],
        currency: plan.currency,
        now,
      })
    }
    return { subscription: sub, invoiceId }
  })
}
