import { ajax, z } from '@/lib/http/ajax'
import { monitorChart } from '@/lib/monitors/monitor-chart'

// GET /ajax/monitors/{monitorId}/chart?windows= – the watched value over the last complete windows, with the threshold
export const GET = ajax({
  resources: ['metrics_read'],
  query: z.object({
    windows: z.coerce.number().int().min(2, 'windows is at least 2.').max(48, 'windows is at most 48.').default(24),
  }),
  handler: ({ ctx, params, query }) =>
    monitorChart(ctx.principal.companyId, params.monitorId, query.windows, new Date()),
})
export type MonitorChartResponse = Awaited<ReturnType<typeof monitorChart>>
