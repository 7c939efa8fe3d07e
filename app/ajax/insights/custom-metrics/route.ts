import { ajax } from '@/lib/http/ajax'
import { listCustomMetrics } from '@/lib/metrics/custom-metrics/get-custom-metrics'
import { createCustomMetric } from '@/lib/metrics/custom-metrics/save-custom-metric'
import { customMetricBody } from '@/lib/insights/metric-admin-inputs'

// GET /ajax/insights/custom-metrics – the account's custom metrics with their definitions
export const GET = ajax({
  resources: ['custom_metrics_read'],
  handler: async ({ ctx }) => ({ customMetrics: await listCustomMetrics(ctx.principal.companyId) }),
})

// POST /ajax/insights/custom-metrics – create a custom metric (its metrics must be the account's)
export const POST = ajax({
  resources: ['custom_metrics_read', 'custom_metrics_write'],
  body: customMetricBody,
  status: 201,
  handler: ({ ctx, body }) => createCustomMetric(ctx.principal.companyId, body),
})
