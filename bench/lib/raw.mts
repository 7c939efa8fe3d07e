// The raw driver of an engine, for benchmark setup and baselines: better-sqlite3 (WAL,
// synchronous=NORMAL, foreign keys on, as the app connects) or one `pg` client. SQL is written
// once with `?` placeholders and double-quoted identifiers (both engines read those); native()
// takes SQL already compiled for the engine (e.g. by Kysely).
import Database from 'better-sqlite3'
import pg from 'pg'
import { pgLoad, type Engine, type Scratch } from './common.mjs'

export interface Raw {
  engine: Engine
  /** SQLite: the better-sqlite3 connection; PostgreSQL: null. */
  sqlite: Database.Database | null
  /** PostgreSQL: the client; SQLite: null. */
  pg: pg.Client | null
  all<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>
  get<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T | undefined>
  run(sql: string, params?: unknown[]): Promise<void>
  /** SQL with the engine's own placeholders. */
  native<T = Record<string, unknown>>(sql: string, params: readonly unknown[]): Promise<T[]>
  close(): Promise<void>
}

const toPg = (sql: string) => {
  let n = 0
  return sql.replace(/\?/g, () => `$${++n}`)
}
const bind = (v: unknown) =>
  v instanceof Date ? v.toISOString().replace('Z', '+00:00') : typeof v === 'boolean' ? (v ? 1 : 0) : v

export async function openRaw(db: Scratch): Promise<Raw> {
  if (db.engine === 'sqlite') {
    const conn = new Database(db.file!)
    conn.pragma('journal_mode = WAL')
    conn.pragma('synchronous = NORMAL')
    conn.pragma('foreign_keys = ON')
    const stmts = new Map<string, Database.Statement>()
    const prep = (sql: string) => {
      let s = stmts.get(sql)
      if (!s) stmts.set(sql, (s = conn.prepare(sql)))
      return s
    }
    const native = async <T,>(sql: string, params: readonly unknown[]) => {
      const s = prep(sql)
      if (s.reader) return s.all(...params.map(bind)) as T[]
      s.run(...params.map(bind))
      return [] as T[]
    }
    return {
      engine: 'sqlite',
      sqlite: conn,
      pg: null,
      native,
      all: (sql, params = []) => native(sql, params),
      get: async (sql, params = []) => (await native(sql, params))[0] as never,
      run: async (sql, params = []) => {
        await native(sql, params)
      },
      close: async () => {
        conn.close()
      },
    }
  }
  const client = new pg.Client({ connectionString: db.url })
  await client.connect()
  const native = async <T,>(sql: string, params: readonly unknown[]) =>
    (await client.query(sql, params as unknown[])).rows as T[]
  return {
    engine: 'postgres',
    sqlite: null,
    pg: client,
    native,
    all: (sql, params = []) => native(toPg(sql), params),
    get: async (sql, params = []) => (await native(toPg(sql), params))[0] as never,
    run: async (sql, params = []) => {
      await native(toPg(sql), params)
    },
    close: () => client.end(),
  }
}

/** A column to load: [name, PostgreSQL type] (the type only matters on PostgreSQL, see pgLoad). */
export type LoadColumn = [string, string]

/** Loads many rows for a benchmark's setup: one transaction of prepared inserts (SQLite), pgLoad (PostgreSQL). */
export async function loadRows(r: Raw, table: string, cols: LoadColumn[], rows: unknown[][]): Promise<void> {
  if (!r.sqlite) return pgLoad(r.pg!, table, cols, rows)
  const conn = r.sqlite
  const stmt = conn.prepare(
    `INSERT INTO "${table}" (${cols.map(([c]) => `"${c}"`).join(', ')}) VALUES (${cols.map(() => '?').join(', ')})`,
  )
  conn.transaction(() => {
    for (const row of rows) stmt.run(...row.map(bind))
  })()
}
