import { ajax } from '@/lib/http/ajax'
import { READ } from '@/lib/campaigns/ajax/common'
import * as h from '@/lib/campaigns/ajax/handlers'

// GET /ajax/campaign/{id}/analytics – the basic figures: recipient list and Send statuses
export const GET = ajax({
  resources: READ,
  handler: ({ ctx, params }) => h.analytics(ctx.principal.companyId, params.id!),
})
