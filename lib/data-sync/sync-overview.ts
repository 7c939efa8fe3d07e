// /cdp/sync: every destination with its state and its syncs' last run.
import { db } from '@/lib/db/client'
import { DESTINATIONS, SYNC_FIELDS } from './destinations'
import { toSyncDto } from './sync-store'

export async function getSyncOverview(companyId: number) {
  const syncs = await db.dataSync.findMany({ where: { companyId }, orderBy: { id: 'asc' } })
  const lastRuns = syncs.length
    ? await db.dataSyncRun.findMany({
        where: { companyId, syncId: { in: syncs.map((s) => s.id) } },
        orderBy: { id: 'desc' },
        distinct: ['syncId'],
      })
    : []
  const lastBySync = new Map(lastRuns.map((r) => [r.syncId, r]))
  const groups = await db.group.findMany({
    where: { companyId, deletedAt: null },
    select: { id: true, name: true, type: true },
    orderBy: { name: 'asc' },
    take: 500,
  })
  return {
    destinations: DESTINATIONS.map((d) => ({
      key: d.key,
      available: d.available,
      syncs: syncs
        .filter((s) => s.destination === d.key)
        .map((s) => {
          const r = lastBySync.get(s.id)
          return {
            ...toSyncDto(s),
            lastRun: r ? { id: r.id, status: r.status, rows: r.rows, createdAt: r.createdAt.toISOString() } : null,
          }
        }),
    })),
    groups: groups.map((g) => ({ id: g.id, name: g.name, kind: g.type === 1 ? 'segment' : 'list' })),
    fields: SYNC_FIELDS,
  }
}
export type SyncOverviewResponse = Awaited<ReturnType<typeof getSyncOverview>>
