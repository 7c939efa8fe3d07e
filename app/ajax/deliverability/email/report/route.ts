import { ajax } from '@/lib/http/ajax'
import { emailReportCsv } from '@/lib/deliverability/email-report-csv'
import { emailReportQuery, rangeOf } from '@/lib/deliverability/range-query'

// GET /ajax/deliverability/email/report?dimension=&from=&to= – the rates by a dimension as a CSV download
export const GET = ajax({
  resources: ['message_statistics_read'],
  query: emailReportQuery,
  handler: async ({ ctx, query }) => {
    const csv = await emailReportCsv(ctx.principal.companyId, rangeOf(query, new Date()), query.dimension)
    return new Response(csv, {
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="deliverability-${query.dimension}.csv"`,
      },
    })
  },
})
