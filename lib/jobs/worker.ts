// The worker loop: `concurrency` loops each claim and run jobs; an idle loop sleeps until an
// in-process enqueue signals it (milliseconds) or the poll interval passes (jobs enqueued by
// another process; on PostgreSQL a NOTIFY wakes it within milliseconds too). stop() lets running jobs finish; anything it interrupts is recovered by
// another worker once its lease expires.
import { queueNow } from './clock'
import { jobQueue } from './current-queue'
import { jobSignal, loadJobHandlers } from './registry'
import { DEFAULT_VISIBILITY_MS, defaultWorkerId, runStep } from './run-jobs'
import { isConnectionError } from '@/lib/db/db-outage'
import { startHeartbeat } from './worker-heartbeat'

export interface WorkerOptions {
  concurrency?: number
  pollMs?: number
  visibilityTimeoutMs?: number
  workerId?: string
  /** After an in-process wake-up or a small batch, wait this long so a burst is claimed as one batch. */
  coalesceMs?: number
  log?: (msg: string) => void
}

export interface WorkerHandle {
  stop(): Promise<void>
}

const g = globalThis as unknown as { __worker?: WorkerHandle }
const PRUNE_EVERY_MS = 10 * 60_000
const ERROR_BACKOFF_MAX_MS = 5_000
/** The longest idle poll of a loop that wake-ups reach (see idleWait). */
const IDLE_BACKOFF_MAX_MS = 1_000

export function startWorker(opts: WorkerOptions = {}): WorkerHandle {
  if (g.__worker) return g.__worker // one per process (the instrumentation hook may run twice in dev)
  const concurrency = Math.max(1, opts.concurrency ?? 2)
  const pollMs = opts.pollMs ?? 250
  const coalesceMs = opts.coalesceMs ?? 20
  const step = {
    workerId: opts.workerId ?? defaultWorkerId(),
    visibilityTimeoutMs: opts.visibilityTimeoutMs ?? DEFAULT_VISIBILITY_MS,
  }
  const log = opts.log ?? ((m: string) => console.info(`[worker] ${m}`))
  let stopping = false
  const wakers = new Set<() => void>()
  const wakeAll = () => wakers.forEach((w) => w())
  jobSignal.on('enqueued', wakeAll)

  const idle = (waitMs = pollMs) =>
    new Promise<void>((resolve) => {
      let woken = false
      const done = () => {
        clearTimeout(timer)
        wakers.delete(wake)
        resolve()
      }
      // Under load many requests enqueue within milliseconds: waking a little later claims
      // them as one batch (one transaction) instead of one job per claim.
      const wake = () => {
        if (woken) return
        woken = true
        if (stopping) done()
        else setTimeout(done, coalesceMs)
      }
      const timer = setTimeout(done, waitMs)
      wakers.add(wake)
    })
  // With wake-ups (PostgreSQL's LISTEN), a loop whose claims keep finding nothing polls less
  // often: every new job still wakes it at once, and what it would otherwise poll for is work
  // held by another loop (an account's batch in progress) or a delayed job. Each empty claim of
  // a busy queue costs the server milliseconds (scaling.mts with 4 workers: 7 idle loops polling
  // every 250 ms took most of the server's CPU).
  const idleWait = (empty: number) =>
    unsubscribe ? Math.min(Math.max(pollMs, IDLE_BACKOFF_MAX_MS), pollMs * 2 ** Math.min(empty - 1, 10)) : pollMs
  const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))
  // After a failed step: a pause that stop() cuts short.
  const restAfterError = (ms: number) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer)
        wakers.delete(wake)
        resolve()
      }
      const wake = () => {
        if (stopping) done()
      }
      const timer = setTimeout(done, ms)
      wakers.add(wake)
    })
  const SMALL_BATCH = 50

  let lastPrune = 0
  const loop = async (n: number) => {
    // A failing step (the database restarting, a lost connection) never ends the loop: it waits
    // longer after each consecutive failure (up to ERROR_BACKOFF_MAX_MS), logs the first failure
    // of a run and its recovery rather than every attempt, and carries on where it was. A job
    // interrupted meanwhile keeps its lease until it expires and then runs again: none is lost.
    let failures = 0
    let empty = 0
    while (!stopping) {
      let ran = 0
      try {
        ran = await runStep(step)
        if (n === 0 && Date.now() - lastPrune > PRUNE_EVERY_MS) {
          lastPrune = Date.now()
          await jobQueue().prune(queueNow())
          // The public API's rate-limit windows of keys not seen for minutes.
          await (await import('@/lib/api/rate-limit')).pruneRateLimits()
          // The /api request log keeps 7 days (the developer tools' logs).
          await (await import('@/lib/api-log/prune-request-logs')).pruneApiRequestLogs(queueNow())
          // Expired customer hub sessions and sign-in codes.
          await (await import('@/lib/customer-hub/prune-hub-logins')).pruneHubLogins(queueNow())
          // Code function invocations and transformation runs keep 30 days (issue 27).
          await (await import('@/lib/cdp-code/prune-runs')).pruneCodeRuns(queueNow())
        }
        if (failures) log(`loop ${n} recovered after ${failures} failed attempt(s)`)
        failures = 0
      } catch (e) {
        failures++
        if (failures === 1 || !isConnectionError(e)) log(`loop ${n} error: ${e instanceof Error ? e.stack : String(e)}`)
        if (stopping) break
        await restAfterError(Math.min(ERROR_BACKOFF_MAX_MS, pollMs * 2 ** Math.min(failures - 1, 10)))
        continue
      }
      if (stopping) break
      empty = ran ? 0 : empty + 1
      if (!ran) await idle(idleWait(empty))
      else if (ran < SMALL_BATCH) await pause(coalesceMs) // a trickle: let the next claim gather more
    }
  }

  let unsubscribe: (() => Promise<void>) | undefined
  let stopBeat: (() => void) | undefined
  const started = (async () => {
    const queue = jobQueue()
    // Wait for the database (schema, connection) rather than crash the process that hosts us.
    for (let wait = 500; ; wait = Math.min(wait * 2, 30_000)) {
      try {
        await queue.prepare()
        break
      } catch (e) {
        log(`database not ready (${e instanceof Error ? e.message : String(e)}), retrying in ${wait} ms`)
        await pause(wait)
        if (stopping) return
      }
    }
    // Jobs added by other processes wake us at once where the engine can tell us.
    unsubscribe = await queue.subscribe?.(wakeAll).catch((e) => {
      log(`no wake-up notifications (${e instanceof Error ? e.message : String(e)}); polling every ${pollMs} ms`)
      return undefined
    })
    await loadJobHandlers()
    // GET /health and the developer tools tell from this row that a worker is alive.
    if (!stopping) stopBeat = startHeartbeat(step.workerId)
    log(
      `started ${step.workerId} on ${queue.engine} (concurrency ${concurrency}, poll ${pollMs} ms, lease ${step.visibilityTimeoutMs} ms)`,
    )
  })()
  const loops = started.then(() => Promise.all(Array.from({ length: concurrency }, (_, i) => loop(i))))

  const handle: WorkerHandle = {
    async stop() {
      stopping = true
      wakeAll()
      jobSignal.off('enqueued', wakeAll)
      await loops.catch(() => {})
      stopBeat?.()
      await unsubscribe?.().catch(() => {})
      if (g.__worker === handle) g.__worker = undefined
      log('stopped')
    },
  }
  g.__worker = handle
  return handle
}
