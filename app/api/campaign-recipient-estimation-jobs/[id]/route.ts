import { apiRoute } from '@/lib/api/api-route'
import { estimationJobDocument } from '@/lib/campaigns/api/jobs'

// GET /api/campaign-recipient-estimation-jobs/{id} – the estimation job's status
export const GET = apiRoute({
  scopes: ['campaigns:read'],
  rate: 'M',
  handler: ({ ctx, params }) => estimationJobDocument(ctx.url, ctx.companyId, params.id!),
})
