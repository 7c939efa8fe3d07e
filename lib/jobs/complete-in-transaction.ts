// Completing claimed jobs inside the caller's own write transaction (lib/db/ops.ts), on either
// engine: a batch handler (events.ingest) locks the jobs whose lease is still its own, writes
// their effects, and deletes them in the same transaction. So the effects and the completion
// commit together or not at all: a worker killed mid-batch leaves its jobs to be claimed again
// with nothing written, and a worker that lost its lease writes nothing.
//
// SQLite: the Job table (the write transaction already excludes every other writer).
// PostgreSQL: graphile-worker's jobs table (postgres-job-queue.ts); the leased rows are locked
// FOR UPDATE, so no other worker can re-claim them (its claim skips locked rows) until this
// transaction ends, and the delete finishes their idempotency keys as complete() does.
import { CompiledQuery } from 'kysely'
import { dbEngine } from '@/lib/db/client'
import { exec, select, type Ops } from '@/lib/db/ops'

export interface JobLease {
  jobId: number
  lockedBy: string
  attempts: number
}

const GW = 'graphile_worker'

/** The ids of `leases` still held (and, on PostgreSQL, locks them until the transaction ends). */
export function* lockLeasedJobsOps(leases: JobLease[]): Ops<Set<number>> {
  if (!leases.length) return new Set()
  if (dbEngine() === 'postgresql') {
    const rows = yield* select<{ id: string | number }>(
      CompiledQuery.raw(
        `select j.id from ${GW}._private_jobs j
           join unnest($1::bigint[], $2::int[], $3::text[]) as x(id, attempts, worker)
             on j.id = x.id and j.attempts = x.attempts and j.locked_by = x.worker
           order by j.id
           for update of j`,
        [leases.map((l) => l.jobId), leases.map((l) => l.attempts), leases.map((l) => l.lockedBy)],
      ),
    )
    return new Set(rows.map((r) => Number(r.id)))
  }
  const rows = yield* select<{ id: number }>(
    CompiledQuery.raw(
      `SELECT id FROM Job WHERE status = 'running' AND (id, attempts, lockedBy) IN
         (SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]'), json_extract(value, '$[2]') FROM json_each(?))`,
      [JSON.stringify(leases.map((l) => [l.jobId, l.attempts, l.lockedBy]))],
    ),
  )
  return new Set(rows.map((r) => Number(r.id)))
}

/**
 * Deletes the jobs (whose leases the caller checked with lockLeasedJobsOps in this same
 * transaction), as complete() with keep=false does. Returns how many were deleted.
 */
export function* completeInTransactionOps(leases: JobLease[], now = new Date()): Ops<number> {
  if (!leases.length) return 0
  if (dbEngine() === 'postgresql') {
    const rows = yield* select<{ n: string | number }>(
      CompiledQuery.raw(
        `with done as (
           delete from ${GW}._private_jobs j
             using unnest($1::bigint[], $2::int[], $3::text[]) as x(id, attempts, worker)
             where j.id = x.id and j.attempts = x.attempts and j.locked_by = x.worker
             returning j.id
         ), keys as (
           update app_jobs.job_keys k set finished_at = $4 from done where k.job_id = done.id
         )
         select count(*) as n from done`,
        [leases.map((l) => l.jobId), leases.map((l) => l.attempts), leases.map((l) => l.lockedBy), now],
      ),
    )
    return Number(rows[0]?.n ?? 0)
  }
  return yield* exec(
    CompiledQuery.raw(
      `DELETE FROM Job WHERE (id, attempts, lockedBy) IN
         (SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]'), json_extract(value, '$[2]') FROM json_each(?))`,
      [JSON.stringify(leases.map((l) => [l.jobId, l.attempts, l.lockedBy]))],
    ),
  )
}
