import { ajax } from '@/lib/http/ajax'
import { portfolioBilling } from '@/lib/portfolio/portfolio-billing'

// GET /ajax/portfolio/{portfolioId}/billing – the family's usage this month (profiles, sends per account)
export const GET = ajax({
  resources: ['multi_account_portfolio_read', 'billing_read'],
  intParams: ['portfolioId'],
  handler: ({ ctx, params }) => portfolioBilling(ctx.principal.userId, Number(params.portfolioId)),
})
