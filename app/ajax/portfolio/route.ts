import { ajax } from '@/lib/http/ajax'
import { listPortfolios, memberAccounts } from '@/lib/portfolio/access'
import { createPortfolio, createPortfolioBody } from '@/lib/portfolio/create-portfolio'

// GET /ajax/portfolio – the signed-in user's portfolios and the accounts they could hold
export const GET = ajax({
  resources: ['multi_account_portfolio_read'],
  handler: async ({ ctx }) => ({
    portfolios: await listPortfolios(ctx.principal.userId),
    memberAccounts: await memberAccounts(ctx.principal.userId),
  }),
})
export type PortfoliosResponse = { portfolios: Awaited<ReturnType<typeof listPortfolios>> }

// POST /ajax/portfolio – create a portfolio of accounts the user belongs to (/portfolio-wizard)
export const POST = ajax({
  resources: ['multi_account_portfolio_read'],
  body: createPortfolioBody,
  status: 201,
  handler: ({ ctx, body }) => createPortfolio(ctx.principal.userId, body),
})
