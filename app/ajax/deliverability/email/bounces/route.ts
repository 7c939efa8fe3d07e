import { ajax } from '@/lib/http/ajax'
import { bounceDetailsQuery, listBounceDetails } from '@/lib/deliverability/bounce-details'

// GET /ajax/deliverability/email/bounces?from=&to=&kind=&page= – the bounce reports with status codes and reasons
export const GET = ajax({
  resources: ['message_statistics_read'],
  query: bounceDetailsQuery,
  handler: ({ ctx, query }) => listBounceDetails(ctx.principal.companyId, query),
})
export type BounceDetailsResponse = Awaited<ReturnType<typeof listBounceDetails>>
