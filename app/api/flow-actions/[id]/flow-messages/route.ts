import { apiRoute } from '@/lib/api/api-route'
import { apiNotFound } from '@/lib/api/api-error'
import { listFlowMessagesPage } from '@/lib/flows/api-documents'
import { findFlowAction } from '@/lib/flows/store'

// GET /api/flow-actions/{id}/flow-messages – the action's messages, 50 per page
export const GET = apiRoute({
  scopes: ['flows:read'],
  rate: 'L',
  handler: async ({ ctx, params }) => {
    if (!(await findFlowAction(ctx.companyId, params.id!)))
      throw apiNotFound(`A flow action with id ${params.id} was not found.`)
    return listFlowMessagesPage(ctx.companyId, params.id!, ctx.url, false)
  },
})
