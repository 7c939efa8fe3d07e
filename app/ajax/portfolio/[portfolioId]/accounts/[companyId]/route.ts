import { ajax } from '@/lib/http/ajax'
import { removePortfolioAccount } from '@/lib/portfolio/manage-accounts'

// DELETE /ajax/portfolio/{portfolioId}/accounts/{companyId} – take an account out of the portfolio
export const DELETE = ajax({
  resources: ['multi_account_portfolio_read', 'portfolio_account_overview'],
  intParams: ['portfolioId', 'companyId'],
  handler: ({ ctx, params }) =>
    removePortfolioAccount(ctx.principal.userId, Number(params.portfolioId), Number(params.companyId)),
})
