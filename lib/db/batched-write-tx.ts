// Group commit for small, frequent write transactions (an inbound webhook's): on SQLite the
// callers that arrive in one turn of the event loop share one IMMEDIATE transaction, each inside
// its own savepoint, so one caller's failure undoes only its own writes and is thrown to it alone,
// and every caller's promise settles only after the shared COMMIT (nothing is answered before
// it is stored). Why: with one writer, a webhook's own statements cost less than the BEGIN/COMMIT
// and lock handling around them; at 32 concurrent webhooks that overhead was most of the time.
// PostgreSQL has concurrent writers, so there each caller keeps its own transaction (inWriteTx).
// As with inWriteTx, makeOps may run again (a busy retry of the whole batch): no side effects
// outside the database.
import { databaseConfig } from '@/lib/db/client'
import { inWriteTx, runOpsSync, savepoint, type Ops } from '@/lib/db/ops'
import { rolledBack, writeTx } from '@/lib/db/sqlite'

/** The most callers one transaction takes; the rest go into the next. */
const MAX_BATCH = 64

interface Waiting {
  makeOps: () => Ops<unknown>
  resolve: (v: unknown) => void
  reject: (e: unknown) => void
}
type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown }

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
  let outcomes: Outcome[]
  try {
    outcomes = await writeTx((conn) =>
      batch.map((w) =>
        runOpsSync(
          savepoint<Outcome, Outcome>(
            function* () {
              return { ok: true, value: yield* w.makeOps() }
            },
            (error) => {
              // In-process copies of rows this savepoint wrote (metric ids) must not outlive it.
              rolledBack()
              return { ok: false, error }
            },
          ),
          conn,
        ),
      ),
    )
  } catch (e) {
    for (const w of batch) w.reject(e)
    return
  }
  outcomes.forEach((o, i) => (o.ok ? batch[i]!.resolve(o.value) : batch[i]!.reject(o.error)))
}
