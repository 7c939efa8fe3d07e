// The account's package and its usage this period (seed 002 §7.12 current-billing-package,
// company-usage, plan-management-data): the plan per channel with its limits, what was used,
// and the consents and dates the billing screens show.
import { read } from '@/lib/db/ops'
import { limitsEnforced, stripeConfig } from './billing-config'
import { usageOps, usageByDayOps } from './measure-usage'
import { listPlans, planAllowance, type Plan } from './plans'
import { getSubscription, type Subscription } from './subscription'

export interface ChannelUsage {
  used: number
  limit: number | null
  /** Whole percent of the limit (null when unlimited). */
  percent: number | null
}

const usage = (used: number, limit: number | null): ChannelUsage => ({
  used,
  limit,
  percent: limit ? Math.floor((used * 100) / limit) : null,
})

function planOf(plans: Plan[], key: string): Plan | null {
  return plans.find((p) => p.key === key) ?? null
}

const subscriptionView = (s: Subscription) => ({
  status: s.status,
  periodStart: s.period.start.toISOString(),
  periodEnd: s.period.end.toISOString(),
  cancelAtPeriodEnd: s.cancelAtPeriodEnd,
  autoUpgrade: { emailEnabled: s.autoUpgradeEmail, smsEnabled: s.autoUpgradeSms },
  billingEmail: s.billingEmail,
  hasPaymentMethod: !!s.stripeCustomerId,
})

export async function currentBillingPackage(companyId: number, now = new Date()) {
  const [sub, plans] = await Promise.all([getSubscription(companyId, now), listPlans()])
  const email = planOf(plans, sub.emailPlanKey)
  const sms = planOf(plans, sub.smsPlanKey)
  const addons = sub.addonPlanKeys.map((k) => planOf(plans, k)).filter((p): p is Plan => !!p)
  const monthly = [email, sms, ...addons].reduce((a, p) => a + (p?.priceCents ?? 0), 0)
  return {
    subscription: subscriptionView(sub),
    plans: { email, sms, addons },
    totalMonthlyCents: monthly,
    currency: email?.currency ?? 'USD',
    limitsEnforced: limitsEnforced(),
    paymentsProvider: stripeConfig() ? ('stripe' as const) : ('manual' as const),
  }
}

export async function companyUsage(companyId: number, now = new Date()) {
  const [sub, plans] = await Promise.all([getSubscription(companyId, now), listPlans()])
  const u = await read(usageOps(companyId, sub.period))
  const email = planOf(plans, sub.emailPlanKey)
  const sms = planOf(plans, sub.smsPlanKey)
  return {
    periodStart: sub.period.start.toISOString(),
    periodEnd: sub.period.end.toISOString(),
    activeProfiles: usage(u.activeProfiles, email?.activeProfilesLimit ?? null),
    emails: usage(u.emailsSent, email ? planAllowance(email) : null),
    smsSegments: usage(u.smsSegments, sms ? planAllowance(sms) : null),
  }
}

export async function accountUsageByDay(companyId: number, now = new Date()) {
  const sub = await getSubscription(companyId, now)
  return {
    periodStart: sub.period.start.toISOString(),
    periodEnd: sub.period.end.toISOString(),
    days: await read(usageByDayOps(companyId, sub.period)),
  }
}

/** The plan pickers (email-plans, sms-plans, create-your-plan): active plans, the current ones marked. */
export async function planManagementData(companyId: number, now = new Date()) {
  const [sub, plans] = await Promise.all([getSubscription(companyId, now), listPlans({ activeOnly: true })])
  const mark = (p: Plan) => ({
    ...p,
    current: p.key === sub.emailPlanKey || p.key === sub.smsPlanKey || sub.addonPlanKeys.includes(p.key),
  })
  return {
    emailPlans: plans.filter((p) => p.channel === 'email').map(mark),
    smsPlans: plans.filter((p) => p.channel === 'sms').map(mark),
    addons: plans.filter((p) => p.channel === 'addon').map(mark),
    current: { email: sub.emailPlanKey, sms: sub.smsPlanKey, addons: sub.addonPlanKeys },
    autoUpgrade: { emailEnabled: sub.autoUpgradeEmail, smsEnabled: sub.autoUpgradeSms },
    paymentsProvider: stripeConfig() ? ('stripe' as const) : ('manual' as const),
  }
}
