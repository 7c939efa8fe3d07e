import { ajax } from '@/lib/http/ajax'
import { deleteBillingAddress } from '@/lib/billing/billing-address'

// POST /ajax/account/billing-address/delete – removes the address (the company information stays)
export const POST = ajax({
  resources: ['billing_write'],
  handler: ({ ctx }) => deleteBillingAddress(ctx.principal.companyId),
})
