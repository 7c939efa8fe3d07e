// The current user's downloads, newest first, with their status (GET /ajax/downloads/status).
import { db } from '@/lib/db/client'
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
    select: { id: true, type: true, status: true, fileName: true, rowCount: true, jobId: true, createdAt: true, completedAt: true },
  })
  const jobIds = rows.map((r) => r.jobId).filter((id): id is number => id != null)
  const jobs = new Map((await db.job.findMany({ where: { id: { in: jobIds }, companyId }, select: { id: true, status: true } })).map((j) => [j.id, j.status]))
  const all = rows
    .map((r) => {
      const status = effectiveStatus(r, r.jobId != null ? jobs.get(r.jobId) : null)
      return {
        id: r.id, name: r.fileName, type: r.type, status, rowCount: r.rowCount, workerId: r.jobId,
        createdAt: r.createdAt.toISOString(), completedAt: r.completedAt?.toISOString() ?? null,
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
