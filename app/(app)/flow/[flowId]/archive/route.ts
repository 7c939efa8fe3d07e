import { ajax } from '@/lib/http/ajax'
import { archiveFlow } from '@/lib/flows/ajax/flows-lifecycle'

export const dynamic = 'force-dynamic'

// POST /flow/{id}/archive – archives the flow (set to draft; runs in progress end)
export const POST = ajax({
  resources: ['flows_write'],
  handler: ({ ctx, params }) => archiveFlow(ctx.principal.companyId, ctx.principal.userId, params.flowId!),
})
