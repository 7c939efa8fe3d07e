// The storage interface of the job queue. The SQLite implementation (sqlite-job-queue.ts) is
// the only one today; a Postgres one would implement the same four calls, claiming with
// SELECT … FOR UPDATE SKIP LOCKED, and nothing above this interface would change.
export interface EnqueueOptions {
  companyId?: number | null
  runAt?: Date
  maxAttempts?: number
  /** A second enqueue with the same key returns the first job's id and adds nothing. */
  idempotencyKey?: string
}

export interface ClaimedJob {
  id: number
  type: string
  companyId: number | null
  payload: unknown
  /** 1 on the first run (incremented by the claim). */
  attempts: number
  maxAttempts: number
  lockedBy: string
}

export interface ClaimOptions {
  workerId: string
  limit: number
  visibilityTimeoutMs: number
  type?: string
  now: Date
}

export interface JobQueue {
  enqueue(type: string, payload: unknown, opts: EnqueueOptions, now: Date): Promise<number>
  /** Atomically leases due jobs (queued and due, or running with an expired lease). */
  claim(opts: ClaimOptions): Promise<ClaimedJob[]>
  /** keep=false deletes the rows (high-volume types); a job whose lease was lost is left alone. */
  complete(jobs: ClaimedJob[], opts: { keep: boolean; now: Date }): Promise<void>
  /** Requeues with backoff, or marks 'dead' after maxAttempts (or at once when permanent). */
  fail(job: ClaimedJob, error: string, opts: { permanent: boolean; now: Date }): Promise<'retry' | 'dead'>
  /** Pushes the lease forward while a long job runs. */
  extend(job: ClaimedJob, visibilityTimeoutMs: number, now: Date): Promise<boolean>
}

export const MAX_BACKOFF_SECONDS = 600
/** 2, 4, 8 … seconds after the 1st, 2nd, 3rd failure, capped at ten minutes. */
export const backoffSeconds = (attempt: number) => Math.min(2 ** Math.max(1, attempt), MAX_BACKOFF_SECONDS)
