// GET the state of a clone: visible to the user who started it, from its source or target account.
import { db } from '@/lib/db/client'
import { notFound } from '@/lib/errors/app-error'

interface JobRow {
  id: number
  kind: string
  status: string
  sourceId: string
  targetCompanyId: number
  resultId: string | null
  error: string | null
  name: string
}

export const cloneJobView = (j: JobRow) => ({
  jobId: j.id,
  kind: j.kind,
  status: j.status,
  sourceId: j.sourceId,
  name: j.name,
  targetCompanyId: j.targetCompanyId,
  resultId: j.resultId,
  error: j.status === 'error' ? j.error : null,
})

export async function getCloneJob(userId: number, companyId: number, jobId: number) {
  const j = await db.crossAccountCloneJob.findFirst({
    where: { id: jobId, userId, OR: [{ sourceCompanyId: companyId }, { targetCompanyId: companyId }] },
  })
  if (!j) throw notFound('No such clone.')
  return cloneJobView(j)
}
