// Plans assigned by the operator's staff (the way without a Stripe key, and corrections with
// one): the change is audited with the staff member as its author, and a paid plan is invoiced
// for the current period as a record of ours (with a PDF), since no provider bills it.
import { inWriteTx } from '@/lib/db/ops'
import { changePlanOps } from './change-plan'
import { issueInvoiceOps } from './invoices'
import { planOps } from './plans'
import { stripeConfig } from './billing-config'

export async function assignPlan(companyId: number, planKey: string, staffUserId: number, now = new Date()) {
  return inWriteTx(function* () {
    const sub = yield* changePlanOps({ companyId, planKey, reason: 'staff', userId: staffUserId, now })
    const plan = (yield* planOps(planKey))!
    let invoiceId: number | null = null
    if (plan.priceCents > 0 && !stripeConfig())
      invoiceId = yield* issueInvoiceOps({
        companyId,
        period: sub.period,
        lines: [
          {
            description: `${plan.name} (${plan.interval === 'year' ? 'yearly' : 'monthly'})`,
            planKey,
            amountCents: plan.priceCents,
          },
        ],
        currency: plan.currency,
        now,
      })
    return { subscription: sub, invoiceId }
  })
}
