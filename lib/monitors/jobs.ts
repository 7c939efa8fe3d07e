// The monitors' periodic job: every 5 minutes one job evaluates the enabled monitors of all
// accounts (a monitor is judged once per window, so a shorter period only makes alerts prompter)
// and books the next run. Booked idempotently at every worker start.
import { queueNow } from '@/lib/jobs/clock'
import { enqueue, registerJobHandler } from '@/lib/jobs/queue'
import { appUrl } from '@/lib/config/app-url'
import { evaluateMonitors } from './evaluate-monitors'

export const MONITORS_JOB = 'monitors.evaluate'
const PERIOD_MS = 5 * 60_000

export function nextMonitorRun(now: Date): Date {
  return new Date(Math.floor(now.getTime() / PERIOD_MS) * PERIOD_MS + PERIOD_MS)
}

export async function ensureMonitorJobs(now = queueNow()): Promise<void> {
  const at = nextMonitorRun(now)
  await enqueue(MONITORS_JOB, {}, { runAt: at, idempotencyKey: `${MONITORS_JOB}:${at.toISOString()}` })
}

export function register(): void {
  registerJobHandler(MONITORS_JOB, async () => {
    const now = queueNow()
    await evaluateMonitors(now, appUrl())
    await ensureMonitorJobs(new Date(now.getTime() + 1000))
  })
}
