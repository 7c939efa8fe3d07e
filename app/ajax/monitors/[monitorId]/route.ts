import { ajax } from '@/lib/http/ajax'
import { getMonitor } from '@/lib/monitors/list-monitors'
import { monitorInput } from '@/lib/monitors/monitor-input'
import { deleteMonitor, updateMonitor } from '@/lib/monitors/save-monitor'

// GET /ajax/monitors/{monitorId} – one monitor with its alert history
export const GET = ajax({
  resources: ['metrics_read'],
  handler: ({ ctx, params }) => getMonitor(ctx.principal.companyId, params.monitorId),
})
export type MonitorResponse = Awaited<ReturnType<typeof getMonitor>>

// PUT /ajax/monitors/{monitorId} – replace the monitor's definition
export const PUT = ajax({
  resources: ['custom_metrics_write'],
  body: monitorInput,
  handler: ({ ctx, params, body }) => updateMonitor(ctx.principal.companyId, params.monitorId, body),
})

// DELETE /ajax/monitors/{monitorId} – delete the monitor and its alerts
export const DELETE = ajax({
  resources: ['custom_metrics_write'],
  handler: async ({ ctx, params }) => {
    await deleteMonitor(ctx.principal.companyId, params.monitorId)
    return { deleted: true }
  },
})
