import { ajax } from '@/lib/http/ajax'
import { getIntelligenceOverview } from '@/lib/insights/get-intelligence-overview'

// GET /ajax/insights/intelligence – the /cdp/intelligence hub: one live headline per insight, with its link
export const GET = ajax({
  partial: ['ca_reports_view', 'metrics_read'],
  handler: ({ ctx }) => getIntelligenceOverview(ctx.principal.companyId),
})
