// Job handlers by type, and the in-process wake-up signal. A plain handler gets one payload;
// a batch handler gets up to `batch` jobs of its type at once (events.ingest uses this to
// write a whole batch in one transaction, which is what makes ingestion fast).
import { EventEmitter } from 'node:events'
import type { ClaimedJob } from './job-queue'

export interface JobContext {
  jobId: number
  attempt: number
  companyId: number | null
}
export type JobHandler = (payload: any, ctx: JobContext) => Promise<void> // eslint-disable-line @typescript-eslint/no-explicit-any
/** Returns the jobs that failed (by id); the others are completed. Throwing fails them all. */
export type BatchJobHandler = (jobs: ClaimedJob[]) => Promise<Map<number, unknown> | void>

export interface HandlerOptions {
  /** Claim up to this many jobs of the type at once. */
  batch?: number
  /** false: delete the row when done (high-volume types); default true keeps it as 'done'. */
  keepDone?: boolean
  /**
   * Batch types whose handler serializes each account (events.ingest's per-account lock): claim
   * a batch of one account, never an account another lease is working on (PostgreSQL).
   */
  perAccount?: boolean
}

export type Registered =
  | { kind: 'single'; handler: JobHandler; batch: number; keepDone: boolean; perAccount?: boolean }
  | { kind: 'batch'; handler: BatchJobHandler; batch: number; keepDone: boolean; perAccount?: boolean }

const g = globalThis as unknown as { __jobHandlers?: Map<string, Registered>; __jobSignal?: EventEmitter }
export const handlers: Map<string, Registered> = (g.__jobHandlers ??= new Map())
/** Emits 'enqueued' when a job is added in this process, so idle workers wake at once. */
export const jobSignal: EventEmitter = (g.__jobSignal ??= new EventEmitter().setMaxListeners(100))

export function registerJobHandler(type: string, handler: JobHandler, opts: HandlerOptions = {}) {
  handlers.set(type, { kind: 'single', handler, batch: Math.max(1, opts.batch ?? 1), keepDone: opts.keepDone ?? true })
}

export function registerBatchJobHandler(type: string, handler: BatchJobHandler, opts: HandlerOptions = {}) {
  handlers.set(type, {
    kind: 'batch',
    handler,
    batch: Math.max(1, opts.batch ?? 100),
    keepDone: opts.keepDone ?? true,
    perAccount: opts.perAccount,
  })
}

// The composition root (lib/server/job-handlers.ts, called by instrumentation.ts, the worker
// script, the seed and the tests' setup) registers the domains' handlers: lib/jobs imports no
// domain. A root may instead hand over a loader, run once before the first job is claimed.
let loader: (() => void | Promise<void>) | null = null
let loaded: Promise<void> | null = null

export function setJobHandlerLoader(load: () => void | Promise<void>) {
  loader = load
  loaded = null
}

/** Runs the loader once (if any); the worker and runJobsUntilIdle await it before claiming. */
export function loadJobHandlers(): Promise<void> {
  if (!loader) return Promise.resolve()
  return (loaded ??= Promise.resolve()
    .then(loader)
    .catch((e) => {
      loaded = null
      throw e
    }))
}

/** A failure that retrying cannot fix (bad payload): the job goes straight to 'dead'. */
export class PermanentJobError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'PermanentJobError'
  }
}
