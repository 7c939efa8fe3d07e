import { ajax } from '@/lib/http/ajax'
import { listEvaluations, recordsQuery } from '@/lib/flows/ajax/evaluations-records'

// GET /ajax/flow/evaluations/[actionId]/records – status, start, count, sortIndex (default 2, the time), sortDesc (default true)
export const GET = ajax({
  resources: ['flows_reporting'],
  query: recordsQuery,
  handler: ({ ctx, params, query }) => listEvaluations(ctx.principal.companyId, params.actionId!, query),
})
