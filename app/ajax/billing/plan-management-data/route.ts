import { ajax } from '@/lib/http/ajax'
import { planManagementData } from '@/lib/billing/current-package'

// GET /ajax/billing/plan-management-data – the plans to choose from, the current ones marked
export const GET = ajax({
  resources: ['billing_read'],
  handler: ({ ctx }) => planManagementData(ctx.principal.companyId),
})
