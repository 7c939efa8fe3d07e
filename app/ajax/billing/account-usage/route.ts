import { ajax } from '@/lib/http/ajax'
import { accountUsageByDay } from '@/lib/billing/current-package'

// GET /ajax/billing/account-usage – emails and SMS segments per day of the period (the usage charts)
export const GET = ajax({
  resources: ['billing_read'],
  handler: ({ ctx }) => accountUsageByDay(ctx.principal.companyId),
})
