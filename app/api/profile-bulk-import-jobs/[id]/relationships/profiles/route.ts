import { apiRoute } from '@/lib/api/api-route'
import { jobProfileIds, pageByPosition, requireBulkImportJob } from '@/lib/api/import-jobs/import-job-parts'

// GET /api/profile-bulk-import-jobs/{id}/relationships/profiles – the ids of the job's profiles (20 a page)
export const GET = apiRoute({
  scopes: ['profiles:read'],
  rate: 'M',
  handler: async ({ ctx, params }) => {
    const job = await requireBulkImportJob(ctx.companyId, params.id!)
    const { page, links } = pageByPosition(await jobProfileIds(job), ctx.url)
    return { data: page.map((id) => ({ type: 'profile', id })), links }
  },
})
