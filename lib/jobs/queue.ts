// The durable job queue.
//
// Design
// - Storage: the Job table in the application database (no extra service to run). Enqueue is
//   one INSERT, group-committed: enqueues of the same event-loop turn (concurrent API
//   requests) share one transaction. A second enqueue with the same idempotencyKey returns
//   the first job's id (keys are permanent until the finished job is pruned after 7 days).
// - Claim: one atomic UPDATE … WHERE id IN (SELECT … WHERE (status='queued' AND runAt<=now)
//   OR (status='running' AND lockedUntil<now) … LIMIT n) RETURNING …, which sets
//   status='running', attempts+1, lockedBy and lockedUntil (the lease / visibility timeout,
//   60 s by default, pushed forward by a heartbeat while a job runs).
// - Delivery is at-least-once: a worker that dies mid-job never completes it, its lease
//   expires and another worker claims it again. Handlers are therefore idempotent (each
//   handler documents why), and complete/fail only touch a job whose lease is still theirs
//   (id, lockedBy and attempts match), so a worker that lost its lease cannot clobber it.
// - Failure: status back to 'queued' with runAt = now + 2^attempt s (capped at 10 min) and
//   lastError; after maxAttempts (default 5), or at once for a permanent error (a 4xx
//   AppError, PermanentJobError), status 'dead' keeps the row and its lastError for inspection.
// - Batching: a handler registered with { batch: N } gets up to N due jobs of its type at once
//   (events.ingest writes a whole batch in one transaction). With { perAccount: true } a batch
//   holds one account's jobs and, on PostgreSQL, no loop takes an account another live lease
//   is working on (events.ingest: its batches of one account wait for each other anyway).
// - Latency: enqueue in the same process emits on an EventEmitter that wakes idle workers at
//   once; enqueues from another process are seen by the poll (250 ms by default) on SQLite, and
//   within milliseconds on PostgreSQL (LISTEN/NOTIFY).
// - Running: `npm start` runs the worker inside the Next server (instrumentation.ts);
//   `npm run worker` (scripts/worker.mts) runs it as a separate process; both can run at
//   once since claims are atomic. Tests call runJobsUntilIdle() to process what is due.
//   Handlers are registered by the composition root (lib/server/job-handlers.ts): lib/jobs
//   imports no domain.
// - Engines: storage sits behind the JobQueue interface (job-queue.ts), chosen by DATABASE_URL
//   (current-queue.ts). On PostgreSQL it is backed by graphile-worker (postgres-job-queue.ts
//   says what the library does and where our contract adds to it); handlers, the worker and
//   callers do not change.
// - Enqueue inside your own transaction (the job exists iff the transaction commits):
//   SQLite: enqueueInSqliteTransaction(conn, …) inside writeTx((conn) => …), then wakeWorkers();
//   PostgreSQL: SELECT app_jobs.add_job(type, payload::json, company_id, run_at, max_attempts,
//   idempotency_key) on the transaction's connection, or enqueueInPostgresTransaction(client, …).
import { queueNow } from './clock'
import type { EnqueueOptions } from './job-queue'
import { jobQueue } from './current-queue'
import { jobSignal } from './registry'

export type { EnqueueOptions, ClaimedJob, JobQueue, JobState, JobStatus } from './job-queue'
export {
  registerJobHandler,
  registerBatchJobHandler,
  setJobHandlerLoader,
  PermanentJobError,
  type JobContext,
  type JobHandler,
} from './registry'
export { jobQueue } from './current-queue'
export { enqueueInSqliteTransaction } from './sqlite-job-queue'
export { enqueueInPostgresTransaction } from './postgres-job-queue'
export { runJobsUntilIdle } from './run-jobs'
export { startWorker, type WorkerOptions, type WorkerHandle } from './worker'

/** Adds a job; returns its id (the existing job's id when idempotencyKey was seen before). */
export async function enqueue(type: string, payload: unknown, opts: EnqueueOptions = {}): Promise<number> {
  const id = await jobQueue().enqueue(type, payload, opts, queueNow())
  wakeWorkers(type)
  return id
}

/** Wakes this process's idle workers (after a commit that enqueued inside a transaction). */
export function wakeWorkers(type = '*'): void {
  jobSignal.emit('enqueued', type)
}

/** A job's state for status pages (scoped to its company), on either engine. */
export const getJob = (id: number, companyId: number | null) => jobQueue().get(id, companyId)
