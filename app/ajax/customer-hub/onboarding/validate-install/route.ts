import { ajax } from '@/lib/http/ajax'
import { validateHubInstall } from '@/lib/customer-hub/hub-onboarding'

// GET /ajax/customer-hub/onboarding/validate-install – whether the onsite script has pinged from the store
export const GET = ajax({
  handler: ({ ctx }) => validateHubInstall(ctx.principal.companyId),
})
