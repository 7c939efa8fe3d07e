// The plan limit in the send pipeline (issue 26 §1), registered as messaging's one PlanGate
// (lib/messaging/plan-gate.ts) by lib/server/consumers.ts. Per claimed page it costs one read of
// the subscription and, at most every USAGE_TTL_MS per company and channel, one count of the
// period's sends (measure-usage.ts, on its index); between counts the units this process claimed
// are added in memory. Off unless the operator set BILLING_ENFORCE_LIMITS=1.
import { execInsertSqlite, exec, type Ops } from '@/lib/db/ops'
import { dbEngine } from '@/lib/db/client'
import { kysely } from '@/lib/db/kysely'
import { enqueueManyJobsOps } from '@/lib/jobs/enqueue-many-ops'
import type { PlanAllowance, PlanGate } from '@/lib/messaging/plan-gate'
import type { Channel } from '@/lib/messaging/types'
import { limitsEnforced } from './billing-config'
import { changePlanOps } from './change-plan'
import { sentUnitsOps } from './measure-usage'
import { nextTierOps, planAllowance, planOps } from './plans'
import { subscriptionOps } from './subscription'

export const USAGE_TTL_MS = 30_000
export const WARNING_THRESHOLDS = [80, 100] as const
export const USAGE_WARNING_JOB = 'billing.usage_warning'

interface Cached {
  used: number
  readAt: number
  warned: Set<number>
}
const g = globalThis as unknown as { __billingUsageCache?: Map<string, Cached> }
const cache = (): Map<string, Cached> => (g.__billingUsageCache ??= new Map())

/** Forgets the cached counts (tests; a staff correction of usage). */
export const clearUsageCache = (): void => cache().clear()

export interface UsageWarningPayload {
  companyId: number
  channel: 'email' | 'sms'
  threshold: number
  periodStart: string
  used: number
  limit: number
}

function* openAllowance(companyId: number, channel: Channel, now: Date): Ops<PlanAllowance | null> {
  if (!limitsEnforced() || (channel !== 'email' && channel !== 'sms')) return null
  let sub = yield* subscriptionOps(companyId, now)
  let plan = yield* planOps(channel === 'email' ? sub.emailPlanKey : sub.smsPlanKey)
  let limit = plan ? planAllowance(plan) : null
  if (!plan || limit == null) return null
  const key = `${companyId}:${channel}:${sub.period.start.toISOString()}`
  let c = cache().get(key)
  if (!c || now.getTime() - c.readAt > USAGE_TTL_MS || now.getTime() < c.readAt) {
    const used = yield* sentUnitsOps(companyId, channel, sub.period)
    c = { used, readAt: now.getTime(), warned: c?.warned ?? new Set() }
    cache().set(key, c)
  }
  const entry = c
  const consent = channel === 'email' ? sub.autoUpgradeEmail : sub.autoUpgradeSms
  return {
    remaining: () => Math.max(0, limit! - entry.used),
    consume: (units) => {
      entry.used += units
    },
    *upgrade() {
      if (!consent || !plan) return false
      const next = yield* nextTierOps(plan)
      const nextLimit = next ? planAllowance(next) : null
      if (!next || (nextLimit != null && nextLimit <= limit!)) return false
      sub = yield* changePlanOps({ companyId, planKey: next.key, reason: 'auto_upgrade', userId: null, now })
      plan = next
      limit = nextLimit ?? Number.MAX_SAFE_INTEGER
      return true
    },
    *close() {
      const due = WARNING_THRESHOLDS.filter((t) => !entry.warned.has(t) && entry.used * 100 >= limit! * t)
      for (const threshold of due) {
        entry.warned.add(threshold)
        const row = {
          companyId,
          periodStart: sub.period.start,
          channel,
          threshold,
          sentAt: now,
        }
        const insert = kysely()
          .insertInto('UsageWarning')
          .values(row)
          .onConflict((oc) => oc.columns(['companyId', 'periodStart', 'channel', 'threshold']).doNothing())
        // Unique per (company, period, channel, threshold): the mail goes once, whichever worker gets there first.
        const added = dbEngine() === 'sqlite' ? (yield* execInsertSqlite(insert)).changes : yield* exec(insert)
        if (!added) continue
        const payload: UsageWarningPayload = {
          companyId,
          channel,
          threshold,
          periodStart: sub.period.start.toISOString(),
          used: entry.used,
          limit: limit!,
        }
        yield* enqueueManyJobsOps(USAGE_WARNING_JOB, [payload], { companyId, maxAttempts: 5 }, now)
      }
    },
  }
}

export const billingPlanGate: PlanGate = { name: 'billing', open: openAllowance }
