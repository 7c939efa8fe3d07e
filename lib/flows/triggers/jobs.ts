// The trigger helpers' background work: backpopulation tasks, the daily date-trigger scan of
// each flow (booked at its local trigger_time), the hourly planner that books those scans for
// every live date flow, and the flow schedules (the scheduled trigger). Every job is idempotent:
// entries carry unique entry keys, and bookings carry idempotency keys naming their instant.
import { enqueue, registerJobHandler, PermanentJobError } from '@/lib/jobs/queue'
import { queueNow } from '@/lib/jobs/clock'
import { FLOW_BACKFILL_JOB, runBackfillTask } from './backfill'
import { dateTriggeredFlows, nextDateScanAt, scanDateTriggerFlow } from './date-trigger'
import { nextScheduleAt, runDueFlowSchedules } from './scheduled-trigger'
import { bookAbWinnersJob } from '../ab-test-winners'

export const DATE_SCAN_JOB = 'flows.date-scan'
export const DATE_PLAN_JOB = 'flows.date-plan'
export const SCHEDULES_JOB = 'flows.schedules'
const HOUR = 3_600_000
/** Schedules made without a booking are still found within this long. */
const SCHEDULE_POLL_MS = 5 * 60_000

/** Books the flow's next date scan (its local trigger_time after `after`). */
export async function bookDateScan(companyId: number, flowId: string, after = queueNow()): Promise<Date | null> {
  const at = await nextDateScanAt(companyId, flowId, after)
  if (!at) return null
  await enqueue(
    DATE_SCAN_JOB,
    { flowId },
    { companyId, runAt: at, idempotencyKey: `${DATE_SCAN_JOB}:${flowId}:${at.toISOString()}` },
  )
  return at
}

/**
 * Books the date-trigger planner and the schedules job (call once at worker start, and when a
 * date-triggered flow goes live or a schedule is saved: bookings are idempotent).
 */
export async function ensureTriggerJobs(now = queueNow()): Promise<void> {
  const hour = new Date(Math.floor(now.getTime() / HOUR) * HOUR)
  await enqueue(DATE_PLAN_JOB, {}, { runAt: now, idempotencyKey: `${DATE_PLAN_JOB}:${hour.toISOString()}` })
  await bookSchedules(now)
  // Not a trigger, but periodic flow work booked at the same moment: the automatic A/B winners.
  await bookAbWinnersJob(now)
}

async function bookSchedules(now: Date) {
  const next = await nextScheduleAt()
  const poll = new Date(Math.floor(now.getTime() / SCHEDULE_POLL_MS) * SCHEDULE_POLL_MS + SCHEDULE_POLL_MS)
  const at = next && next < poll ? (next < now ? now : next) : poll
  await enqueue(SCHEDULES_JOB, {}, { runAt: at, idempotencyKey: `${SCHEDULES_JOB}:${at.toISOString()}` })
}

export function register(): void {
  registerJobHandler(FLOW_BACKFILL_JOB, async (payload: { taskId?: string }) => {
    if (!payload?.taskId) throw new PermanentJobError('flows.backfill needs a taskId')
    await runBackfillTask(payload.taskId)
  })
  registerJobHandler(DATE_SCAN_JOB, async (payload: { flowId?: string }, ctx) => {
    if (!payload?.flowId || ctx.companyId == null)
      throw new PermanentJobError('flows.date-scan needs a flowId and a companyId')
    const now = queueNow()
    await scanDateTriggerFlow(ctx.companyId, payload.flowId, now)
    await bookDateScan(ctx.companyId, payload.flowId, now)
  })
  registerJobHandler(DATE_PLAN_JOB, async () => {
    const now = queueNow()
    for (const f of await dateTriggeredFlows()) await bookDateScan(f.companyId, f.id, now)
    const nextHour = new Date(Math.floor(now.getTime() / HOUR) * HOUR + HOUR)
    await enqueue(DATE_PLAN_JOB, {}, { runAt: nextHour, idempotencyKey: `${DATE_PLAN_JOB}:${nextHour.toISOString()}` })
  })
  registerJobHandler(SCHEDULES_JOB, async () => {
    const now = queueNow()
    await runDueFlowSchedules(now)
    await bookSchedules(new Date(now.getTime() + 1000))
  })
}
