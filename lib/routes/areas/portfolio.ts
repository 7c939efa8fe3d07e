// Seed 001 §2.18: the multi-account portfolio. The seed lists the pages without their base;
// they live under /portfolio (the signed-in user's portfolio, so no portfolio id in the path).
import { defineArea } from '../define-route'

const portfolio = defineArea('portfolio', { required: ['multi_account_portfolio_read'] })

export const PORTFOLIO_ROUTES = [
  portfolio('/portfolio/accounts', { required: ['multi_account_portfolio_read', 'portfolio_account_overview'] }),
  portfolio('/portfolio/billing', { required: ['multi_account_portfolio_read', 'billing_read'] }),
  portfolio('/portfolio/campaigns'),
  portfolio('/portfolio/cancel', { required: ['multi_account_portfolio_read', 'billing_write'] }),
  portfolio('/portfolio/dashboard'),
  portfolio('/portfolio/dashboard/downloads'),
  portfolio('/portfolio/flows'),
  portfolio('/portfolio/metrics'),
  portfolio('/portfolio/metrics/create'),
  portfolio('/portfolio/metrics/:metricId/edit'),
  portfolio('/portfolio/users', { required: ['multi_account_portfolio_read', 'account_users_read'] }),
  portfolio('/portfolio-wizard', { layout: 'header' }),
]
