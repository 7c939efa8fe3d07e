import { apiRoute } from '@/lib/api/api-route'
import { estimationDocument } from '@/lib/campaigns/api/jobs'

// GET /api/campaign-recipient-estimations/{id} – the last estimated recipient count of the campaign
export const GET = apiRoute({
  scopes: ['campaigns:read'],
  rate: 'M',
  handler: ({ ctx, params }) => estimationDocument(ctx.url, ctx.companyId, params.id!),
})
