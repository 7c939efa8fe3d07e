import { ajax } from '@/lib/http/ajax'
import { familyUsage } from '@/lib/billing/family-usage'

// GET /ajax/billing/family-usage – the usage of the accounts that share an owner with this one
export const GET = ajax({
  resources: ['billing_read'],
  handler: ({ ctx }) => familyUsage(ctx.principal.companyId, ctx.principal.userId),
})
