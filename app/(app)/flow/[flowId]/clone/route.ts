import { ajax } from '@/lib/http/ajax'
import { startCloneBody, startFlowClone } from '@/lib/flows/ajax/flows-clone'

export const dynamic = 'force-dynamic'

// POST /flow/{id}/clone – starts an asynchronous clone (name, targetCompanyId, mapping); answers { statusKey }
export const POST = ajax({
  resources: ['flows_read'],
  body: startCloneBody,
  status: 202,
  handler: ({ ctx, params, body }) =>
    startFlowClone(
      ctx.principal.companyId,
      ctx.principal.userId,
      params.flowId!,
      body,
      ctx.principal.resources.has('flows_create'),
    ),
})
