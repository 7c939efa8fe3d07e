import { ajax } from '@/lib/http/ajax'
import { activityMapQuery, getActivityMap } from '@/lib/insights/get-activity-map'

// GET /ajax/insights/activity-map – active profiles of the last days by country and as dots
export const GET = ajax({
  resources: ['metrics_read'],
  query: activityMapQuery,
  handler: ({ ctx, query }) => getActivityMap(ctx.principal.companyId, query),
})
