// Many rows into one table, fast on both engines, as Ops (lib/db/ops.ts):
// - SQLite: one prepared single-row INSERT run per row inside the caller's writeTx (the SQL is
//   compiled by Kysely once per table and column list; better-sqlite3 runs a prepared statement
//   faster than SQLite parses a multi-row one);
// - PostgreSQL: multi-row INSERTs of up to CHUNK rows (one round trip each), the SQL of a full
//   chunk compiled once and reused.
// Values are bound, never put into the SQL text; pass them as the engine stores them (dates as
// dbDate(d), booleans as dbBool(b) from lib/db/query-template).
import { CompiledQuery } from 'kysely'
import { dbEngine } from '@/lib/db/client'
import { kysely, type DB } from '@/lib/db/kysely'
import { exec, type Ops } from '@/lib/db/ops'

/** Rows per INSERT on PostgreSQL (kept under its 65,535 bound parameters). */
const CHUNK = 1000

const compiled = new Map<string, { key: unknown; sql: string }>()

function insertSql(table: keyof DB, columns: readonly string[], rows: number): string {
  const db = kysely()
  const id = `${String(table)}\u0000${columns.join(',')}\u0000${rows}`
  const hit = compiled.get(id)
  if (hit && hit.key === db) return hit.sql
  // Placeholder values only fix the shape; the real values are bound when run.
  const values = Array.from({ length: rows }, () => Object.fromEntries(columns.map((c) => [c, null])))
  const q = db.insertInto(table).values(values as never).compile()
  if (q.parameters.length !== rows * columns.length) throw new Error(`insertRows: unexpected parameters for ${String(table)}`)
  compiled.set(id, { key: db, sql: q.sql })
  return q.sql
}

/** Inserts `rows` (each an array of values in the order of `columns`) into `table`. */
export function* insertRows(table: keyof DB, columns: readonly string[], rows: readonly unknown[][]): Ops<number> {
  if (!rows.length) return 0
  let n = 0
  if (dbEngine() === 'sqlite') {
    const text = insertSql(table, columns, 1)
    for (const r of rows) n += yield* exec(CompiledQuery.raw(text, r as unknown[]))
    return n
  }
  const chunk = Math.max(1, Math.min(CHUNK, Math.floor(60_000 / columns.length)))
  for (let i = 0; i < rows.length; i += chunk) {
    const part = rows.slice(i, i + chunk)
    n += yield* exec(CompiledQuery.raw(insertSql(table, columns, part.length), part.flat()))
  }
  return n
}
