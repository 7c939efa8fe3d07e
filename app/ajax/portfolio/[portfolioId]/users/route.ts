import { ajax } from '@/lib/http/ajax'
import { portfolioUsers } from '@/lib/portfolio/portfolio-users'

// GET /ajax/portfolio/{portfolioId}/users – who has which role in which account
export const GET = ajax({
  resources: ['multi_account_portfolio_read', 'account_users_read'],
  intParams: ['portfolioId'],
  handler: ({ ctx, params }) => portfolioUsers(ctx.principal.userId, Number(params.portfolioId)),
})
