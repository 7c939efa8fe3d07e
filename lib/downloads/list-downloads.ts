// The current user's downloads, newest first, with their status (GET /ajax/downloads/status).
import { db } from '@/lib/db/client'
import { getJob } from '@/lib/jobs/queue'
import { effectiveStatus, fileUrl, visibleTo, type DownloadStatus } from './download-status'

export interface ListDownloadsInput {
  page: number
  pageSize: number
  status?: DownloadStatus
  downloadType?: string
}

export async function listDownloads(companyId: number, userId: number, input: ListDownloadsInput) {
  const where = { ...visibleTo(companyId, userId), ...(input.downloadType ? { type: input.downloadType } : {}) }
  // The status filter applies to the effective status, which needs the jobs: filter in memory
  // over the newest 1000 (downloads are few per user).
  const rows = await db.download.findMany({
    where,
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: 1000,
    select: {
      id: true,
      type: true,
      status: true,
      fileName: true,
      rowCount: true,
      jobId: true,
      createdAt: true,
      completedAt: true,
    },
  })
  // The job matters only while the download is unfinished (few at a time); it is read through
  // the queue, which keeps jobs in the Job table on SQLite and in graphile-worker on PostgreSQL.
  const open = rows.filter((r) => r.jobId != null && r.status !== 'complete' && r.status !== 'failed')
  const jobs = new Map(
    await Promise.all(open.map(async (r) => [r.jobId!, (await getJob(r.jobId!, companyId))?.status ?? null] as const)),
  )
  const all = rows
    .map((r) => {
      const status = effectiveStatus(r, r.jobId != null ? jobs.get(r.jobId) : null)
      return {
        id: r.id,
        name: r.fileName,
        type: r.type,
        status,
        rowCount: r.rowCount,
        workerId: r.jobId,
        createdAt: r.createdAt.toISOString(),
        completedAt: r.completedAt?.toISOString() ?? null,
        url: status === 'complete' ? fileUrl(r.id) : null,
      }
    })
    .filter((d) => !input.status || d.status === input.status)
  const from = (input.page - 1) * input.pageSize
  return {
    downloads: all.slice(from, from + input.pageSize),
    page: input.page,
    pageSize: input.pageSize,
    total: all.length,
    hasNext: from + input.pageSize < all.length,
    processing: all.some((d) => d.status === 'queued' || d.status === 'processing'),
  }
}
