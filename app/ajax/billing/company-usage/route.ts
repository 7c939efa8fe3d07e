import { ajax } from '@/lib/http/ajax'
import { companyUsage } from '@/lib/billing/current-package'

// GET /ajax/billing/company-usage – active profiles, emails and SMS segments this period against the plan
export const GET = ajax({
  resources: ['billing_read'],
  handler: ({ ctx }) => companyUsage(ctx.principal.companyId),
})
