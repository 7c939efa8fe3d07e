import { ajax } from '@/lib/http/ajax'
import { createPortfolioMetric, listPortfolioMetrics, portfolioMetricBody } from '@/lib/portfolio/portfolio-metrics'

// GET /ajax/portfolio/{portfolioId}/metrics – the portfolio's metrics with their per-account mappings
export const GET = ajax({
  resources: ['multi_account_portfolio_read'],
  intParams: ['portfolioId'],
  handler: ({ ctx, params }) => listPortfolioMetrics(ctx.principal.userId, Number(params.portfolioId)),
})

// POST /ajax/portfolio/{portfolioId}/metrics – name a portfolio metric and map it to a metric per account
export const POST = ajax({
  resources: ['multi_account_portfolio_read'],
  intParams: ['portfolioId'],
  body: portfolioMetricBody,
  status: 201,
  handler: ({ ctx, params, body }) => createPortfolioMetric(ctx.principal.userId, Number(params.portfolioId), body),
})
