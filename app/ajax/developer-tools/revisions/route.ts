import { ajax } from '@/lib/http/ajax'
import { revisionUsage } from '@/lib/developer-tools/revision-usage'

// GET /ajax/developer-tools/revisions – the API revisions each key or app sent in the last 7 days
export const GET = ajax({
  resources: ['applications_read'],
  handler: ({ ctx }) => revisionUsage(ctx.principal.companyId),
})
