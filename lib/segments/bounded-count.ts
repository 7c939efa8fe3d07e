// Counts the profiles of a company that a compiled predicate matches, within a time limit and
// off the request path: SQLite in a worker thread on its own read-only connection
// (sqlite-count-worker.ts), PostgreSQL with a statement timeout in a read-only transaction.
// A count that runs out of time is a 422 asking for narrower conditions, never a 500, and
// leaves no lock, connection or thread behind.
import { databaseConfig } from '@/lib/db/client'
import { pgPool } from '@/lib/db/pg-pool'
import { sqlite } from '@/lib/db/sqlite'
import { AppError } from '@/lib/errors/app-error'
import { compileOffline, sql, type Frag } from './sql-fragment'
import { countInWorker, CountTimeout } from './sqlite-count-worker'

export const DEFAULT_PREVIEW_TIMEOUT_MS = 10_000
/** Counts running at once in this process; the rest wait (their wait counts against their limit). */
const MAX_RUNNING = 2

export function previewTimeoutMs(): number {
  const n = Number(process.env.SEGMENT_PREVIEW_TIMEOUT_MS)
  return Number.isInteger(n) && n > 0 ? n : DEFAULT_PREVIEW_TIMEOUT_MS
}

export const previewTooSlow = () =>
  new AppError(
    'preview_too_slow',
    422,
    'The preview took too long: narrow the conditions (fewer conditions, metrics or a shorter time frame).',
  )

const PG_QUERY_CANCELED = '57014'

let running = 0
const waiting: Array<() => void> = []

async function slot(deadline: number): Promise<void> {
  if (running < MAX_RUNNING) {
    running++
    return
  }
  await new Promise<void>((resolve, reject) => {
    const wake = () => {
      clearTimeout(timer)
      running++
      resolve()
    }
    const timer = setTimeout(
      () => {
        waiting.splice(waiting.indexOf(wake), 1)
        reject(previewTooSlow())
      },
      Math.max(0, deadline - Date.now()),
    )
    waiting.push(wake)
  })
}

function release() {
  running--
  waiting.shift()?.()
}

/** How many profiles of the company match `pred` (a predicate over the Profile row `p`). */
export async function boundedCount(companyId: number, pred: Frag, opts: { timeoutMs?: number } = {}): Promise<number> {
  const timeoutMs = opts.timeoutMs ?? previewTimeoutMs()
  const deadline = Date.now() + timeoutMs
  await slot(deadline)
  try {
    const left = Math.max(1, deadline - Date.now())
    const cfg = databaseConfig()
    if (cfg.provider === 'sqlite') {
      // Opening our own connection first puts the file in WAL mode, where a reader never holds
      // back the writer (in rollback-journal mode it would).
      sqlite()
      const q = compileOffline(
        sql`SELECT CASE WHEN ${pred} THEN 1 ELSE 0 END FROM "Profile" p WHERE p."companyId" = ${companyId}`,
        'sqlite',
      )
      return await countInWorker({ file: cfg.file, sql: q.sql, params: q.parameters, timeoutMs: left }).catch((e) => {
        throw e instanceof CountTimeout ? previewTooSlow() : e
      })
    }
    return await countPostgres(cfg.url, companyId, pred, left)
  } finally {
    release()
  }
}

async function countPostgres(url: string, companyId: number, pred: Frag, timeoutMs: number): Promise<number> {
  const q = compileOffline(
    sql`SELECT COUNT(*) AS "n" FROM "Profile" p WHERE p."companyId" = ${companyId} AND ${pred}`,
    'postgresql',
  )
  const client = await pgPool(url).connect()
  try {
    await client.query('BEGIN READ ONLY')
    // SET takes no bind parameters; the value is an integer we made.
    await client.query(`SET LOCAL statement_timeout = ${Math.ceil(timeoutMs)}`)
    const res = await client.query(q.sql, q.parameters as unknown[])
    await client.query('COMMIT')
    return Number(res.rows[0]?.n ?? 0)
  } catch (e) {
    await client.query('ROLLBACK').catch(() => {})
    throw (e as { code?: string }).code === PG_QUERY_CANCELED ? previewTooSlow() : e
  } finally {
    client.release()
  }
}
