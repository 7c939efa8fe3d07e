import { ajax } from '@/lib/http/ajax'
import { listCustomMetrics } from '@/lib/metrics/custom-metrics/get-custom-metrics'

// GET /ajax/analytics/custom-metrics – the account's custom metrics (id and name) for the report builder's source
export const GET = ajax({
  resources: ['ca_reports_view'],
  handler: async ({ ctx }) => ({
    customMetrics: (await listCustomMetrics(ctx.principal.companyId)).map((m) => ({ id: m.id, name: m.name })),
  }),
})
