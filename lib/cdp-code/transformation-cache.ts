// Which companies have enabled transformations, for the event ingest's request path: the whole
// map is read in one query and kept for CACHE_TTL_MS, then served stale while one refresh runs in
// the background, so an event of a company without transformations costs a Map lookup and no
// query. A write through transformation-store forgets it at once in this process; other
// processes see a change within CACHE_TTL_MS.
import { db } from '@/lib/db/client'

export const CACHE_TTL_MS = 15_000

export interface CachedTransformation {
  id: string
  sourceCode: string
}

let cache: { at: number; byCompany: Map<number, CachedTransformation[]> } | null = null
let loading: Promise<Map<number, CachedTransformation[]>> | null = null
/** Bumped by every forget: a read that started before a write must not cache what it read. */
let generation = 0

async function load(): Promise<Map<number, CachedTransformation[]>> {
  const started = generation
  const rows = await db.transformation.findMany({
    where: { enabled: true, source: 'events' },
    select: { id: true, companyId: true, sourceCode: true },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  })
  const byCompany = new Map<number, CachedTransformation[]>()
  for (const r of rows) {
    const list = byCompany.get(r.companyId) ?? []
    list.push({ id: r.id, sourceCode: r.sourceCode })
    byCompany.set(r.companyId, list)
  }
  if (started === generation) cache = { at: Date.now(), byCompany }
  return byCompany
}

function refresh(): Promise<Map<number, CachedTransformation[]>> {
  loading ??= load().finally(() => {
    loading = null
  })
  return loading
}

/**
 * The company's enabled transformations: an array (empty for most) when the cache is warm, else
 * a promise (the first call of the process).
 */
export function transformationsOf(companyId: number): CachedTransformation[] | Promise<CachedTransformation[]> {
  if (!cache) return refresh().then((m) => m.get(companyId) ?? [])
  if (Date.now() - cache.at > CACHE_TTL_MS) void refresh().catch(() => {})
  return cache.byCompany.get(companyId) ?? []
}

export function forgetTransformations(): void {
  cache = null
  loading = null
  generation++
}
