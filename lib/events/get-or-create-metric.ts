// Metrics are created on first use of a name (per company). Ingestion asks for the same few
// names over and over, so ids are cached in-process. A cached id can go stale when the
// transaction that created it rolls back (writeTx and savepoint users call rolledBack(),
// which clears the cache; on PostgreSQL ingestion clears it after any failed transaction) or
// the metric is deleted (ingestion retries once on a foreign-key error with a fresh cache).
// Several processes may create the same metric at once: INSERT … ON CONFLICT DO NOTHING on the
// unique (companyId, name), then read the id that won.
import { databaseUrl } from '@/lib/db/client'
import { kysely } from '@/lib/db/kysely'
import { exec, inWriteTx, selectFirst, type Ops } from '@/lib/db/ops'
import { dbDate, queryTemplate } from '@/lib/db/query-template'
import { onRollback } from '@/lib/db/sqlite'
import { shortId } from '@/lib/ids/make-id'

// On globalThis: Next bundles the instrumentation worker and the route handlers separately,
// and forgetMetric in a route must reach the worker's copy.
const g = globalThis as unknown as { __metricIds?: Map<string, string> }
const cache: Map<string, string> = (g.__metricIds ??= new Map())
const key = (companyId: number, name: string) => `${databaseUrl()}\u0000${companyId}\u0000${name}`

const FIND = queryTemplate(2, (companyId: number, name: string) =>
  kysely().selectFrom('Metric').select('id').where('companyId', '=', companyId).where('name', '=', name),
)
const CREATE = queryTemplate(
  6,
  (id: string, companyId: number, name: string, integration: string, createdAt: string, updatedAt: string) =>
    kysely()
      .insertInto('Metric')
      .values({ id, companyId, name, integration, createdAt: createdAt as never, updatedAt: updatedAt as never })
      .onConflict((oc) => oc.columns(['companyId', 'name']).doNothing()),
)

export function* getOrCreateMetricOps(
  companyId: number,
  name: string,
  integration = 'api',
): Ops<{ id: string; name: string }> {
  const k = key(companyId, name)
  const hit = cache.get(k)
  if (hit) return { id: hit, name }
  let id = (yield* selectFirst(FIND(companyId, name)))?.id
  if (!id) {
    const now = dbDate()
    yield* exec(CREATE(shortId(6), companyId, name, integration || 'api', now, now))
    id = (yield* selectFirst(FIND(companyId, name)))!.id
  }
  cache.set(k, id)
  return { id, name }
}

export async function getOrCreateMetric(
  companyId: number,
  name: string,
  integration = 'api',
): Promise<{ id: string; name: string }> {
  return inWriteTx(() => getOrCreateMetricOps(companyId, name, integration))
}

/** The cached id of a metric, if any (set-based ingestion resolves the misses in one query). */
export const cachedMetricId = (companyId: number, name: string): string | undefined => cache.get(key(companyId, name))

export function rememberMetricId(companyId: number, name: string, id: string) {
  cache.set(key(companyId, name), id)
}

/** Call after deleting a metric so the next event recreates it. */
export function forgetMetric(companyId: number, name: string) {
  cache.delete(key(companyId, name))
}

/** Drops every cached id. */
export function clearMetricCache() {
  cache.clear()
}
onRollback(clearMetricCache)
