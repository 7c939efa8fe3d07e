import { ajax } from '@/lib/http/ajax'
import { listMetricProfiles, metricProfilesQuery } from '@/lib/insights/list-metric-profiles'
import { metricIdParam } from '@/lib/metrics/ajax-inputs'

// GET /ajax/insights/metric/{id}/profiles – the profiles who did the metric, most recent first
export const GET = ajax({
  resources: ['metrics_read', 'profile_read'],
  query: metricProfilesQuery,
  handler: ({ ctx, query, params }) => listMetricProfiles(ctx.principal.companyId, metricIdParam(params.id), query),
})
