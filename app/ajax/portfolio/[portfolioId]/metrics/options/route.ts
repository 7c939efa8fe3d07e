import { ajax } from '@/lib/http/ajax'
import { metricOptions } from '@/lib/portfolio/portfolio-metrics'

// GET /ajax/portfolio/{portfolioId}/metrics/options – each account's metrics, for the mapping pickers
export const GET = ajax({
  resources: ['multi_account_portfolio_read'],
  intParams: ['portfolioId'],
  handler: ({ ctx, params }) => metricOptions(ctx.principal.userId, Number(params.portfolioId)),
})
