// Many rows into one table, fast on both engines, as Ops (lib/db/ops.ts):
// multi-row INSERTs (64 rows on SQLite, inside the caller's writeTx; 1,000 on PostgreSQL, one
// round trip each), their SQL compiled by Kysely once per table, columns and row count and
// then reused (prepared statements cached on SQLite). Rows are read from an iterable as they
// are written, so a large seed is never held twice in memory.
// Values are bound, never put into the SQL text; pass them as the engine stores them (dates as
// dbDate(d), booleans as dbBool(b) from lib/db/query-template).
import { CompiledQuery } from 'kysely'
import { dbEngine } from '@/lib/db/client'
import { kysely, type DB } from '@/lib/db/kysely'
import { exec, type Ops } from '@/lib/db/ops'

/** Rows per INSERT on PostgreSQL (kept under its 65,535 bound parameters). */
const CHUNK = 1000
/** Rows per INSERT on SQLite: one prepared statement per size, fewer round trips through the ops runner. */
const SQLITE_CHUNK = 64

const compiled = new Map<string, { key: unknown; sql: string }>()

function insertSql(table: keyof DB, columns: readonly string[], rows: number): string {
  const db = kysely()
  const id = `${String(table)}\u0000${columns.join(',')}\u0000${rows}`
  const hit = compiled.get(id)
  if (hit && hit.key === db) return hit.sql
  // Placeholder values only fix the shape; the real values are bound when run.
  const values = Array.from({ length: rows }, () => Object.fromEntries(columns.map((c) => [c, null])))
  const q = db
    .insertInto(table)
    .values(values as never)
    .compile()
  if (q.parameters.length !== rows * columns.length)
    throw new Error(`insertRows: unexpected parameters for ${String(table)}`)
  compiled.set(id, { key: db, sql: q.sql })
  return q.sql
}

// A compiled query without Kysely's per-query node objects (the runners read sql and
// parameters only).
const compiledRaw = (text: string, parameters: readonly unknown[]): CompiledQuery =>
  ({ sql: text, parameters, query: RAW }) as unknown as CompiledQuery
const RAW = CompiledQuery.raw('').query

/** Inserts `rows` (each an array of values in the order of `columns`) into `table`. */
export function* insertRows(table: keyof DB, columns: readonly string[], rows: Iterable<unknown[]>): Ops<number> {
  let n = 0
  const chunk =
    dbEngine() === 'sqlite' ? SQLITE_CHUNK : Math.max(1, Math.min(CHUNK, Math.floor(60_000 / columns.length)))
  let params: unknown[] = []
  let count = 0
  for (const r of rows) {
    for (const v of r) params.push(v)
    if (++count === chunk) {
      n += yield* exec(compiledRaw(insertSql(table, columns, count), params))
      params = []
      count = 0
    }
  }
  if (count) n += yield* exec(compiledRaw(insertSql(table, columns, count), params))
  return n
}
