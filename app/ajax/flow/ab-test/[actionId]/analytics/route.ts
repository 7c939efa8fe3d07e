import { ajax } from '@/lib/http/ajax'
import { abTestAnalytics, analyticsQuery } from '@/lib/flows/ajax/ab-tests-analytics'

// GET /ajax/flow/ab-test/[actionId]/analytics – per variation recipients, opens, clicks, revenue, rates and significance
export const GET = ajax({
  resources: ['flows_reporting'],
  query: analyticsQuery,
  handler: ({ ctx, params, query }) =>
    abTestAnalytics(ctx.principal.companyId, params.actionId!, { metric: query.metric }),
})
