import { ajax } from '@/lib/http/ajax'
import { acrossQuery, portfolioCampaigns } from '@/lib/portfolio/portfolio-campaigns'

// GET /ajax/portfolio/{portfolioId}/campaigns – recent campaigns of every account with status and figures
export const GET = ajax({
  resources: ['multi_account_portfolio_read'],
  intParams: ['portfolioId'],
  query: acrossQuery,
  handler: ({ ctx, params, query }) => portfolioCampaigns(ctx.principal.userId, Number(params.portfolioId), query),
})
