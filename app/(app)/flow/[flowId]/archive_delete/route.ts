import { ajax } from '@/lib/http/ajax'
import { deleteAjaxFlow } from '@/lib/flows/ajax/flows-lifecycle'

export const dynamic = 'force-dynamic'

// POST /flow/{id}/archive_delete – deletes an archived flow (400 for one that is not archived)
export const POST = ajax({
  resources: ['flows_write'],
  handler: ({ ctx, params }) => deleteAjaxFlow(ctx.principal.companyId, params.flowId!, { archivedOnly: true }),
})
