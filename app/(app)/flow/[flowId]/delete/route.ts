import { ajax } from '@/lib/http/ajax'
import { deleteAjaxFlow } from '@/lib/flows/ajax/flows-lifecycle'

export const dynamic = 'force-dynamic'

// POST /flow/{id}/delete – deletes the flow (runs in progress end)
export const POST = ajax({
  resources: ['flows_write'],
  handler: ({ ctx, params }) => deleteAjaxFlow(ctx.principal.companyId, params.flowId!),
})
