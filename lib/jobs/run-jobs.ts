// One claim-and-run step, shared by the worker loop and runJobsUntilIdle (tests, scripts).
import { hostname } from 'node:os'
import { queueNow } from './clock'
import { jobQueue } from './current-queue'
import type { ClaimedJob, JobQueue } from './job-queue'
import { handlers, loadJobHandlers, PermanentJobError, type Registered } from './registry'
import { isConnectionError } from '@/lib/db/db-outage'

/** The current engine's queue (jobQueue(), read per call), for code that holds one object. */
export const queue: JobQueue = new Proxy({} as JobQueue, {
  get(_target, prop) {
    const q = jobQueue() as unknown as Record<string | symbol, unknown>
    const value = q[prop]
    return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(q) : value
  },
})
export const DEFAULT_VISIBILITY_MS = 60_000
export const defaultWorkerId = () => `${hostname()}:${process.pid}`

export interface StepOptions {
  workerId: string
  visibilityTimeoutMs: number
}

const message = (e: unknown) => (e instanceof Error ? `${e.name}: ${e.message}` : String(e))
const isPermanent = (e: unknown) => {
  if (e instanceof PermanentJobError) return true
  const status = (e as { status?: unknown })?.status
  return typeof status === 'number' && status >= 400 && status < 500 && status !== 409 && status !== 429
}

const perAccountTypes = () => [...handlers].filter(([, r]) => r.batch > 1 && r.perAccount).map(([type]) => type)

/** Claims the next due job (and, for a batch type, more of that type) and runs them. */
export async function runStep(o: StepOptions): Promise<number> {
  await loadJobHandlers()
  const queue = jobQueue()
  const first = await queue.claim({
    workerId: o.workerId,
    limit: 1,
    visibilityTimeoutMs: o.visibilityTimeoutMs,
    accountTypes: perAccountTypes(),
    now: queueNow(),
  })
  if (!first.length) return 0
  const reg = handlers.get(first[0]!.type)
  let jobs = first
  if (reg && reg.batch > 1) {
    const more = await queue.claim({
      workerId: o.workerId,
      limit: reg.batch - 1,
      visibilityTimeoutMs: o.visibilityTimeoutMs,
      type: first[0]!.type,
      // One account per batch: a batch of several accounts would wait for each one's ingest lock.
      companyId: reg.perAccount ? first[0]!.companyId : undefined,
      now: queueNow(),
    })
    jobs = [...first, ...more]
  }
  const runnable: ClaimedJob[] = []
  for (const j of jobs) {
    // A job whose worker died on its last attempt comes back with attempts > maxAttempts.
    if (j.attempts > j.maxAttempts)
      await queue.fail(j, 'Lease expired on the last attempt (worker died?)', { permanent: true, now: queueNow() })
    else runnable.push(j)
  }
  if (!runnable.length) return jobs.length
  if (!reg) {
    for (const j of runnable)
      await queue.fail(j, `No handler registered for job type "${j.type}"`, { permanent: false, now: queueNow() })
    return jobs.length
  }
  const heartbeat = setInterval(
    () => {
      for (const j of runnable) void queue.extend(j, o.visibilityTimeoutMs, queueNow()).catch(() => {})
    },
    Math.max(1000, Math.floor(o.visibilityTimeoutMs / 3)),
  )
  heartbeat.unref?.()
  try {
    await dispatch(reg, runnable, o.visibilityTimeoutMs)
  } finally {
    clearInterval(heartbeat)
  }
  return jobs.length
}

async function dispatch(reg: Registered, jobs: ClaimedJob[], leaseMs: number) {
  const queue = jobQueue()
  if (reg.kind === 'single') {
    for (const [i, j] of jobs.entries()) {
      try {
        await reg.handler(j.payload, { jobId: j.id, attempt: j.attempts, companyId: j.companyId })
        await queue.complete([j], { keep: reg.keepDone, now: queueNow() })
      } catch (e) {
        if (isConnectionError(e)) return handBack(jobs.slice(i), e, leaseMs)
        await failJob(j, e)
      }
    }
    return
  }
  let failed: Map<number, unknown> | void
  try {
    failed = await reg.handler(jobs)
  } catch (e) {
    // The database went away mid-batch (a restart, a failover): the batch's transaction rolled
    // back, and no job of it is at fault, so it is not split into single runs (each would
    // meet the same outage); the whole batch goes back to the queue once the server answers.
    if (isConnectionError(e)) return handBack(jobs, e, leaseMs)
    if (jobs.length === 1) return failJob(jobs[0]!, e)
    // Isolate the bad job: run each alone so one poison payload cannot block the batch.
    for (const j of jobs) await dispatch(reg, [j], leaseMs)
    return
  }
  for (const j of jobs) if (failed && failed.has(j.id)) await failJob(j, failed.get(j.id))
  await queue.complete(
    jobs.filter((j) => !failed || !failed.has(j.id)),
    { keep: reg.keepDone, now: queueNow() },
  )
}

/**
 * Jobs cut off by a database outage go back to the queue (a retry after the usual short backoff;
 * the attempt counts, as a lease that ran out would) as soon as the server answers again, instead
 * of waiting out their lease (60 s). Tried until the lease would have ended anyway; then the
 * lease's expiry brings them back as before.
 */
async function handBack(jobs: ClaimedJob[], cause: unknown, leaseMs: number) {
  const until = Date.now() + leaseMs
  for (let wait = 250; ; wait = Math.min(wait * 2, 4000)) {
    try {
      for (const j of jobs) await jobQueue().fail(j, message(cause), { permanent: false, now: queueNow() })
      return
    } catch (e) {
      if (!isConnectionError(e) || Date.now() + wait > until) throw cause
    }
    await new Promise((r) => setTimeout(r, wait))
  }
}

async function failJob(j: ClaimedJob, e: unknown) {
  const outcome = await jobQueue().fail(j, message(e), { permanent: isPermanent(e), now: queueNow() })
  if (outcome === 'dead')
    console.error(`[jobs] job ${j.id} (${j.type}) is dead after ${j.attempts} attempt(s): ${message(e)}`)
}

/** Processes every job that is due now, one after another; returns how many were handled. */
export async function runJobsUntilIdle(
  opts: { maxJobs?: number; workerId?: string; visibilityTimeoutMs?: number } = {},
): Promise<number> {
  const max = opts.maxJobs ?? Infinity
  const step = {
    workerId: opts.workerId ?? defaultWorkerId(),
    visibilityTimeoutMs: opts.visibilityTimeoutMs ?? DEFAULT_VISIBILITY_MS,
  }
  let total = 0
  while (total < max) {
    const n = await runStep(step)
    if (!n) break
    total += n
  }
  return total
}
