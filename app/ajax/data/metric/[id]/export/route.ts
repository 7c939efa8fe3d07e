import { ajax } from '@/lib/http/ajax'
import { startMetricExport } from '@/lib/metrics/metric-export'
import { metricExportBody, metricIdParam } from '@/lib/metrics/ajax-inputs'

// POST /ajax/data/metric/{id}/export – starts a CSV export of the metric's events; poll /ajax/worker/{workerId}/status
export const POST = ajax({
  resources: ['metrics_export'],
  body: metricExportBody,
  status: 202,
  handler: ({ ctx, body, params }) =>
    startMetricExport(ctx.principal.companyId, ctx.principal.userId, metricIdParam(params.id), {
      ...body, timeZone: ctx.principal.company.timezone, includePii: ctx.principal.resources.has('metrics_export_pii'),
    }),
})
