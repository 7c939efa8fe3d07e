// The /api request log's writer. A row per request would add a database write to every call,
// and SQLite has one writer: so rows wait in memory and are written together (createMany),
// every second or as soon as 200 are waiting. A failed write is logged and dropped: the log
// is a diagnostic, and the request it describes was answered long before.
import { kysely } from '@/lib/db/kysely'
import { exec, inWriteTx } from '@/lib/db/ops'
import { dbDate } from '@/lib/db/query-template'

export interface ApiRequestLogRow {
  companyId: number
  apiKeyId: number | null
  appId: string | null
  method: string
  path: string
  status: number
  latencyMs: number
  revision: string | null
  errorBody: string | null
  createdAt: Date
}

const FLUSH_EVERY_MS = 1_000
const FLUSH_AT_ROWS = 200
/** Past this (the database away for a while) new rows are dropped rather than held. */
const MAX_WAITING = 20_000

// Through the write path every other writer uses (on SQLite the one synchronous connection, in
// one transaction): a Prisma createMany on its own connection held SQLite's write lock across
// event-loop turns, and a synchronous writer of the same process then failed with "database is
// locked" (it cannot wait for a lock its own thread holds).
const realWrite = (rows: ApiRequestLogRow[]) =>
  inWriteTx(function* () {
    yield* exec(
      kysely()
        .insertInto('ApiRequestLog')
        .values(rows.map((r) => ({ ...r, createdAt: dbDate(r.createdAt) as never }))),
    )
  })

const state: {
  rows: ApiRequestLogRow[]
  timer: ReturnType<typeof setTimeout> | null
  flushing: Promise<void> | null
  write: (rows: ApiRequestLogRow[]) => Promise<unknown>
} = { rows: [], timer: null, flushing: null, write: realWrite }

/** Queues one row; never throws and never waits for the database. */
export function recordApiRequest(row: ApiRequestLogRow): void {
  if (state.rows.length >= MAX_WAITING) return
  state.rows.push(row)
  if (state.rows.length >= FLUSH_AT_ROWS) void flushApiRequestLogs()
  else if (!state.timer) {
    state.timer = setTimeout(() => void flushApiRequestLogs(), FLUSH_EVERY_MS)
    // A waiting flush must not keep a script or a test process alive.
    state.timer.unref?.()
  }
}

/** Writes every waiting row now (tests and shutdown call it; the timer does otherwise). */
export async function flushApiRequestLogs(): Promise<void> {
  if (state.timer) {
    clearTimeout(state.timer)
    state.timer = null
  }
  while (state.flushing) await state.flushing
  if (!state.rows.length) return
  const batch = state.rows.splice(0, state.rows.length)
  state.flushing = state
    .write(batch)
    .then(
      () => undefined,
      (e: unknown) =>
        console.warn(
          `[api-log] ${batch.length} request log row(s) not written: ${e instanceof Error ? e.message : String(e)}`,
        ),
    )
    .finally(() => {
      state.flushing = null
    })
  await state.flushing
}

/** Tests only: replace the writer (to make it fail), or restore the real one with no argument. */
export function setApiRequestLogWriter(write?: (rows: ApiRequestLogRow[]) => Promise<unknown>): void {
  state.write = write ?? realWrite
}
