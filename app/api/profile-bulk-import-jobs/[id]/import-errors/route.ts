import { apiRoute } from '@/lib/api/api-route'
import { pickFields } from '@/lib/api/json-api'
import { sparseFields } from '@/lib/api/query-params'
import {
  IMPORT_ERROR_FIELDS,
  importErrorResource,
  pageByPosition,
  requireBulkImportJob,
} from '@/lib/api/import-jobs/import-job-parts'
import { importErrors } from '@/lib/imports/get-import-job'

// GET /api/profile-bulk-import-jobs/{id}/import-errors – the rows (and fields) the job refused (20 a page)
export const GET = apiRoute({
  scopes: ['profiles:read'],
  rate: 'M',
  handler: async ({ ctx, params }) => {
    const fields = sparseFields(ctx.url, 'import-error', IMPORT_ERROR_FIELDS)
    const job = await requireBulkImportJob(ctx.companyId, params.id!)
    const all = importErrors(job).map((e, i) => importErrorResource(job, e, i))
    const { page, links } = pageByPosition(all, ctx.url)
    return { data: page.map((r) => ({ ...r, attributes: pickFields(r.attributes, fields) })), links }
  },
})
