import { ajax } from '@/lib/http/ajax'
import { portfolioScope } from '@/lib/portfolio/access'
import { cancelPortfolio } from '@/lib/portfolio/manage-accounts'

const intParams = ['portfolioId'] as const

// GET /ajax/portfolio/{portfolioId} – the portfolio and the accounts the user still holds a role in
export const GET = ajax({
  resources: ['multi_account_portfolio_read'],
  intParams,
  handler: async ({ ctx, params }) => {
    const { portfolio, accounts } = await portfolioScope(ctx.principal.userId, Number(params.portfolioId))
    return { portfolio: { id: portfolio.id, name: portfolio.name }, accounts }
  },
})

// DELETE /ajax/portfolio/{portfolioId} – cancel the portfolio (/portfolio/cancel); the accounts stay
export const DELETE = ajax({
  resources: ['multi_account_portfolio_read', 'billing_write'],
  intParams,
  handler: ({ ctx, params }) => cancelPortfolio(ctx.principal.userId, Number(params.portfolioId)),
})
