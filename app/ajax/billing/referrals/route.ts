import { ajax } from '@/lib/http/ajax'
import { referralsOverview } from '@/lib/billing/referrals'

// GET /ajax/billing/referrals – the referral link and the credits it earned
export const GET = ajax({
  resources: ['billing_read'],
  handler: ({ ctx }) => referralsOverview(ctx.principal.companyId),
})
