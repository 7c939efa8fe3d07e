import { ajax } from '@/lib/http/ajax'
import { listAlerts, listAlertsQuery } from '@/lib/monitors/list-monitors'

// GET /ajax/monitors/alerts?status=&page= – every alert of the account's monitors, newest first
export const GET = ajax({
  resources: ['metrics_read'],
  query: listAlertsQuery,
  handler: ({ ctx, query }) => listAlerts(ctx.principal.companyId, query),
})
export type MonitorAlertsResponse = Awaited<ReturnType<typeof listAlerts>>
