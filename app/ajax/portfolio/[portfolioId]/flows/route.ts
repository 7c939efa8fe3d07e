import { ajax } from '@/lib/http/ajax'
import { flowsAcrossQuery, portfolioFlows } from '@/lib/portfolio/portfolio-flows'

// GET /ajax/portfolio/{portfolioId}/flows – every account's flows with status and attributed revenue
export const GET = ajax({
  resources: ['multi_account_portfolio_read'],
  intParams: ['portfolioId'],
  query: flowsAcrossQuery,
  handler: ({ ctx, params, query }) => portfolioFlows(ctx.principal.userId, Number(params.portfolioId), query),
})
