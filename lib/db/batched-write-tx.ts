// Group commit for small, frequent write transactions (an inbound webhook's): on SQLite the
// callers that arrive in one turn of the event loop share one IMMEDIATE transaction, and every
// caller's promise settles only after the shared COMMIT (nothing is answered before it is
// stored). Why: with one writer, a webhook's own statements cost less than the BEGIN/COMMIT and
// lock handling around them; at 32 concurrent webhooks that overhead was most of the time.
// A caller that throws rolls the shared transaction back, and then each caller of that batch runs
// again in a transaction of its own, so one caller's failure is thrown to it alone and undoes
// only its own writes. (Savepoints per caller would give the same, but their RELEASE cost as much
// as a caller's largest statement, for a failure that is rare.) PostgreSQL has concurrent
// writers, so there each caller keeps its own transaction (inWriteTx). As with inWriteTx, makeOps
// may run more than once: no side effects outside the database.
import { databaseConfig } from '@/lib/db/client'
import { inWriteTx, runOpsSync, type Ops } from '@/lib/db/ops'
import { writeTx } from '@/lib/db/sqlite'

/** The most callers one transaction takes; the rest go into the next. */
const MAX_BATCH = 64

interface Waiting {
  makeOps: () => Ops<unknown>
  resolve: (v: unknown) => void
  reject: (e: unknown) => void
}

const g = globalThis as unknown as { __batchedWrites?: { queue: Waiting[]; scheduled: boolean } }
const state = () => (g.__batchedWrites ??= { queue: [], scheduled: false })

export function batchedWriteTx<T>(makeOps: () => Ops<T>): Promise<T> {
  if (databaseConfig().provider !== 'sqlite') return inWriteTx(makeOps)
  return new Promise<T>((resolve, reject) => {
    const s = state()
    s.queue.push({ makeOps, resolve: resolve as (v: unknown) => void, reject })
    if (!s.scheduled) {
      s.scheduled = true
      setImmediate(flush)
    }
  })
}

async function flush(): Promise<void> {
  const s = state()
  const batch = s.queue.splice(0, MAX_BATCH)
  s.scheduled = s.queue.length > 0
  if (s.scheduled) setImmediate(flush)
  if (batch.length > 1) {
    let values: unknown[] | undefined
    try {
      values = await writeTx((conn) => batch.map((w) => runOpsSync(w.makeOps(), conn)))
    } catch {
      // Rolled back as a whole (writeTx also tells the in-process caches): each on its own below.
    }
    if (values) {
      values.forEach((v, i) => batch[i]!.resolve(v))
      return
    }
  }
  for (const w of batch) inWriteTx(w.makeOps).then(w.resolve, w.reject)
}
