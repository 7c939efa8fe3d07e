// Moving a company to another plan of a channel, audited (PlanChange: who, from, to, why) in the
// caller's transaction. The email plan is mirrored on Company.planKey, which the app shell reads
// (free accounts see the upgrade button).
import { exec, type Ops } from '@/lib/db/ops'
import { inWriteTx } from '@/lib/db/ops'
import { kysely } from '@/lib/db/kysely'
import { AppError } from '@/lib/errors/app-error'
import { subscriptionOps, type Subscription } from './subscription'
import { planOps, FREE_SMS_PLAN } from './plans'

export type PlanChangeReason = 'auto_upgrade' | 'staff' | 'checkout' | 'webhook' | 'cancel'

export interface ChangePlanInput {
  companyId: number
  planKey: string
  reason: PlanChangeReason
  userId: number | null
  now: Date
}

/** Returns the subscription after the change; a plan already held changes nothing and records nothing. */
export function* changePlanOps(i: ChangePlanInput): Ops<Subscription> {
  const plan = yield* planOps(i.planKey)
  if (!plan) throw new AppError('invalid', 400, 'There is no such plan.', { planKey: ['There is no such plan.'] })
  const sub = yield* subscriptionOps(i.companyId, i.now)
  const db = kysely()
  let from: string | null
  const set: Record<string, unknown> = { updatedAt: i.now, cancelAtPeriodEnd: false, status: 'active' }
  if (plan.channel === 'email') {
    from = sub.emailPlanKey
    set.emailPlanKey = plan.key
  } else if (plan.channel === 'sms') {
    from = sub.smsPlanKey
    set.smsPlanKey = plan.key === FREE_SMS_PLAN ? null : plan.key
  } else {
    if (sub.addonPlanKeys.includes(plan.key)) return sub
    from = null
    set.addonPlanKeys = JSON.stringify([...sub.addonPlanKeys, plan.key])
  }
  if (from === plan.key) return sub
  yield* exec(db.updateTable('CompanySubscription').set(set).where('companyId', '=', i.companyId))
  yield* exec(
    db.insertInto('PlanChange').values({
      companyId: i.companyId,
      channel: plan.channel,
      fromPlanKey: from,
      toPlanKey: plan.key,
      reason: i.reason,
      userId: i.userId,
      createdAt: i.now,
    }),
  )
  if (plan.channel === 'email')
    yield* exec(db.updateTable('Company').set({ planKey: plan.key, updatedAt: i.now }).where('id', '=', i.companyId))
  return yield* subscriptionOps(i.companyId, i.now)
}

export const changePlan = (i: ChangePlanInput) => inWriteTx(() => changePlanOps(i))
