import { ajax } from '@/lib/http/ajax'
import { listMonitors } from '@/lib/monitors/list-monitors'
import { monitorInput } from '@/lib/monitors/monitor-input'
import { createMonitor } from '@/lib/monitors/save-monitor'

// GET /ajax/monitors – the account's monitors with their state and open alert
export const GET = ajax({
  resources: ['metrics_read'],
  handler: async ({ ctx }) => ({ monitors: await listMonitors(ctx.principal.companyId) }),
})
export type MonitorsResponse = { monitors: Awaited<ReturnType<typeof listMonitors>> }

// POST /ajax/monitors – create a monitor {name, kind, config, comparator, threshold, windowMinutes, notify, enabled}
export const POST = ajax({
  resources: ['custom_metrics_write'],
  body: monitorInput,
  status: 201,
  handler: ({ ctx, body }) => createMonitor(ctx.principal.companyId, body),
})
