import { ajax } from '@/lib/http/ajax'
import { getClvOverview } from '@/lib/predictive/get-clv-overview'

// GET /ajax/predictive/clv – the latest fit, its eligibility problems and holdout check, and the
// distribution of predicted CLV
export const GET = ajax({
  partial: ['ca_reports_view', 'metrics_read'],
  handler: ({ ctx }) => getClvOverview(ctx.principal.companyId),
})
export type ClvOverviewResponse = Awaited<ReturnType<typeof getClvOverview>>
