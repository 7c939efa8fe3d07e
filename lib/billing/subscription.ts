// A company's package (CompanySubscription): made on first use (the free plans, the calendar
// month), and rolled into the current period whenever it is read after its period ended. A
// cancellation asked for "at period end" happens at that roll: the paid plans go back to free,
// recorded as a plan change.
import { randomBytes } from 'node:crypto'
import { exec, select, selectFirst, type Ops } from '@/lib/db/ops'
import { inWriteTx } from '@/lib/db/ops'
import { kysely } from '@/lib/db/kysely'
import { toBool, toDate } from '@/lib/db/dialect'
import { calendarMonth, periodAt, type Period } from './billing-period'
import { FREE_EMAIL_PLAN, FREE_SMS_PLAN } from './plans'

export interface Subscription {
  companyId: number
  emailPlanKey: string
  smsPlanKey: string
  addonPlanKeys: string[]
  status: string
  period: Period
  cancelAtPeriodEnd: boolean
  autoUpgradeEmail: boolean
  autoUpgradeSms: boolean
  billingEmail: string | null
  referralCode: string | null
  stripeCustomerId: string | null
  stripeSubscriptionId: string | null
}

function parseKeys(s: unknown): string[] {
  try {
    const v = JSON.parse(String(s ?? '[]'))
    return Array.isArray(v) ? v.filter((k): k is string => typeof k === 'string') : []
  } catch {
    return []
  }
}

function toSubscription(r: Record<string, unknown>): Subscription {
  return {
    companyId: Number(r.companyId),
    emailPlanKey: String(r.emailPlanKey),
    smsPlanKey: (r.smsPlanKey as string | null) ?? FREE_SMS_PLAN,
    addonPlanKeys: parseKeys(r.addonPlanKeys),
    status: String(r.status),
    period: { start: toDate(r.periodStart)!, end: toDate(r.periodEnd)! },
    cancelAtPeriodEnd: toBool(r.cancelAtPeriodEnd),
    autoUpgradeEmail: toBool(r.autoUpgradeEmail),
    autoUpgradeSms: toBool(r.autoUpgradeSms),
    billingEmail: (r.billingEmail as string | null) ?? null,
    referralCode: (r.referralCode as string | null) ?? null,
    stripeCustomerId: (r.stripeCustomerId as string | null) ?? null,
    stripeSubscriptionId: (r.stripeSubscriptionId as string | null) ?? null,
  }
}

const byCompany = (companyId: number) =>
  kysely().selectFrom('CompanySubscription').selectAll().where('companyId', '=', companyId)

/** The subscription in its current period at `now`, made or rolled forward as needed (a write). */
export function* subscriptionOps(companyId: number, now: Date): Ops<Subscription> {
  const db = kysely()
  let row = yield* selectFirst(byCompany(companyId))
  if (!row) {
    const p = calendarMonth(now)
    yield* exec(
      db
        .insertInto('CompanySubscription')
        .values({
          companyId,
          emailPlanKey: FREE_EMAIL_PLAN,
          smsPlanKey: null,
          addonPlanKeys: '[]',
          status: 'active',
          periodStart: p.start,
          periodEnd: p.end,
          cancelAtPeriodEnd: false,
          autoUpgradeEmail: false,
          autoUpgradeSms: false,
          referralCode: randomBytes(6).toString('base64url'),
          createdAt: now,
          updatedAt: now,
        })
        .onConflict((oc) => oc.column('companyId').doNothing()),
    )
    row = (yield* selectFirst(byCompany(companyId)))!
  }
  const sub = toSubscription(row as Record<string, unknown>)
  const period = periodAt(sub.period, now)
  if (period.start.getTime() === sub.period.start.getTime()) return sub
  if (sub.cancelAtPeriodEnd) {
    const changes = [
      ...(sub.emailPlanKey !== FREE_EMAIL_PLAN
        ? [change(companyId, 'email', sub.emailPlanKey, FREE_EMAIL_PLAN, now)]
        : []),
      ...(sub.smsPlanKey !== FREE_SMS_PLAN ? [change(companyId, 'sms', sub.smsPlanKey, FREE_SMS_PLAN, now)] : []),
      ...sub.addonPlanKeys.map((k) => change(companyId, 'addon', k, null, now)),
    ]
    if (changes.length) yield* exec(db.insertInto('PlanChange').values(changes))
    yield* exec(db.updateTable('Company').set({ planKey: FREE_EMAIL_PLAN, updatedAt: now }).where('id', '=', companyId))
    Object.assign(sub, {
      emailPlanKey: FREE_EMAIL_PLAN,
      smsPlanKey: FREE_SMS_PLAN,
      addonPlanKeys: [],
      status: 'canceled',
      cancelAtPeriodEnd: false,
    })
  }
  // Guarded by the old period start: two claims rolling at once write the same thing once.
  yield* exec(
    db
      .updateTable('CompanySubscription')
      .set({
        periodStart: period.start,
        periodEnd: period.end,
        emailPlanKey: sub.emailPlanKey,
        smsPlanKey: sub.smsPlanKey === FREE_SMS_PLAN ? null : sub.smsPlanKey,
        addonPlanKeys: JSON.stringify(sub.addonPlanKeys),
        status: sub.status,
        cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
        updatedAt: now,
      })
      .where('companyId', '=', companyId)
      .where('periodStart', '=', sub.period.start),
  )
  return { ...sub, period }
}

const change = (companyId: number, channel: string, from: string | null, to: string | null, now: Date) => ({
  companyId,
  channel,
  fromPlanKey: from,
  toPlanKey: to,
  reason: 'cancel',
  userId: null,
  createdAt: now,
})

export const getSubscription = (companyId: number, now = new Date()): Promise<Subscription> =>
  inWriteTx(() => subscriptionOps(companyId, now))

/** The subscriptions of many companies, as stored (no roll): the family view. */
export function* storedSubscriptionsOps(companyIds: number[]): Ops<Subscription[]> {
  if (!companyIds.length) return []
  const rows = yield* select(
    kysely().selectFrom('CompanySubscription').selectAll().where('companyId', 'in', companyIds),
  )
  return rows.map((r) => toSubscription(r as Record<string, unknown>))
}
