import { ajax } from '@/lib/http/ajax'
import { listPlans } from '@/lib/billing/plans'

// GET /ajax/billing/plans – the active plans, a channel's tiers in order
export const GET = ajax({
  resources: ['billing_read'],
  handler: async () => ({ plans: await listPlans({ activeOnly: true }) }),
})
