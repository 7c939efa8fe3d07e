// The export poll (GET /ajax/worker/{id}/status): the job's state and the download it fills.
// The job is read through the queue (lib/jobs), so this works on either database engine.
import { db } from '@/lib/db/client'
import { notFound } from '@/lib/errors/app-error'
import { getJob } from '@/lib/jobs/queue'
import { effectiveStatus } from './download-status'

export async function getWorkerStatus(companyId: number, jobId: number) {
  const [job, download] = await Promise.all([
    getJob(jobId, companyId),
    db.download.findFirst({ where: { jobId, companyId }, select: { id: true, status: true, rowCount: true } }),
  ])
  // Only jobs that fill a download are polled here; other jobs have their own status calls.
  if (!download) throw notFound('This task does not exist.')
  const status = effectiveStatus(download, job?.status)
  let percentComplete = status === 'complete' ? 100 : 0
  if (status === 'processing') {
    const total = readTotal(job?.payload)
    percentComplete = total > 0 ? Math.min(99, Math.floor((download.rowCount / total) * 100)) : 50
  }
  return { status, percentComplete, downloadId: download.id }
}

function readTotal(payload: unknown): number {
  const t = (payload as { total?: unknown } | null)?.total
  return typeof t === 'number' && t >= 0 ? t : 0
}
