import { apiRoute } from '@/lib/api/api-route'
import { listFlowActionsPage } from '@/lib/flows/api-documents'
import { flowCall } from '@/lib/flows/api-handlers'
import { getFlowOrThrow } from '@/lib/flows/store'

// GET /api/flows/{id}/relationships/flow-actions – the flow's actions (ids), 50 per page
export const GET = apiRoute({
  scopes: ['flows:read'],
  rate: 'L',
  handler: async ({ ctx, params }) => {
    await flowCall(() => getFlowOrThrow(ctx.companyId, params.id!))
    return listFlowActionsPage(ctx.companyId, params.id!, ctx.url, true)
  },
})
