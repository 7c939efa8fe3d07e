import { z } from 'zod'
import { apiRoute } from '@/lib/api/api-route'
import { enumList } from '@/lib/api/query-params'
import { listFlowsPage, serializeFlow } from '@/lib/flows/api-documents'
import { flowCall } from '@/lib/flows/api-handlers'
import { flowDefinition, type FlowDefinition } from '@/lib/flows/definition'
import { createFlow, getFlowDefinition, getFlowOrThrow } from '@/lib/flows/store'

const createFlowApiBody = z.object({
  data: z.object({
    type: z.literal('flow'),
    attributes: z.looseObject({
      name: z.string().trim().min(1, 'A flow name is required.').max(255),
      definition: flowDefinition,
    }),
  }),
})

// GET /api/flows – the account's flows, 50 per page (include=flow-actions,tags)
export const GET = apiRoute({
  scopes: ['flows:read'],
  rate: 'M',
  handler: ({ ctx }) =>
    listFlowsPage(ctx.companyId, ctx.url, enumList(ctx.url, 'include', ['flow-actions', 'tags'] as const)),
})

// POST /api/flows – creates a flow from a definition; temporary ids become real ids (201)
export const POST = apiRoute({
  scopes: ['flows:write'],
  rate: 'XS',
  body: createFlowApiBody,
  status: 201,
  handler: async ({ ctx, body }) => {
    const a = body.data.attributes
    const id = await flowCall(() =>
      createFlow(ctx.companyId, { name: a.name, definition: a.definition as FlowDefinition }),
    )
    const data = serializeFlow(ctx.url, await getFlowOrThrow(ctx.companyId, id), {
      definition: await getFlowDefinition(ctx.companyId, id),
    })
    return { data, links: { self: data.links.self } }
  },
})
