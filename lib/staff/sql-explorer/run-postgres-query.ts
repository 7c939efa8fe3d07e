// PostgreSQL: the query runs in a READ ONLY transaction with a statement_timeout, then rolls back.
import { pgPool } from '@/lib/db/pg-pool'
import { SqlCheckError } from './check-select'
import { QueryTimeout, type QueryResult } from './run-sqlite-query'

export async function runPostgresQuery(
  url: string,
  build: (schema: string) => string,
  timeoutMs: number,
): Promise<QueryResult> {
  const client = await pgPool(url).connect()
  try {
    await client.query('BEGIN READ ONLY')
    await client.query(`SET LOCAL statement_timeout = ${Math.max(1, Math.floor(timeoutMs))}`)
    const schema = (await client.query<{ s: string }>('SELECT current_schema() AS s')).rows[0]!.s
    const r = await client.query({ text: build(schema), rowMode: 'array' })
    return {
      columns: r.fields.map((f) => f.name),
      rows: (r.rows as unknown[][]).map((row) => row.map((v) => (typeof v === 'bigint' ? String(v) : v))),
    }
  } catch (e) {
    const code = (e as { code?: string }).code
    if (code === '57014') throw new QueryTimeout(`The query ran longer than ${timeoutMs} ms and was stopped.`)
    throw new SqlCheckError((e as Error).message)
  } finally {
    await client.query('ROLLBACK').catch(() => {})
    client.release()
  }
}
