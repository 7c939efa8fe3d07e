// The nightly refit: one planner job a day (03:00 UTC) queues one refit job per account that
// has orders, so accounts are refitted independently (one failing does not stop the others)
// and the worker's concurrency bounds the load. POST /ajax/predictive/refit queues the same
// per-account job.
import { kysely } from '@/lib/db/kysely'
import { read, select } from '@/lib/db/ops'
import { queueNow } from '@/lib/jobs/clock'
import { enqueue, PermanentJobError, registerJobHandler } from '@/lib/jobs/queue'
import { DEFAULT_CONVERSION_METRIC } from '@/lib/attribution/settings'
import { refitCompany, type RefitTrigger } from './refit-company'

export const PREDICTIVE_PLAN_JOB = 'predictive.nightly'
export const PREDICTIVE_REFIT_JOB = 'predictive.refit'
const DAY_MS = 86_400_000
const NIGHTLY_HOUR_UTC = 3

export function nextNightlyRun(now: Date): Date {
  const today = Math.floor(now.getTime() / DAY_MS) * DAY_MS + NIGHTLY_HOUR_UTC * 3_600_000
  return new Date(today > now.getTime() ? today : today + DAY_MS)
}

/** Books the next nightly planner (idempotent: call at every worker start). */
export async function ensurePredictiveJobs(now = queueNow()): Promise<void> {
  const at = nextNightlyRun(now)
  await enqueue(PREDICTIVE_PLAN_JOB, {}, { runAt: at, idempotencyKey: `${PREDICTIVE_PLAN_JOB}:${at.toISOString()}` })
}

/** Queues one account's refit; repeated clicks within a minute share one job. */
export async function queueRefit(companyId: number, trigger: RefitTrigger, now = queueNow()): Promise<number> {
  const minute = Math.floor(now.getTime() / 60_000)
  return enqueue(
    PREDICTIVE_REFIT_JOB,
    { trigger },
    { companyId, idempotencyKey: `${PREDICTIVE_REFIT_JOB}:${companyId}:${minute}` },
  )
}

/** Accounts with an order metric (Placed Order, or a conversion metric chosen in attribution settings). */
async function companiesWithOrders(): Promise<number[]> {
  const rows = await read(
    select(
      kysely()
        .selectFrom('Metric')
        .select('companyId')
        .distinct()
        .where((eb) =>
          eb.or([
            eb('name', '=', DEFAULT_CONVERSION_METRIC),
            eb(
              'id',
              'in',
              eb
                .selectFrom('AttributionSettings')
                .select('conversionMetricId')
                .where('conversionMetricId', 'is not', null),
            ),
          ]),
        ),
    ),
  )
  return rows.map((r) => r.companyId)
}

export function register(): void {
  registerJobHandler(PREDICTIVE_PLAN_JOB, async () => {
    const now = queueNow()
    for (const companyId of await companiesWithOrders()) await queueRefit(companyId, 'schedule', now)
    await ensurePredictiveJobs(new Date(now.getTime() + 60_000))
  })
  registerJobHandler(PREDICTIVE_REFIT_JOB, async (payload: { trigger?: RefitTrigger }, ctx) => {
    if (ctx.companyId == null) throw new PermanentJobError('predictive.refit needs a companyId')
    await refitCompany(ctx.companyId, { now: queueNow(), trigger: payload?.trigger ?? 'schedule' })
  })
}
