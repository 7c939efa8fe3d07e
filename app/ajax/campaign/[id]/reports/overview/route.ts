import { ajax } from '@/lib/http/ajax'
import { READ } from '@/lib/campaigns/ajax/common'
import { campaignOverview } from '@/lib/campaigns/ajax/report-overview'

// GET /ajax/campaign/{id}/reports/overview – the campaign's figures (bot activity excluded) and attributed revenue
export const GET = ajax({
  resources: READ,
  handler: ({ ctx, params }) => campaignOverview(ctx.principal.companyId, params.id!),
})
