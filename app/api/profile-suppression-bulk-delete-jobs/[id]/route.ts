import { apiRoute } from '@/lib/api/api-route'
import { apiNotFound } from '@/lib/api/api-error'
import { sparseFields } from '@/lib/api/query-params'
import { getSuppressionJob, JOB_FIELDS, serializeSuppressionJob } from '@/lib/api/bulk-consent/suppression-jobs'

// GET /api/profile-suppression-bulk-delete-jobs/{id} – one bulk delete-suppression job with its status and counts
export const GET = apiRoute({
  scopes: ['subscriptions:read'],
  rate: 'L',
  handler: async ({ ctx, params }) => {
    const job = await getSuppressionJob(ctx.companyId, 'suppression_delete', params.id!)
    if (!job) throw apiNotFound(`A bulk suppression job with id ${params.id} was not found.`)
    const data = serializeSuppressionJob(
      ctx.url,
      job,
      sparseFields(ctx.url, 'profile-suppression-bulk-delete-job', JOB_FIELDS),
    )
    return { data, links: { self: data.links.self } }
  },
})
