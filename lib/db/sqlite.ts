// A direct better-sqlite3 connection to the same file as the Prisma client (lib/db/client.ts),
// for the hot paths: event ingestion, the job queue, bulk imports. Prepared statements in one
// synchronous transaction are an order of magnitude faster than Prisma round trips.
//
// Concurrency: the API process and a separate worker process (and Prisma's own connection in
// this process) all write to one file. WAL lets readers run beside the one writer; the busy
// timeout makes writers wait instead of failing with SQLITE_BUSY. But better-sqlite3 waits
// *synchronously*: if a Prisma interactive transaction in this same process holds the write
// lock across an await, a blocking wait here would stall the event loop that must finish it.
// So writeTx() waits briefly in C and then retries asynchronously, yielding the event loop.
import Database from 'better-sqlite3'
import { databaseConfig, db } from '@/lib/db/client'

type Conn = Database.Database
const g = globalThis as unknown as { __sqlite?: { file: string; conn: Conn }; __prismaPragmas?: unknown }

export function sqliteFile(): string {
  const cfg = databaseConfig()
  if (cfg.provider !== 'sqlite')
    throw new Error(
      'lib/db/sqlite: DATABASE_URL is PostgreSQL; this code path is SQLite-only (port it to lib/db/kysely)',
    )
  return cfg.file
}

/** The cached connection for the current DATABASE_URL (tests switch files per test file). */
export function sqlite(): Conn {
  const file = sqliteFile()
  if (g.__sqlite?.file === file) return g.__sqlite.conn
  try {
    g.__sqlite?.conn.close()
  } catch {
    /* already closed */
  }
  const conn = new Database(file, { timeout: 5000 })
  conn.pragma('journal_mode = WAL')
  conn.pragma('busy_timeout = 5000')
  conn.pragma('synchronous = NORMAL')
  conn.pragma('foreign_keys = ON')
  g.__sqlite = { file, conn }
  void ensurePrismaPragmas().catch(() => {}) // the Prisma connection to the same file likewise
  return conn
}

/**
 * The Prisma connection gets the same settings once per client (journal_mode is stored in the
 * file, busy_timeout and synchronous are per connection). Called by the queue and ingestion.
 */
export async function ensurePrismaPragmas(): Promise<void> {
  const client = (await import('@/lib/db/client')).getDb()
  if (g.__prismaPragmas === client) return
  g.__prismaPragmas = client
  await db.$queryRawUnsafe('PRAGMA busy_timeout = 5000')
  await db.$queryRawUnsafe('PRAGMA synchronous = NORMAL')
}

export function isBusy(e: unknown): boolean {
  const code = (e as { code?: string })?.code
  return code === 'SQLITE_BUSY' || code === 'SQLITE_BUSY_SNAPSHOT' || code === 'SQLITE_LOCKED'
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/**
 * Runs fn in one IMMEDIATE transaction (takes the write lock up front, so no deferred-upgrade
 * SQLITE_BUSY_SNAPSHOT). fn must be synchronous. On a busy lock it waits at most 50 ms in C,
 * then retries with async backoff for up to `maxWaitMs` in total.
 */
export async function writeTx<T>(fn: (conn: Conn) => T, maxWaitMs = 5000): Promise<T> {
  const started = Date.now()
  let pause = 2
  for (;;) {
    const conn = sqlite()
    try {
      return withShortBusyTimeout(conn, () => conn.transaction(() => fn(conn)).immediate())
    } catch (e) {
      rolledBack()
      if (!isBusy(e) || Date.now() - started > maxWaitMs) throw e
    }
    await sleep(pause)
    pause = Math.min(pause * 2, 50)
  }
}

/** One statement outside a transaction (autocommit), with the same non-blocking wait. */
export async function writeOne<T>(fn: (conn: Conn) => T, maxWaitMs = 5000): Promise<T> {
  const started = Date.now()
  let pause = 2
  for (;;) {
    const conn = sqlite()
    try {
      return withShortBusyTimeout(conn, () => fn(conn))
    } catch (e) {
      if (!isBusy(e) || Date.now() - started > maxWaitMs) throw e
    }
    await sleep(pause)
    pause = Math.min(pause * 2, 50)
  }
}

const rollbackListeners = new Set<() => void>()

/** In-process caches of rows written in transactions (metric ids) drop what a rollback undid. */
export function onRollback(fn: () => void) {
  rollbackListeners.add(fn)
}

/** Call after a savepoint was rolled back inside a transaction that still commits. */
export function rolledBack() {
  rollbackListeners.forEach((fn) => fn())
}

function withShortBusyTimeout<T>(conn: Conn, fn: () => T): T {
  conn.pragma('busy_timeout = 50')
  try {
    return fn()
  } finally {
    conn.pragma('busy_timeout = 5000')
  }
}

/** Prisma stores DateTime in SQLite as ISO 8601 text with "+00:00"; raw writes must match. */
export const sqlDate = (d: Date = new Date()): string => d.toISOString().replace('Z', '+00:00')
export const fromSqlDate = (v: unknown): Date | null => (v == null ? null : new Date(String(v)))

const statements = new WeakMap<Conn, Map<string, Database.Statement>>()

/** A prepared statement cached per connection (preparing costs more than running). */
export function prep(sql: string, conn: Conn = sqlite()): Database.Statement {
  let map = statements.get(conn)
  if (!map) statements.set(conn, (map = new Map()))
  let s = map.get(sql)
  if (!s) map.set(sql, (s = conn.prepare(sql)))
  return s
}
