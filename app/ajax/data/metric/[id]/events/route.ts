import { ajax } from '@/lib/http/ajax'
import { listMetricEvents } from '@/lib/metrics/list-metric-events'
import { metricEventsQuery, metricIdParam } from '@/lib/metrics/ajax-inputs'

// GET /ajax/data/metric/{id}/events – the event feed, newest first; hasNext from one event beyond the page
export const GET = ajax({
  resources: ['metrics_read'],
  query: metricEventsQuery,
  handler: ({ ctx, query, params }) =>
    listMetricEvents(ctx.principal.companyId, metricIdParam(params.id), { page: query.page, pageSize: query.page_size }),
})
