// A definition change marks the segment as processing and hands the recompute to the job
// queue; "in the last N days" segments are also kept fresh by a periodic refresh job.
import { enqueue } from '@/lib/jobs/queue'
import { queueNow } from '@/lib/jobs/clock'
import { db } from '@/lib/db/client'
import { invalidateSegmentCache } from './active-segments'

export const REFRESH_INTERVAL_MS = 15 * 60_000

export async function scheduleRecompute(
  companyId: number,
  groupId: string,
  opts: { timeRelative?: boolean } = {},
): Promise<number> {
  await db.group.updateMany({ where: { id: groupId, companyId }, data: { isProcessing: true, processingPercent: 0 } })
  invalidateSegmentCache(companyId)
  const jobId = await enqueue('segments.recompute', { groupId }, { companyId })
  if (opts.timeRelative) await scheduleTimeRefresh()
  return jobId
}

/** One refresh job per 15-minute slot (the idempotency key makes repeats harmless). */
export async function scheduleTimeRefresh(): Promise<void> {
  const slot = Math.floor(queueNow().getTime() / REFRESH_INTERVAL_MS) + 1
  await enqueue(
    'segments.refresh-time',
    {},
    { runAt: new Date(slot * REFRESH_INTERVAL_MS), idempotencyKey: `segments.refresh-time:${slot}` },
  )
}
