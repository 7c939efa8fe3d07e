// Database work written once for both engines, run synchronously on SQLite and asynchronously
// on PostgreSQL.
//
// Why: SQLite's speed comes from doing a whole batch in one synchronous transaction on the
// better-sqlite3 connection (no await while the write lock is held, see lib/db/sqlite.ts);
// PostgreSQL has no synchronous client. So a unit of work is a generator that *yields* the
// queries it wants run and receives their results:
//
//   function* renameProfile(companyId: number, id: string, name: string): Ops<number> {
//     const rows = yield* select(kysely().selectFrom('Profile').select('id').where(…))
//     return yield* exec(kysely().updateTable('Profile').set({ firstName: name }).where(…))
//   }
//   await inWriteTx(() => renameProfile(1, 'P1', 'Ada'))   // SQLite: one writeTx, no awaits
//
// A generator composes with `yield*`; a failing query is thrown back into the generator at the
// yield, so try/catch (and savepoint() below) behave as they would around an awaited query.
import type { CompiledQuery, Compilable } from 'kysely'
import { sql } from 'kysely'
import type Database from 'better-sqlite3'
import type pg from 'pg'
import { databaseConfig } from '@/lib/db/client'
import { kysely } from '@/lib/db/kysely'
import { pgPool } from '@/lib/db/pg-pool'
import { preparedName } from '@/lib/db/query-template'
import { prep, sqlite, writeTx } from '@/lib/db/sqlite'

/** What the runner sends back for one yielded query. */
export type OpResult = {
  rows: unknown[]
  changes: number
  /** SQLite writes: the rowid of the last insert. */ lastInsertRowid?: number
}
export type Ops<T> = Generator<CompiledQuery, T, OpResult>

const compile = (q: Compilable<unknown> | CompiledQuery): CompiledQuery => ('compile' in q ? q.compile() : q)

/** Rows of a query (SELECT, or a write with RETURNING). */
export function* select<R>(q: Compilable<R> | CompiledQuery<R>): Ops<R[]> {
  const res = yield compile(q as Compilable<unknown>)
  return res.rows as R[]
}

/** The first row, or undefined. */
export function* selectFirst<R>(q: Compilable<R> | CompiledQuery<R>): Ops<R | undefined> {
  return (yield* select(q))[0]
}

/**
 * An INSERT on SQLite without RETURNING (which costs SQLite several times the insert itself on
 * an upsert): the number of rows inserted and the new rowid. SQLite only.
 */
export function* execInsertSqlite(
  q: Compilable<unknown> | CompiledQuery,
): Ops<{ changes: number; rowid: number | null }> {
  const res = yield compile(q)
  return { changes: res.changes, rowid: res.changes ? (res.lastInsertRowid ?? null) : null }
}

/** Number of rows a write changed. */
export function* exec(q: Compilable<unknown> | CompiledQuery): Ops<number> {
  const res = yield compile(q)
  return res.changes
}

/**
 * Runs `inner` inside a savepoint: if it throws, its writes are undone and the error is passed
 * to `onError` (whose result is returned), while the surrounding transaction goes on.
 */
export function* savepoint<T, F>(inner: () => Ops<T>, onError: (e: unknown) => F): Ops<T | F> {
  // One name for all: nested savepoints of the same name are allowed on both engines, and
  // ROLLBACK TO / RELEASE act on the innermost. (A new name per call would also prepare and
  // cache a new SQLite statement per call, without bound, e.g. one per imported row.)
  const name = 'ops_savepoint'
  yield* exec(sql.raw(`SAVEPOINT ${name}`).compile(kysely()))
  try {
    const out = yield* inner()
    yield* exec(sql.raw(`RELEASE SAVEPOINT ${name}`).compile(kysely()))
    return out
  } catch (e) {
    yield* exec(sql.raw(`ROLLBACK TO SAVEPOINT ${name}`).compile(kysely()))
    yield* exec(sql.raw(`RELEASE SAVEPOINT ${name}`).compile(kysely()))
    return onError(e)
  }
}

