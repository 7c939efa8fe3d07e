import { ajax } from '@/lib/http/ajax'
import { abTestSeries } from '@/lib/flows/ajax/ab-tests-analytics'

// GET /ajax/flow/ab-test/[actionId]/series – per day and variation: recipients, opens, clicks, conversions, revenue
export const GET = ajax({
  resources: ['flows_reporting'],
  handler: ({ ctx, params }) => abTestSeries(ctx.principal.companyId, params.actionId!),
})
