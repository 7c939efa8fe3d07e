import { ajax } from '@/lib/http/ajax'
import { emailRatesBy } from '@/lib/deliverability/email-rates'
import { emailReportQuery, rangeOf } from '@/lib/deliverability/range-query'

// GET /ajax/deliverability/email/messages?dimension=&from=&to= – the rates grouped by one dimension (message, recipient domain …)
export const GET = ajax({
  resources: ['message_statistics_read'],
  query: emailReportQuery,
  handler: async ({ ctx, query }) => ({
    dimension: query.dimension,
    rows: await emailRatesBy(ctx.principal.companyId, rangeOf(query, new Date()), query.dimension),
  }),
})
