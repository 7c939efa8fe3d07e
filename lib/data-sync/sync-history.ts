// The destination's logs (every delivery attempt) and sync history (every run), newest first.
import { z } from 'zod'
import { db } from '@/lib/db/client'

export const syncHistoryQuery = z.object({
  syncId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
})
export type SyncHistoryQuery = z.infer<typeof syncHistoryQuery>

export async function listSyncRuns(companyId: number, destination: string, q: SyncHistoryQuery) {
  const runs = await db.dataSyncRun.findMany({
    where: { companyId, ...(q.syncId ? { syncId: q.syncId } : {}), sync: { destination } },
    orderBy: { id: 'desc' },
    take: q.limit,
    include: { sync: { select: { name: true } } },
  })
  return {
    runs: runs.map((r) => ({
      id: r.id,
      syncId: r.syncId,
      syncName: r.sync.name,
      trigger: r.trigger,
      status: r.status,
      rows: r.rows,
      attempts: r.attempts,
      error: r.error,
      fromCursor: r.fromCursor,
      toCursor: r.toCursor,
      nextAttemptAt: r.nextAttemptAt?.toISOString() ?? null,
      startedAt: r.startedAt?.toISOString() ?? null,
      finishedAt: r.finishedAt?.toISOString() ?? null,
      createdAt: r.createdAt.toISOString(),
    })),
  }
}
export type ListSyncRunsResponse = Awaited<ReturnType<typeof listSyncRuns>>

export async function listSyncAttempts(companyId: number, destination: string, q: SyncHistoryQuery) {
  const syncs = await db.dataSync.findMany({
    where: { companyId, destination, ...(q.syncId ? { id: q.syncId } : {}) },
    select: { id: true, name: true },
  })
  const names = new Map(syncs.map((s) => [s.id, s.name]))
  const rows = await db.dataSyncAttempt.findMany({
    where: { companyId, syncId: { in: [...names.keys()] } },
    orderBy: { id: 'desc' },
    take: q.limit,
  })
  return {
    attempts: rows.map((a) => ({
      id: a.id,
      syncId: a.syncId,
      syncName: names.get(a.syncId) ?? '',
      runId: a.runId,
      attempt: a.attempt,
      status: a.status,
      rows: a.rows,
      responseCode: a.responseCode,
      error: a.error,
      durationMs: a.durationMs,
      createdAt: a.createdAt.toISOString(),
    })),
  }
}
export type ListSyncAttemptsResponse = Awaited<ReturnType<typeof listSyncAttempts>>
