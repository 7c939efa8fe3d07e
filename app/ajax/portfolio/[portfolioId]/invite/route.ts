import { ajax } from '@/lib/http/ajax'
import { inviteToPortfolioAccount, portfolioInviteBody } from '@/lib/portfolio/invite-to-account'

// POST /ajax/portfolio/{portfolioId}/invite – invite someone into one of the portfolio's accounts (the account's invitation path)
export const POST = ajax({
  resources: ['multi_account_portfolio_read', 'portfolio_account_overview'],
  intParams: ['portfolioId'],
  body: portfolioInviteBody,
  status: 201,
  handler: ({ ctx, params, body }) => inviteToPortfolioAccount(ctx.principal.userId, Number(params.portfolioId), body),
})
