import { ajax } from '@/lib/http/ajax'
import { currentBillingPackage } from '@/lib/billing/current-package'

// GET /ajax/billing/current-billing-package – the account's plans per channel, period and consents
export const GET = ajax({
  resources: ['billing_read'],
  handler: ({ ctx }) => currentBillingPackage(ctx.principal.companyId),
})
