import { ajax } from '@/lib/http/ajax'
import { billingAddressBody, getBillingAddress, saveBillingAddress } from '@/lib/billing/billing-address'

// GET /ajax/account/billing-address – the address printed on invoices (null when none)
export const GET = ajax({
  resources: ['billing_read'],
  handler: ({ ctx }) => getBillingAddress(ctx.principal.companyId),
})

// POST /ajax/account/billing-address – saves it (its country picks the tax rate)
export const POST = ajax({
  resources: ['billing_write'],
  body: billingAddressBody,
  handler: ({ ctx, body }) => saveBillingAddress(ctx.principal.companyId, body),
})
