import { ajax } from '@/lib/http/ajax'
import { recoverFlow } from '@/lib/flows/ajax/flows-lifecycle'

export const dynamic = 'force-dynamic'

// POST /flow/{id}/recover – brings an archived flow back (still draft)
export const POST = ajax({
  resources: ['flows_write'],
  handler: ({ ctx, params }) => recoverFlow(ctx.principal.companyId, ctx.principal.userId, params.flowId!),
})
