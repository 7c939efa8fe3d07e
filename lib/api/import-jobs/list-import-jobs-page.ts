// GET /api/profile-bulk-import-jobs: the company's bulk (API) import jobs, newest first by
// default, 20 a page (at most 100), filter on status (any, equals).
import type { ImportJob } from '@/generated/prisma/client'
import { db } from '@/lib/db/client'
import { decodeCursor, nextLink } from '../cursor'
import { keysetOrder, keysetWhere, pageOf } from '../keyset'
import { filterParam, pageSize, sortParam, sparseFields, stringValues } from '../query-params'
import { invalidParam } from '../api-error'
import { IMPORT_JOB_FIELDS, serializeImportJob } from '../serialize-import-job'

const FILTERS = { status: ['any', 'equals'] } as const
const SORTS = ['created_at', '-created_at'] as const
const STATUSES = ['cancelled', 'complete', 'processing', 'queued']

// A job that failed as a whole is reported complete (serializeImportJob), so it is found as one.
const storedStatuses = (s: string) => (s === 'complete' ? ['complete', 'failed'] : [s])

export async function listImportJobsPage(companyId: number, url: URL) {
  const size = pageSize(url, { def: 20, max: 100 })
  const fields = sparseFields(url, 'profile-bulk-import-job', IMPORT_JOB_FIELDS)
  const sort = sortParam(url, SORTS, '-created_at')
  const and: Record<string, unknown>[] = [{ companyId, kind: 'api_bulk' }]
  for (const c of filterParam(url, FILTERS)) {
    const values = stringValues(c.value, c.field)
    for (const v of values)
      if (!STATUSES.includes(v))
        throw invalidParam('filter', `"${v}" is not a job status. Allowed: ${STATUSES.join(', ')}.`)
    and.push({ status: { in: values.flatMap(storedStatuses) } })
  }
  const after = keysetWhere('createdAt', sort.desc, decodeCursor(url.searchParams.get('page[cursor]')), 'date')
  if (after) and.push(after)
  const rows = await db.importJob.findMany({
    where: { AND: and },
    orderBy: keysetOrder('createdAt', sort.desc),
    take: size + 1,
    omit: { input: true },
  })
  const { page, next } = pageOf(rows, size, 'createdAt', (j) => j.createdAt)
  return {
    data: page.map((j) => serializeImportJob(url, { ...j, input: '' } as ImportJob, fields)),
    links: { self: url.toString(), next: next ? nextLink(url, next) : null, prev: null },
  }
}
