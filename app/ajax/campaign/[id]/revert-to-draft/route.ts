import { ajax } from '@/lib/http/ajax'
import { WRITE } from '@/lib/campaigns/ajax/common'
import * as h from '@/lib/campaigns/ajax/handlers'

// POST /ajax/campaign/{id}/revert-to-draft – takes a scheduled campaign back to Draft
export const POST = ajax({
  resources: WRITE,
  handler: ({ ctx, params }) => h.act(ctx.principal.companyId, params.id!, 'revert-to-draft'),
})
