import { ajax } from '@/lib/http/ajax'
import { limitStatus } from '@/lib/billing/limit-status'

// GET /ajax/billing/limit-status – whether marketing messages are being skipped for the plan limit (the app banner)
export const GET = ajax({
  handler: ({ ctx }) => limitStatus(ctx.principal.companyId),
})
