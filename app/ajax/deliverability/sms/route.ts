import { ajax } from '@/lib/http/ajax'
import { smsDeliverability } from '@/lib/deliverability/sms-rates'
import { rangeOf, rangeQuery } from '@/lib/deliverability/range-query'

// GET /ajax/deliverability/sms?from=&to= – SMS delivery, failure and opt-out rates by country and sending number
export const GET = ajax({
  resources: ['message_statistics_read'],
  query: rangeQuery,
  handler: ({ ctx, query }) => smsDeliverability(ctx.principal.companyId, rangeOf(query, new Date())),
})
export type SmsDeliverabilityResponse = Awaited<ReturnType<typeof smsDeliverability>>
