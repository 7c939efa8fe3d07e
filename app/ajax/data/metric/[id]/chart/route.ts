import { ajax } from '@/lib/http/ajax'
import { getMetricChart } from '@/lib/metrics/get-metric-chart'
import { metricChartQuery, metricIdParam } from '@/lib/metrics/ajax-inputs'

// GET /ajax/data/metric/{id}/chart – the chart series for a timeframe, granularity, measurement and breakdown
export const GET = ajax({
  resources: ['metrics_read'],
  query: metricChartQuery,
  handler: ({ ctx, query, params }) =>
    getMetricChart(ctx.principal.companyId, metricIdParam(params.id), ctx.principal.company.timezone, query),
})
