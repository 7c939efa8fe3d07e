import { ajax } from '@/lib/http/ajax'
import { listMetrics } from '@/lib/metrics/list-metrics'
import { listMetricsQuery } from '@/lib/metrics/ajax-inputs'

// GET /ajax/data/metrics – the company's metrics with event counts and last event times; ?search=
export const GET = ajax({
  resources: ['metrics_read'],
  query: listMetricsQuery,
  handler: ({ ctx, query }) => listMetrics(ctx.principal.companyId, { search: query.search }),
})
