import { ajax } from '@/lib/http/ajax'
import { getCohorts } from '@/lib/insights/get-cohorts'
import { cohortDefinition } from '@/lib/insights/inputs'

// GET /ajax/insights/cohorts – first-event cohorts by month: retention, revenue and repeat rate
export const GET = ajax({
  resources: ['metrics_read'],
  query: cohortDefinition,
  handler: ({ ctx, query }) => getCohorts(ctx.principal.companyId, query),
})
export type CohortsResponse = Awaited<ReturnType<typeof getCohorts>>
