// The sources list of /catalog/sources: each source with how many catalog items it holds
// (published and all, deleted ones left out) and its latest sync (so the screen can show the
// last counts and error and link to that sync's page). Sources are few, so the latest sync is
// read per source through the (companyId, sourceId, createdAt) index.
import { kysely } from '@/lib/db/kysely'
import { read, select } from '@/lib/db/ops'
import { toBool } from '@/lib/db/dialect'
import { listSources, listSyncs, type SourceRow, type SyncRow } from './sync'

export interface SourceSummary extends SourceRow {
  itemCount: number
  publishedCount: number
  lastSync: SyncRow | null
}

export async function listSourceSummaries(companyId: number): Promise<SourceSummary[]> {
  const sources = await listSources(companyId)
  if (!sources.length) return []
  const ids = sources.map((s) => s.id)
  const counts = await read(
    select(
      kysely()
        .selectFrom('CatalogItem')
        .select(['sourceId', 'published', (eb) => eb.fn.countAll().as('n')])
        .where('companyId', '=', companyId)
        .where('sourceId', 'in', ids)
        .where('deleted', '=', false as never)
        .groupBy(['sourceId', 'published']),
    ),
  )
  const items = new Map<string, { all: number; published: number }>()
  for (const c of counts) {
    const row = items.get(c.sourceId!) ?? { all: 0, published: 0 }
    row.all += Number(c.n)
    if (toBool(c.published)) row.published += Number(c.n)
    items.set(c.sourceId!, row)
  }
  const latest = await Promise.all(sources.map((s) => listSyncs(companyId, s.id, 1)))
  return sources.map((s, i) => ({
    ...s,
    itemCount: items.get(s.id)?.all ?? 0,
    publishedCount: items.get(s.id)?.published ?? 0,
    lastSync: latest[i]![0] ?? null,
  }))
}
