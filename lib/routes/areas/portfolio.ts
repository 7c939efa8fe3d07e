// Seed 001 §2.18: the multi-account portfolio. The seed lists the pages without their base;
// they live under /portfolio (the signed-in user's portfolio, so no portfolio id in the path).
import { defineArea } from '../define-route'

const portfolio = defineArea('portfolio', { required: ['multi_account_portfolio_read'] })

export const PORTFOLIO_ROUTES = [
  portfolio('/portfolio/accounts', {
    required: ['multi_account_portfolio_read', 'portfolio_account_overview'],
    built: true,
  }),
  portfolio('/portfolio/billing', { required: ['multi_account_portfolio_read', 'billing_read'], built: true }),
  portfolio('/portfolio/campaigns', { built: true }),
  portfolio('/portfolio/cancel', { required: ['multi_account_portfolio_read', 'billing_write'], built: true }),
  portfolio('/portfolio/dashboard', { built: true }),
  portfolio('/portfolio/dashboard/downloads', { built: true }),
  portfolio('/portfolio/flows', { built: true }),
  portfolio('/portfolio/metrics', { built: true }),
  portfolio('/portfolio/metrics/create', { built: true }),
  portfolio('/portfolio/metrics/:metricId/edit', { built: true }),
  portfolio('/portfolio/users', { required: ['multi_account_portfolio_read', 'account_users_read'], built: true }),
  portfolio('/portfolio-wizard', { layout: 'header', built: true }),
]
