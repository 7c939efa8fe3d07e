// When a scheduled report is next mailed: at the start of a UTC day, then every day, 7 days or
// calendar month. One queued job per distinct time (its idempotency key), as the catalog's
// scheduled reports do, so saving many reports books one wake-up per time.
import { enqueue } from '@/lib/jobs/queue'

export const REPORT_SCHEDULES = ['none', 'daily', 'weekly', 'monthly'] as const
export type ReportSchedule = (typeof REPORT_SCHEDULES)[number]
export const REPORT_SCHEDULE_JOB = 'analytics.report-schedule'

const DAY = 86_400_000

/** The first mailing of a newly set schedule: the next midnight UTC. */
export function nextScheduledRun(schedule: string, now: Date): Date | null {
  if (schedule === 'none') return null
  return new Date(Math.floor(now.getTime() / DAY) * DAY + DAY)
}

/** The mailing after `at` for the schedule. */
export function followingRun(schedule: string, at: Date): Date {
  if (schedule === 'monthly') {
    const d = new Date(at)
    d.setUTCMonth(d.getUTCMonth() + 1)
    return d
  }
  return new Date(at.getTime() + (schedule === 'weekly' ? 7 : 1) * DAY)
}

export async function bookScheduleJob(at: Date): Promise<void> {
  await enqueue(REPORT_SCHEDULE_JOB, {}, { runAt: at, idempotencyKey: `${REPORT_SCHEDULE_JOB}:${at.toISOString()}` })
}
