import { ajax } from '@/lib/http/ajax'
import { hubEligibility } from '@/lib/customer-hub/hub-onboarding'

// GET /ajax/customer-hub/eligibility – whether the account has the store orders a hub shows
export const GET = ajax({
  handler: ({ ctx }) => hubEligibility(ctx.principal.companyId),
})
