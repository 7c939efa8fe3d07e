import { ajax } from '@/lib/http/ajax'
import { accountEventsQuery, listAccountEvents } from '@/lib/insights/list-account-events'

// GET /ajax/insights/activity – recent events across the account, newest first, optionally of one metric
export const GET = ajax({
  resources: ['metrics_read'],
  query: accountEventsQuery,
  handler: ({ ctx, query }) => listAccountEvents(ctx.principal.companyId, query),
})
