import { ajax } from '@/lib/http/ajax'
import { WRITE } from '@/lib/campaigns/ajax/common'
import * as h from '@/lib/campaigns/ajax/handlers'

// POST /ajax/campaign/{id}/pause – pauses a sending campaign
export const POST = ajax({
  resources: WRITE,
  handler: ({ ctx, params }) => h.act(ctx.principal.companyId, params.id!, 'pause'),
})
