import { z } from 'zod'
import { apiRoute } from '@/lib/api/api-route'
import { ApiError } from '@/lib/api/api-error'
import { enumList, sparseFields } from '@/lib/api/query-params'
import { db } from '@/lib/db/client'
import { FLOW_FIELDS, serializeFlow, serializeFlowAction } from '@/lib/flows/api-documents'
import { flowCall } from '@/lib/flows/api-handlers'
import { deleteFlow, getFlowDefinition, getFlowOrThrow, setFlowStatus } from '@/lib/flows/store'

const updateFlowApiBody = z.object({
  data: z.object({
    type: z.literal('flow'),
    id: z.string().min(1),
    attributes: z.looseObject({
      status: z.enum(['draft', 'manual', 'live'], 'status must be one of draft, manual or live.'),
    }),
  }),
})

async function flowDocument(url: URL, companyId: number, id: string) {
  const flow = await flowCall(() => getFlowOrThrow(companyId, id))
  const include = enumList(url, 'include', ['flow-actions', 'tags'] as const)
  const fields = sparseFields(url, 'flow', FLOW_FIELDS)
  const withDefinition = enumList(url, 'additional-fields[flow]', ['definition'] as const).includes('definition')
  const actions = include.includes('flow-actions')
    ? await db.flowAction.findMany({ where: { companyId, flowId: id }, orderBy: { id: 'asc' } })
    : []
  const data = serializeFlow(url, flow, {
    fields: fields && withDefinition ? new Set([...fields, 'definition']) : fields,
    ...(withDefinition ? { definition: await getFlowDefinition(companyId, id) } : {}),
    ...(include.length ? { actionIds: actions.map((a) => a.id) } : {}),
  })
  return {
    data,
    links: { self: data.links.self },
    ...(include.length ? { included: actions.map((a) => serializeFlowAction(url, a)) } : {}),
  }
}

// GET /api/flows/{id} – one flow (additional-fields[flow]=definition, include=flow-actions,tags)
export const GET = apiRoute({
  scopes: ['flows:read'],
  rate: 'M',
  handler: ({ ctx, params }) => flowDocument(ctx.url, ctx.companyId, params.id!),
})

// PATCH /api/flows/{id} – sets the status of the flow and all its actions (draft, manual, live)
export const PATCH = apiRoute({
  scopes: ['flows:write'],
  rate: 'M',
  body: updateFlowApiBody,
  handler: async ({ ctx, body, params }) => {
    if (body.data.id !== params.id)
      throw new ApiError(409, 'conflict', 'The id in the body does not match the id in the URL.', {
        pointer: '/data/id',
      })
    await flowCall(() => setFlowStatus(ctx.companyId, params.id!, body.data.attributes.status))
    return flowDocument(ctx.url, ctx.companyId, params.id!)
  },
})

// DELETE /api/flows/{id} – deletes a flow (204)
export const DELETE = apiRoute({
  scopes: ['flows:write'],
  rate: 'M',
  status: 204,
  handler: async ({ ctx, params }) => {
    await flowCall(() => deleteFlow(ctx.companyId, params.id!))
  },
})
