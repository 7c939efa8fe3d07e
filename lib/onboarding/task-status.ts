// /account/worker/{taskId}/status: how a background job of the account is getting on (a store
// sync, an import). Only the job's kind and state are shown, never its payload.
import { notFound } from '@/lib/errors/app-error'
import { getJob } from '@/lib/jobs/queue'

export async function getTaskStatus(companyId: number, taskId: number) {
  const job = await getJob(taskId, companyId)
  if (!job) throw notFound('This task does not exist.')
  return {
    id: job.id,
    type: job.type,
    status: job.status,
    finished: job.status === 'done' || job.status === 'dead',
    failed: job.status === 'dead',
    attempts: job.attempts,
  }
}