/**
 * A query whose ORDER BY … LIMIT an index provides (a queue claim), run so that PostgreSQL
 * reads that index in order and stops at the limit: the planner may not sort instead.
 *
 * Why: right after a burst of inserts (a campaign's 100,000 queued Sends, 50,000 flow runs
 * entered by a price drop) the table's statistics are stale, and PostgreSQL estimated the due
 * rows at 1, picked another index with the same leading columns and sorted every due row for
 * each page: 20–70 ms a claim, growing with the backlog. `enable_sort = off` (SET LOCAL: this
 * transaction only, set back right after) leaves it the ordered index scan. SQLite: the query as
 * it is. Only for a query an index can return in order: otherwise PostgreSQL falls back to the
 * cheapest unsorted plan it has, e.g. a scan of the primary key.
 */
export function* inIndexOrder<T>(inner: Ops<T>): Ops<T> {
  if (databaseConfig().provider !== 'postgresql') return yield* inner
  yield* exec(sql.raw('SET LOCAL enable_sort = off').compile(kysely()))
  // On an error the transaction (or savepoint) rolls back, and the setting with it.
  const out = yield* inner
  yield* exec(sql.raw('SET LOCAL enable_sort = on').compile(kysely()))
  return out
}

/** Runs ops synchronously on a SQLite connection (call inside writeTx, or for reads). */
export function runOpsSync<T>(ops: Ops<T>, conn: Database.Database): T {
  let step = ops.next()
  while (!step.done) {
    let result: OpResult | undefined
    let failure: unknown
    try {
      const stmt = prep(step.value.sql, conn)
      const params = step.value.parameters as unknown[]
      if (stmt.reader) result = { rows: stmt.all(...params), changes: 0 }
      else {
        const r = stmt.run(...params)
        result = { rows: [], changes: r.changes, lastInsertRowid: Number(r.lastInsertRowid) }
      }
    } catch (e) {
      failure = e
    }
    step = result ? ops.next(result) : ops.throw(failure)
  }
  return step.value
}

/** Runs ops on one PostgreSQL connection (inside the caller's transaction, if any). */
export async function runOpsAsync<T>(ops: Ops<T>, client: pg.ClientBase | pg.Pool): Promise<T> {
  let step = ops.next()
  while (!step.done) {
    let result: OpResult | undefined
    let failure: unknown
    try {
      const { sql: text, parameters } = step.value
      const name = preparedName(text)
      const res = await client.query(
        name ? { name, text, values: parameters as unknown[] } : { text, values: parameters as unknown[] },
      )
      result = { rows: res.rows ?? [], changes: res.rowCount ?? 0 }
    } catch (e) {
      failure = e
    }
    step = result ? ops.next(result) : ops.throw(failure)
  }
  return step.value
}

/**
 * Runs ops in one write transaction: SQLite's writeTx (synchronous, IMMEDIATE), or a
 * PostgreSQL transaction on one pooled connection. `makeOps` may be called again on a retry
 * (SQLite busy), so it must not have side effects outside the database.
 */
export async function inWriteTx<T>(makeOps: () => Ops<T>): Promise<T> {
  const cfg = databaseConfig()
  if (cfg.provider === 'sqlite') return writeTx((conn) => runOpsSync(makeOps(), conn))
  const client = await pgPool(cfg.url).connect()
  try {
    await client.query('BEGIN')
    const out = await runOpsAsync(makeOps(), client)
    await client.query('COMMIT')
    return out
  } catch (e) {
    await client.query('ROLLBACK').catch(() => {})
    throw e
  } finally {
    client.release()
  }
}

/** Runs read-only ops outside a transaction. */
export async function read<T>(ops: Ops<T>): Promise<T> {
  const cfg = databaseConfig()
  if (cfg.provider === 'sqlite') return runOpsSync(ops, sqlite())
  return runOpsAsync(ops, pgPool(cfg.url))
}
