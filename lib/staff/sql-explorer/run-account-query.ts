// /staff/sql-explorer: a SELECT over one account's rows, under its consent, logged with its text
// before it runs; at most ROW_CAP rows and TIMEOUT_MS (STAFF_SQL_TIMEOUT_MS) of database time.
import { z } from 'zod'
import { databaseConfig, db } from '@/lib/db/client'
import { AppError, badRequest } from '@/lib/errors/app-error'
import { staffAccountAccess, type StaffActor } from '../staff-account-access'
import { ALLOWED_TABLES } from './allowed-tables'
import { checkSelect, SqlCheckError } from './check-select'
import { scopedQuery } from './scoped-query'
import { QueryTimeout, runSqliteQuery } from './run-sqlite-query'
import { runPostgresQuery } from './run-postgres-query'

export const ROW_CAP = 500
export const sqlExplorerBody = z.object({ sql: z.string().min(1).max(20_000) })

const timeoutMs = () => Number(process.env.STAFF_SQL_TIMEOUT_MS) || 5000

async function knownTables(engine: 'sqlite' | 'postgresql'): Promise<string[]> {
  const rows =
    engine === 'sqlite'
      ? await db.$queryRawUnsafe<{ name: string }[]>(`SELECT name FROM sqlite_master WHERE type IN ('table', 'view')`)
      : await db.$queryRawUnsafe<{ name: string }[]>(
          `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema()`,
        )
  return rows.map((r) => r.name)
}

export async function runAccountQuery(
  actor: StaffActor,
  companyId: number,
  sql: string,
  opts: { timeoutMs?: number; cap?: number } = {},
) {
  await staffAccountAccess(actor, companyId, 'sql.run', { sql })
  const cfg = databaseConfig()
  const cap = opts.cap ?? ROW_CAP
  const limitMs = opts.timeoutMs ?? timeoutMs()
  const started = Date.now()
  try {
    const checked = checkSelect(sql, await knownTables(cfg.provider))
    const result =
      cfg.provider === 'sqlite'
        ? await runSqliteQuery(cfg.file, scopedQuery(checked, companyId, 'main', cap), cap, limitMs)
        : await runPostgresQuery(
            cfg.url,
            (schema) => scopedQuery(checked, companyId, schema, cap, 'postgresql'),
            limitMs,
          )
    return {
      columns: result.columns,
      rows: result.rows.slice(0, cap),
      truncated: result.rows.length > cap,
      ms: Date.now() - started,
    }
  } catch (e) {
    if (e instanceof QueryTimeout) throw new AppError('query_timeout', 400, e.message, { sql: [e.message] })
    if (e instanceof SqlCheckError) throw badRequest(e.message, { sql: [e.message] })
    throw e
  }
}

export function explorerTables() {
  return { tables: ALLOWED_TABLES, rowCap: ROW_CAP, timeoutMs: timeoutMs() }
}
