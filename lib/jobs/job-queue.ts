// The storage interface of the job queue. Two implementations stand behind it, chosen by
// DATABASE_URL (current-queue.ts): the Job table on SQLite (sqlite-job-queue.ts) and
// graphile-worker's tables on PostgreSQL (postgres-job-queue.ts). The worker, runJobsUntilIdle,
// the handlers and every caller of enqueue() only see this interface.
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
  /**
   * The batched types, claimed per account (PostgreSQL): a job of one of them is taken only if
   * no live lease holds a job of its type and account, so loops ingest different accounts.
   */
  accountTypes?: string[]
  /** With `type`: only this account's jobs (null: only jobs without an account). */
  companyId?: number | null
  now: Date
}

export type JobStatus = 'queued' | 'running' | 'done' | 'dead'

/** What a status page may show of a job. */
export interface JobState {
  id: number
  type: string
  companyId: number | null
  status: JobStatus
  payload: unknown
  attempts: number
  maxAttempts: number
  lastError: string | null
}

export interface JobQueue {
  readonly engine: 'sqlite' | 'postgresql'
  enqueue(type: string, payload: unknown, opts: EnqueueOptions, now: Date): Promise<number>
  /** Atomically leases due jobs (queued and due, or running with an expired lease). */
  claim(opts: ClaimOptions): Promise<ClaimedJob[]>
  /** keep=false deletes the rows (high-volume types); a job whose lease was lost is left alone. */
  complete(jobs: ClaimedJob[], opts: { keep: boolean; now: Date }): Promise<void>
  /** Requeues with backoff, or marks 'dead' after maxAttempts (or at once when permanent). */
  fail(job: ClaimedJob, error: string, opts: { permanent: boolean; now: Date }): Promise<'retry' | 'dead'>
  /** Pushes the lease forward while a long job runs. */
  extend(job: ClaimedJob, visibilityTimeoutMs: number, now: Date): Promise<boolean>
  /** A job of this company (companyId null: a job without company), or null when unknown or pruned. */
  get(id: number, companyId: number | null): Promise<JobState | null>
  /** Housekeeping: finished jobs (and their idempotency keys) older than `days` go; dead ones stay. */
  prune(now: Date, days?: number): Promise<number>
  /** Once per process before a worker runs (connection settings, schema). */
  prepare(): Promise<void>
  /**
   * Calls onEnqueued whenever any process adds a job, where the engine can tell (PostgreSQL:
   * LISTEN/NOTIFY); resolves to an unsubscribe. Without it workers see other processes' jobs
   * at the next poll.
   */
  subscribe?(onEnqueued: () => void): Promise<() => Promise<void>>
}

export const MAX_BACKOFF_SECONDS = 600
/** 2, 4, 8 … seconds after the 1st, 2nd, 3rd failure, capped at ten minutes. */
export const backoffSeconds = (attempt: number) => Math.min(2 ** Math.max(1, attempt), MAX_BACKOFF_SECONDS)
