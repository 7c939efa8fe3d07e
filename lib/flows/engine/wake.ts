// Waking the journey engine. Runs are rows with an indexed wakeAt (lib/flows/engine/advance-runs.ts);
// the 'flows.advance' job drains the due ones. Two kinds of wake-up are written as jobs inside the
// transaction that makes a run due, so they exist if and only if it commits:
// - now (a run entered, an approval): a job due at once. On SQLite one queued, due job is enough
//   (the single writer makes the check and the insert atomic with respect to the claim); on
//   PostgreSQL every wake adds one (graphile-worker deletes finished rows), as a check there
//   could race with a worker claiming the job it saw.
// - later (the earliest sleeping run): a job at the wake time rounded up to the second, keyed by
//   that second, so any number of runs due in the same second share one job. A key names a
//   second still in the future when it is written, so it can never be a job that already ran.
import { CompiledQuery } from 'kysely'
import { dbEngine } from '@/lib/db/client'
import { select, type Ops } from '@/lib/db/ops'
import { enqueueJobOps } from '@/lib/jobs/enqueue-job-ops'
import { prepareEnqueueInTransaction } from '@/lib/jobs/prepare-enqueue-in-transaction'
import { wakeWorkers } from '@/lib/jobs/queue'
import { sqlDate } from '@/lib/db/sqlite'

export const FLOW_ADVANCE_JOB = 'flows.advance'

/** Before a transaction that wakes runs (installs app_jobs.add_job on PostgreSQL). */
export const prepareFlowJobs = (): Promise<void> => prepareEnqueueInTransaction()

/** A job that drains the runs due now (call in the transaction that made a run due). */
export function* wakeNowOps(now: Date): Ops<void> {
  if (dbEngine() === 'sqlite') {
    const due = yield* select<{ id: number }>(
      CompiledQuery.raw(`SELECT id FROM Job WHERE type = ? AND status = 'queued' AND runAt <= ? LIMIT 1`, [
        FLOW_ADVANCE_JOB,
        sqlDate(now),
      ]),
    )
    if (due.length) return
  }
  yield* enqueueJobOps(FLOW_ADVANCE_JOB, {}, { maxAttempts: 1000 }, now)
}

/** A job at `at` rounded up to the second (one per second however many runs wake in it). */
export function* wakeAtOps(at: Date, now: Date): Ops<void> {
  const second = Math.max(Math.ceil(at.getTime() / 1000) * 1000, Math.floor(now.getTime() / 1000) * 1000 + 1000)
  const runAt = new Date(second)
  yield* enqueueJobOps(
    FLOW_ADVANCE_JOB,
    {},
    { runAt, maxAttempts: 1000, idempotencyKey: `${FLOW_ADVANCE_JOB}:${runAt.toISOString()}` },
    now,
  )
}

/** After the commit: wakes this process's idle workers (other processes: NOTIFY or their poll). */
export function wakeFlowWorkers(): void {
  wakeWorkers(FLOW_ADVANCE_JOB)
}
