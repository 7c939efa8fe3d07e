import { ajax } from '@/lib/http/ajax'
import { requestLogQuery, searchRequestLogs } from '@/lib/developer-tools/search-request-logs'

// GET /ajax/developer-tools/logs – the account's /api requests, filtered and paged
export const GET = ajax({
  resources: ['applications_read'],
  query: requestLogQuery,
  handler: ({ ctx, query }) => searchRequestLogs(ctx.principal.companyId, query),
})
