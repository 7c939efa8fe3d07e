import { ajax } from '@/lib/http/ajax'
import { addAccountBody, addPortfolioAccount, portfolioAccounts } from '@/lib/portfolio/manage-accounts'

const intParams = ['portfolioId'] as const
const resources = ['multi_account_portfolio_read', 'portfolio_account_overview']

// GET /ajax/portfolio/{portfolioId}/accounts – the portfolio's accounts and the user's others that could be added
export const GET = ajax({
  resources,
  intParams,
  handler: ({ ctx, params }) => portfolioAccounts(ctx.principal.userId, Number(params.portfolioId)),
})

// POST /ajax/portfolio/{portfolioId}/accounts – add an account the user belongs to
export const POST = ajax({
  resources,
  intParams,
  body: addAccountBody,
  handler: ({ ctx, params, body }) =>
    addPortfolioAccount(ctx.principal.userId, Number(params.portfolioId), body.companyId),
})
