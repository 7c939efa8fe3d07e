// Which companies have enabled code functions they may run (the consent accepted), and for which
// trigger metrics, for ingest's batch consumer (./function-consumer.ts): read for every company in
// one query and kept for CACHE_TTL_MS, as the transformations are (./transformation-cache.ts), so
// a batch of an account without functions, nearly every batch, costs Map lookups and no query.
// It only ever answers "nothing to run": a batch it names a (company, metric) of still runs the
// exact indexed query, so a function disabled or deleted in another process is never run. A
// write through function-store or authorization forgets it at once in this process; a function
// created or enabled in another process is seen within CACHE_TTL_MS.
import { kysely } from '@/lib/db/kysely'
import { select, type Ops } from '@/lib/db/ops'
import { CACHE_TTL_MS } from './transformation-cache'

let cache: { at: number; byCompany: Map<number, Set<string>> } | null = null
/** Bumped by every forget: a read that started before a write must not cache what it read. */
let generation = 0

function* loadOps(): Ops<Map<number, Set<string>>> {
  const started = generation
  const rows = yield* select(
    kysely()
      .selectFrom('CodeFunction as f')
      .innerJoin('CodeAuthorization as a', 'a.companyId', 'f.companyId')
      .select(['f.companyId', 'f.triggerMetric'])
      .where('f.enabled', '=', true),
  )
  const byCompany = new Map<number, Set<string>>()
  for (const r of rows) {
    const metrics = byCompany.get(r.companyId) ?? new Set<string>()
    metrics.add(r.triggerMetric)
    byCompany.set(r.companyId, metrics)
  }
  if (started === generation) cache = { at: Date.now(), byCompany }
  return byCompany
}

/** Whether any of the (company, metric) pairs may have an enabled, consented function. */
export function* mayRunFunctionsOps(pairs: { companyId: number; metric: string }[]): Ops<boolean> {
  const byCompany = cache && Date.now() - cache.at <= CACHE_TTL_MS ? cache.byCompany : yield* loadOps()
  return pairs.some((p) => byCompany.get(p.companyId)?.has(p.metric) === true)
}

export function forgetFunctions(): void {
  cache = null
  generation++
}
