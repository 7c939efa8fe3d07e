// The one `pg` Pool per process for a postgres:// DATABASE_URL, shared by the Prisma client
// (adapter-pg) and Kysely (lib/db/kysely.ts), so a process holds at most DATABASE_POOL_SIZE
// connections (default 10). Sessions run in UTC (see pgConfig).
import pg from 'pg'
import { pgConfig } from '@/lib/db/database-url.mjs'
import { niceBackendsOf } from '@/lib/db/backend-nice'
import { clearDbOutage, isConnectionError, markDbOutage } from '@/lib/db/db-outage'

const g = globalThis as unknown as { __pgPool?: { url: string; pool: pg.Pool } }

export function poolSize(): number {
  const n = Number(process.env.DATABASE_POOL_SIZE ?? 10)
  return Number.isInteger(n) && n > 0 ? n : 10
}

// Kysely reads rows through the pool's own type parsers (Prisma brings its own per query):
// timestamp(3) columns hold UTC (how Prisma writes DateTime), counts and sums come as int8 or
// numeric, which JavaScript numbers hold for every count this product makes. jsonb ("Event".
// "properties") stays its JSON text, as the text column it is on SQLite, for the code that parses it.
const parsers: Record<number, (v: string) => unknown> = {
  1114: (v) => new Date(v.replace(' ', 'T') + 'Z'),
  20: (v) => Number(v),
  1700: (v) => Number(v),
  3802: (v) => v,
}
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    (format ?? 'text') === 'text' && parsers[oid]
      ? parsers[oid]
      : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
}

type ConnectCallback = (
  err: Error | undefined,
  client: pg.PoolClient | undefined,
  done: (release?: unknown) => void,
) => void

/**
 * Keeps the process-wide outage mark (lib/db/db-outage.ts) true to the pool: a connection
 * that cannot be opened for a connection reason sets it, one that opens clears it. Both the
 * promise and the callback forms (pool.query uses the latter) go through here.
 */
function watchConnects(pool: pg.Pool): void {
  const connect = pool.connect.bind(pool) as (cb?: ConnectCallback) => Promise<pg.PoolClient> | void
  const note = (err: unknown) => {
    if (!err) clearDbOutage()
    else if (isConnectionError(err)) markDbOutage(err)
  }
  pool.connect = ((cb?: ConnectCallback) => {
    if (cb) return connect((err, client, done) => (note(err), cb(err, client, done)))
    return (connect() as Promise<pg.PoolClient>).then(
      (c) => (note(undefined), c),
      (e) => {
        note(e)
        throw e
      },
    )
  }) as pg.Pool['connect']
}

export function pgPool(url: string): pg.Pool {
  if (g.__pgPool?.url === url) return g.__pgPool.pool
  const old = g.__pgPool?.pool
  if (old) void old.end().catch(() => {})
  // allowExitOnIdle: idle connections never keep a process alive by themselves (a script, a Jest
  // worker at its end); servers and workers stay up on their own listeners and timers.
  const pool = new pg.Pool(
    pgConfig(url, {
      max: poolSize(),
      types,
      connectionTimeoutMillis: 10_000,
      idleTimeoutMillis: 30_000,
      allowExitOnIdle: true,
    }),
  )
  // An idle connection dropped by a server restart must not crash the process; the pool
  // opens a new one on the next query.
  pool.on('error', (e) => {
    if (isConnectionError(e)) markDbOutage(e)
  })
  // The pool listens for errors only on idle connections: one checked out (between two queries
  // of a transaction) that the server terminates would emit an unhandled 'error' and end the
  // process. Its query rejects and the holder releases it with the error; this only notes it.
  pool.on('connect', (client) => {
    client.on('error', (e) => {
      if (isConnectionError(e)) markDbOutage(e)
    })
  })
  watchConnects(pool)
  niceBackendsOf(pool)
  g.__pgPool = { url, pool }
  return pool
}

/** Closes the pool (tests, scripts that must exit). */
export async function closePgPool(): Promise<void> {
  const p = g.__pgPool?.pool
  delete g.__pgPool
  if (p) await p.end().catch(() => {})
}
