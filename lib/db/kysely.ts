// The typed query builder for the hot paths, on whichever engine DATABASE_URL names:
// SqliteDialect over the better-sqlite3 connection of lib/db/sqlite.ts, PostgresDialect over
// the shared pg Pool (lib/db/pg-pool.ts). Table types are generated from prisma/schema.prisma
// (generator kysely → generated/kysely/types.ts). Dialect differences: lib/db/dialect.ts.
//
// Parameters: a JavaScript boolean or Date is stored the way Prisma stores it on each engine
// (SQLite: 0/1 and ISO-8601 text with +00:00; PostgreSQL: boolean and UTC timestamp), so
// `where('enabled', '=', true)` and `where('createdAt', '>', since)` mean the same on both.
// Results: booleans read as 0/1 (SQLite) or true/false; dates as text (SQLite) or Date —
// read them with Boolean(v) and toDate(v) from lib/db/dialect.
//
// SQLite speed: for batched writes keep writeTx (lib/db/sqlite.ts) and run compiled Kysely
// queries synchronously inside it with runSync(); a Kysely transaction on SQLite would hold
// the write lock across awaits.
import {
  Kysely,
  OperationNodeTransformer,
  PostgresDialect,
  PrimitiveValueListNode,
  SqliteDialect,
  ValueNode,
  type CompiledQuery,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely'
import type Database from 'better-sqlite3'
import type { DB } from '@/generated/kysely/types'
import { databaseConfig, type DbEngine } from '@/lib/db/client'
import { pgPool } from '@/lib/db/pg-pool'
import { prep, sqlDate, sqlite } from '@/lib/db/sqlite'

export type { DB }
export type Db = Kysely<DB>

class ParameterValues extends OperationNodeTransformer {
  constructor(private readonly engine: DbEngine) {
    super()
  }
  private convert(v: unknown): unknown {
    if (v instanceof Date) return this.engine === 'sqlite' ? sqlDate(v) : v.toISOString()
    if (typeof v === 'boolean' && this.engine === 'sqlite') return v ? 1 : 0
    return v
  }
  protected override transformValue(node: ValueNode): ValueNode {
    const value = this.convert(node.value)
    return value === node.value ? node : { ...node, value }
  }
  protected override transformPrimitiveValueList(node: PrimitiveValueListNode): PrimitiveValueListNode {
    return { ...node, values: node.values.map((v) => this.convert(v)) }
  }
}

/** Booleans and Dates in parameters as Prisma stores them on the engine (see above). */
export class StoredValuesPlugin implements KyselyPlugin {
  private readonly transformer: ParameterValues
  constructor(engine: DbEngine) {
    this.transformer = new ParameterValues(engine)
  }
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.transformer.transformNode(args.node)
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result
  }
}

const g = globalThis as unknown as { __kysely?: { key: unknown; db: Db } }

/** The Kysely instance for the current DATABASE_URL (rebuilt when it or the connection changes). */
export function kysely(): Db {
  const cfg = databaseConfig()
  if (cfg.provider === 'sqlite') {
    const conn = sqlite()
    if (g.__kysely?.key === conn) return g.__kysely.db
    const db = new Kysely<DB>({
      dialect: new SqliteDialect({ database: conn }),
      plugins: [new StoredValuesPlugin('sqlite')],
    })
    g.__kysely = { key: conn, db }
    return db
  }
  const pool = pgPool(cfg.url)
  if (g.__kysely?.key === pool) return g.__kysely.db
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }), plugins: [new StoredValuesPlugin('postgresql')] })
  g.__kysely = { key: pool, db }
  return db
}

/**
 * Runs a compiled query synchronously on the SQLite connection (inside writeTx): rows for a
 * query that returns rows, else { changes }. SQLite only.
 */
export function runSync<R>(query: CompiledQuery<R>, conn: Database.Database = sqlite()): R[] {
  const stmt = prep(query.sql, conn)
  const params = query.parameters as unknown[]
  if (stmt.reader) return stmt.all(...params) as R[]
  stmt.run(...params)
  return []
}
