import { ajax } from '@/lib/http/ajax'
import { notFound } from '@/lib/errors/app-error'
import { getCustomMetric } from '@/lib/metrics/custom-metrics/get-custom-metrics'
import { deleteCustomMetric, updateCustomMetric } from '@/lib/metrics/custom-metrics/save-custom-metric'
import { customMetricBody } from '@/lib/insights/metric-admin-inputs'

// GET /ajax/insights/custom-metrics/{id} – one custom metric
export const GET = ajax({
  resources: ['custom_metrics_read'],
  handler: async ({ ctx, params }) => {
    const m = await getCustomMetric(ctx.principal.companyId, params.id!)
    if (!m) throw notFound('Custom metric not found.')
    return m
  },
})

// PUT /ajax/insights/custom-metrics/{id} – rename it or change what it combines
export const PUT = ajax({
  resources: ['custom_metrics_read', 'custom_metrics_write'],
  body: customMetricBody,
  handler: ({ ctx, body, params }) => updateCustomMetric(ctx.principal.companyId, params.id!, body),
})

// DELETE /ajax/insights/custom-metrics/{id} – delete it (and unmap it where it was mapped)
export const DELETE = ajax({
  resources: ['custom_metrics_read', 'custom_metrics_write'],
  handler: async ({ ctx, params }) => {
    await deleteCustomMetric(ctx.principal.companyId, params.id!)
    return { deleted: true }
  },
})
