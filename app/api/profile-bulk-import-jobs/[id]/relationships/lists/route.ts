import { apiRoute } from '@/lib/api/api-route'
import { jobListIds, requireBulkImportJob } from '@/lib/api/import-jobs/import-job-parts'

// GET /api/profile-bulk-import-jobs/{id}/relationships/lists – the ids of the job's lists
export const GET = apiRoute({
  scopes: ['lists:read'],
  rate: 'M',
  handler: async ({ ctx, params }) => {
    const job = await requireBulkImportJob(ctx.companyId, params.id!)
    return {
      data: jobListIds(job).map((id) => ({ type: 'list', id })),
      links: { self: ctx.url.toString(), next: null, prev: null },
    }
  },
})
