import { ajax } from '@/lib/http/ajax'
import {
  deletePortfolioMetric,
  getPortfolioMetric,
  portfolioMetricBody,
  updatePortfolioMetric,
} from '@/lib/portfolio/portfolio-metrics'

const intParams = ['portfolioId', 'metricId'] as const
const resources = ['multi_account_portfolio_read']

// GET /ajax/portfolio/{portfolioId}/metrics/{metricId} – one portfolio metric with its mappings
export const GET = ajax({
  resources,
  intParams,
  handler: ({ ctx, params }) =>
    getPortfolioMetric(ctx.principal.userId, Number(params.portfolioId), Number(params.metricId)),
})

// PUT /ajax/portfolio/{portfolioId}/metrics/{metricId} – rename it and replace its mappings
export const PUT = ajax({
  resources,
  intParams,
  body: portfolioMetricBody,
  handler: ({ ctx, params, body }) =>
    updatePortfolioMetric(ctx.principal.userId, Number(params.portfolioId), Number(params.metricId), body),
})

// DELETE /ajax/portfolio/{portfolioId}/metrics/{metricId} – remove the portfolio metric (the accounts' metrics stay)
export const DELETE = ajax({
  resources,
  intParams,
  handler: ({ ctx, params }) =>
    deletePortfolioMetric(ctx.principal.userId, Number(params.portfolioId), Number(params.metricId)),
})
