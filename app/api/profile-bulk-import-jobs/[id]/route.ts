import { apiRoute } from '@/lib/api/api-route'
import { apiNotFound } from '@/lib/api/api-error'
import { sparseFields } from '@/lib/api/query-params'
import { IMPORT_JOB_FIELDS, serializeImportJob } from '@/lib/api/serialize-import-job'
import { getImportJob } from '@/lib/imports/get-import-job'

// GET /api/profile-bulk-import-jobs/{id} – a bulk import job with its status and counts
export const GET = apiRoute({
  scopes: ['lists:read', 'profiles:read'],
  rate: 'M',
  handler: async ({ ctx, params }) => {
    const job = await getImportJob(ctx.companyId, params.id!)
    if (!job || job.kind !== 'api_bulk') throw apiNotFound(`A bulk import job with id ${params.id} was not found.`)
    const data = serializeImportJob(ctx.url, job, sparseFields(ctx.url, 'profile-bulk-import-job', IMPORT_JOB_FIELDS))
    return { data, links: { self: data.links.self } }
  },
})
