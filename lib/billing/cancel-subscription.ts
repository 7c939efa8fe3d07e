// /cancel: the consequences first (what the free plans allow against this period's usage), then
// the cancellation at the end of the period (the plans stay paid until then; subscription.ts
// moves them to free at the roll). With Stripe the subscription is told to end at period end too.
import { db } from '@/lib/db/client'
import { companyUsage, currentBillingPackage } from './current-package'
import { getSubscription } from './subscription'
import { listPlans, FREE_EMAIL_PLAN, FREE_SMS_PLAN, planAllowance } from './plans'
import { stripeClient } from './stripe-client'

export async function cancellationPreview(companyId: number, now = new Date()) {
  const [pkg, usage, plans] = await Promise.all([
    currentBillingPackage(companyId, now),
    companyUsage(companyId, now),
    listPlans(),
  ])
  const free = plans.find((p) => p.key === FREE_EMAIL_PLAN)
  const freeSms = plans.find((p) => p.key === FREE_SMS_PLAN)
  return {
    effectiveAt: pkg.subscription.periodEnd,
    cancelAtPeriodEnd: pkg.subscription.cancelAtPeriodEnd,
    isPaid: pkg.totalMonthlyCents > 0,
    current: pkg.plans,
    after: {
      activeProfilesLimit: free?.activeProfilesLimit ?? null,
      monthlySendsLimit: free ? planAllowance(free) : null,
      smsCredits: freeSms ? planAllowance(freeSms) : null,
    },
    usage,
    addonsLost: pkg.plans.addons.map((a) => a.name),
  }
}

export async function setCancelAtPeriodEnd(companyId: number, userId: number, cancel: boolean, now = new Date()) {
  const sub = await getSubscription(companyId, now)
  const stripe = stripeClient()
  if (stripe && sub.stripeSubscriptionId)
    await stripe.subscriptions.update(sub.stripeSubscriptionId, { cancel_at_period_end: cancel })
  await db.$transaction([
    db.companySubscription.update({ where: { companyId }, data: { cancelAtPeriodEnd: cancel } }),
    db.auditEntry.create({
      data: {
        companyId,
        userId,
        action: cancel ? 'billing.cancellation_scheduled' : 'billing.cancellation_withdrawn',
        details: JSON.stringify({ effectiveAt: sub.period.end.toISOString() }),
      },
    }),
  ])
  return { cancelAtPeriodEnd: cancel, effectiveAt: sub.period.end.toISOString() }
}
