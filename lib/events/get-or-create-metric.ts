// Metrics are created on first use of a name (per company). Ingestion asks for the same few
// names over and over, so ids are cached in-process. A cached id can go stale when the
// transaction that created it rolls back (writeTx and savepoint users call rolledBack(),
// which clears the cache) or the metric is deleted (ingestion retries once on a foreign-key
// error with a fresh cache).
import type Database from 'better-sqlite3'
import { onRollback, prep, sqlDate, sqlite, writeOne } from '@/lib/db/sqlite'
import { shortId } from '@/lib/ids/make-id'

type Conn = Database.Database
// On globalThis: Next bundles the instrumentation worker and the route handlers separately,
// and forgetMetric in a route must reach the worker's copy.
const g = globalThis as unknown as { __metricIds?: Map<string, string> }
const cache: Map<string, string> = (g.__metricIds ??= new Map())
const key = (file: string, companyId: number, name: string) => `${file}\u0000${companyId}\u0000${name}`

/** Synchronous form for use inside a write transaction on the better-sqlite3 connection. */
export function getOrCreateMetricSync(conn: Conn, companyId: number, name: string, integration = 'api'): { id: string; name: string } {
  const k = key(conn.name, companyId, name)
  const hit = cache.get(k)
  if (hit) return { id: hit, name }
  const found = prep('SELECT id FROM Metric WHERE companyId = ? AND name = ?', conn).get(companyId, name) as { id: string } | undefined
  let id = found?.id
  if (!id) {
    const now = sqlDate()
    // OR IGNORE: another process may have created it between the SELECT and here.
    prep('INSERT OR IGNORE INTO Metric (id, companyId, name, integration, createdAt, updatedAt) VALUES (?, ?, ?, ?, ?, ?)', conn).run(
      shortId(6), companyId, name, integration || 'api', now, now,
    )
    id = (prep('SELECT id FROM Metric WHERE companyId = ? AND name = ?', conn).get(companyId, name) as { id: string }).id
  }
  cache.set(k, id)
  return { id, name }
}

export async function getOrCreateMetric(companyId: number, name: string, integration = 'api'): Promise<{ id: string; name: string }> {
  return writeOne((conn) => getOrCreateMetricSync(conn, companyId, name, integration))
}

/** Call after deleting a metric so the next event recreates it. */
export function forgetMetric(companyId: number, name: string) {
  cache.delete(key(sqlite().name, companyId, name))
}

/** Drops every cached id. */
export function clearMetricCache() {
  cache.clear()
}
onRollback(clearMetricCache)
