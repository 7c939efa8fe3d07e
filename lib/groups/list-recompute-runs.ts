// The last background recomputes of one segment, read from the job queue: the queue is the only
// record of a run (its status, attempts, error and times), so no separate run table is kept.
// Only the SQLite queue keeps its jobs in the Job table; on PostgreSQL (graphile-worker, see
// lib/jobs/postgres-job-queue.ts) the list is empty until the JobQueue interface can list jobs,
// and the page shows the segment's current status alone.
import { db } from '@/lib/db/client'
import { getGroupRow } from './get-group'
import { SEGMENT } from './group-view'

export interface RecomputeRun {
  id: number
  status: string
  attempts: number
  lastError: string | null
  createdAt: string
  finishedAt: string | null
}

export interface RecomputeMonitor {
  isProcessing: boolean
  percentComplete: number
  memberCount: number
  runs: RecomputeRun[]
}

export async function listRecomputeRuns(companyId: number, segmentId: string, limit = 20): Promise<RecomputeMonitor> {
  const g = await getGroupRow(companyId, segmentId, SEGMENT)
  // The payload is the JSON the scheduler wrote, {"groupId":"…"}; the company scope comes first.
  const jobs = await db.job.findMany({
    where: { companyId, type: 'segments.recompute', payload: { contains: JSON.stringify(g.id) } },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: limit,
    select: { id: true, status: true, attempts: true, lastError: true, createdAt: true, finishedAt: true },
  })
  return {
    isProcessing: g.isProcessing,
    percentComplete: g.isProcessing ? g.processingPercent : 100,
    memberCount: g.memberCount,
    runs: jobs.map((j) => ({
      ...j,
      lastError: j.lastError ? j.lastError.slice(0, 500) : null,
      createdAt: j.createdAt.toISOString(),
      finishedAt: j.finishedAt?.toISOString() ?? null,
    })),
  }
}
