import { ajax } from '@/lib/http/ajax'
import { attachmentHeader } from '@/lib/downloads/get-download-file'
import { dashboardQuery, portfolioDashboardCsv } from '@/lib/portfolio/dashboard'

// GET /ajax/portfolio/{portfolioId}/dashboard/csv?days= – the dashboard as a CSV file (/portfolio/dashboard/downloads)
export const GET = ajax({
  resources: ['multi_account_portfolio_read'],
  intParams: ['portfolioId'],
  query: dashboardQuery,
  handler: async ({ ctx, params, query }) => {
    const { filename, body } = await portfolioDashboardCsv(ctx.principal.userId, Number(params.portfolioId), query.days)
    return new Response(body, {
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': attachmentHeader(filename),
        'cache-control': 'no-store',
      },
    })
  },
})
