import { apiRoute } from '@/lib/api/api-route'
import {
  getSuppressionJob,
  listSuppressionJobs,
  serializeSuppressionJob,
  suppressionJobBody,
  suppressionJobInput,
} from '@/lib/api/bulk-consent/suppression-jobs'
import { createBulkConsentJob } from '@/lib/messaging/unsubscribe/bulk-jobs'

// GET /api/profile-suppression-bulk-delete-jobs – the company's bulk delete-suppression jobs (filters status, list_id, segment_id)
export const GET = apiRoute({
  scopes: ['subscriptions:read'],
  rate: 'L',
  handler: ({ ctx }) => listSuppressionJobs(ctx.companyId, ctx.url, 'suppression_delete'),
})

// POST /api/profile-suppression-bulk-delete-jobs – unsuppresses up to 100 emails, or a list's or segment's members, through the job queue (202 with the job)
export const POST = apiRoute({
  scopes: ['subscriptions:write'],
  rate: 'L',
  body: suppressionJobBody('profile-suppression-bulk-delete-job'),
  status: 202,
  handler: async ({ ctx, body }) => {
    const input = suppressionJobInput(body)
    const id = await createBulkConsentJob({ companyId: ctx.companyId, kind: 'suppression_delete', ...input })
    const data = serializeSuppressionJob(ctx.url, (await getSuppressionJob(ctx.companyId, 'suppression_delete', id))!)
    return { data, links: { self: data.links.self } }
  },
})
