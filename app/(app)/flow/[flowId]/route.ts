import { ajax } from '@/lib/http/ajax'
import { notFound } from '@/lib/errors/app-error'
import { findFlow, getFlowDefinition, toCreateDefinition } from '@/lib/flows/store'

export const dynamic = 'force-dynamic'

// GET /flow/{flowId}.json – the flow's definition as a create document, importable unchanged by POST /api/flows
export const GET = ajax({
  resources: ['flows_read'],
  handler: async ({ ctx, params }) => {
    const m = /^(.+)\.json$/.exec(params.flowId ?? '')
    const flow = m ? await findFlow(ctx.principal.companyId, m[1]!) : null
    if (!flow) throw notFound()
    const definition = toCreateDefinition(await getFlowDefinition(ctx.principal.companyId, flow.id))
    return Response.json(
      { data: { type: 'flow', attributes: { name: flow.name, definition } } },
      {
        headers: { 'content-disposition': `attachment; filename="flow-${flow.id}.json"`, 'cache-control': 'no-store' },
      },
    )
  },
})
