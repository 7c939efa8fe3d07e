// The SQLite side of a bounded count: better-sqlite3 runs a statement to its end on the thread
// that calls it and has no statement timeout, progress handler or interrupt. So the count runs
// in a worker thread on its own read-only connection (WAL: it never takes the writer's lock),
// one row per profile, and the worker stops at the deadline between rows; the caller also
// terminates it if it does not answer in time. The event loop of the server never waits on it.
import { Worker } from 'node:worker_threads'

// Plain JavaScript evaluated as the worker's script (an eval worker needs no file of its own,
// so the bundler has nothing to find): the statement yields 1 or 0 per profile.
const SOURCE = `
const { parentPort, workerData } = require('node:worker_threads')
const { createRequire } = require('node:module')
const Database = createRequire(workerData.root + '/')('better-sqlite3')
let conn
try {
  conn = new Database(workerData.file, { readonly: true, fileMustExist: true, timeout: 1000 })
  const rows = conn.prepare(workerData.sql).pluck().iterate(...workerData.params)
  let count = 0, seen = 0, timedOut = false
  for (const m of rows) {
    if (m) count++
    if (++seen % 32 === 0 && Date.now() > workerData.deadline) { timedOut = true; break }
  }
  parentPort.postMessage(timedOut ? { timedOut: true } : { count })
} catch (e) {
  parentPort.postMessage({ error: String(e && e.message || e), code: e && e.code })
} finally {
  try { if (conn) conn.close() } catch {}
}
`

export interface WorkerCount {
  file: string
  /** One row per profile: 1 when it matches, else 0 (or NULL). */
  sql: string
  params: readonly unknown[]
  timeoutMs: number
}

export class CountTimeout extends Error {
  constructor() {
    super('The count did not finish in time.')
    this.name = 'CountTimeout'
  }
}

/** The matching rows of `sql`, or CountTimeout; the worker is gone when this settles. */
export function countInWorker(q: WorkerCount): Promise<number> {
  const deadline = Date.now() + q.timeoutMs
  const worker = new Worker(SOURCE, {
    eval: true,
    workerData: { root: process.cwd(), file: q.file, sql: q.sql, params: q.params, deadline },
  })
  return new Promise<number>((resolve, reject) => {
    let settled = false
    const finish = (fn: () => void) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      // Ends the thread (and closes its connection) whatever it was doing.
      void worker.terminate().catch(() => {})
      fn()
    }
    // The worker checks the deadline between profiles; this is for a thread that cannot get
    // there (one profile's row still being computed).
    const timer = setTimeout(() => finish(() => reject(new CountTimeout())), q.timeoutMs + 250)
    worker.once('message', (m: { count?: number; timedOut?: boolean; error?: string; code?: string }) => {
      if (m.timedOut) return finish(() => reject(new CountTimeout()))
      if (typeof m.count === 'number') return finish(() => resolve(m.count!))
      finish(() => reject(Object.assign(new Error(m.error ?? 'The count failed.'), { code: m.code })))
    })
    worker.once('error', (e) => finish(() => reject(e)))
    worker.once('exit', () => finish(() => reject(new Error('The count worker stopped without an answer.'))))
  })
}
