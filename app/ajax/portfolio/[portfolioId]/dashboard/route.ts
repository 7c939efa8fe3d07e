import { ajax } from '@/lib/http/ajax'
import { dashboardQuery, portfolioDashboard } from '@/lib/portfolio/dashboard'

// GET /ajax/portfolio/{portfolioId}/dashboard?days= – each account's key figures side by side, with totals
export const GET = ajax({
  resources: ['multi_account_portfolio_read'],
  intParams: ['portfolioId'],
  query: dashboardQuery,
  handler: ({ ctx, params, query }) => portfolioDashboard(ctx.principal.userId, Number(params.portfolioId), query.days),
})
export type PortfolioDashboardResponse = Awaited<ReturnType<typeof portfolioDashboard>>
