// Shared pieces of the /api flow route handlers: the store's errors as JSON:API errors, and the
// flow-triggers listings of lists, segments and metrics.
import { z } from 'zod'
import { apiRoute } from '@/lib/api/api-route'
import { ApiError, apiNotFound } from '@/lib/api/api-error'
import { sparseFields } from '@/lib/api/query-params'
import { db } from '@/lib/db/client'
import { LIST, SEGMENT } from '@/lib/groups/group-view'
import { definitionApiError, FLOW_FIELDS, serializeFlow } from './api-documents'
import { flowsTriggeredBy, FlowDefinitionInvalid, FlowNotFound, FlowVersionConflict } from './store'

/** Runs a store call and maps its errors: not found → 404, invalid → 400 with pointers below base. */
export async function flowCall<T>(fn: () => Promise<T>, base = '/data/attributes/definition'): Promise<T> {
  try {
    return await fn()
  } catch (e) {
    if (e instanceof FlowNotFound) throw apiNotFound(e.message)
    if (e instanceof FlowDefinitionInvalid) throw definitionApiError(e, base)
    if (e instanceof FlowVersionConflict) throw new ApiError(409, 'conflict', e.message)
    throw e
  }
}

export const updateFlowActionBody = z.object({
  data: z.object({
    type: z.literal('flow-action'),
    id: z.string().min(1),
    attributes: z.looseObject({ definition: z.unknown() }),
  }),
})

type TriggerKind = 'list' | 'segment' | 'metric'

async function targetExists(companyId: number, kind: TriggerKind, id: string): Promise<boolean> {
  if (kind === 'metric') return !!(await db.metric.findFirst({ where: { companyId, id }, select: { id: true } }))
  return !!(await db.group.findFirst({
    where: { companyId, id, deletedAt: null, type: kind === 'list' ? LIST : SEGMENT },
    select: { id: true },
  }))
}

/** GET /api/{lists|segments|metrics}/{id}/flow-triggers and its relationships variant. */
export function flowTriggersRoute(kind: TriggerKind, idsOnly: boolean) {
  const family = kind === 'list' ? 'lists' : kind === 'segment' ? 'segments' : 'metrics'
  return apiRoute({
    scopes: ['flows:read', `${family}:read`],
    rate: 'L',
    handler: async ({ ctx, params }) => {
      if (!(await targetExists(ctx.companyId, kind, params.id!)))
        throw apiNotFound(`A ${kind} with id ${params.id} was not found.`)
      const flows = await flowsTriggeredBy(ctx.companyId, kind, params.id!)
      if (idsOnly) return { data: flows.map((f) => ({ type: 'flow', id: f.id })), links: { self: ctx.url.toString() } }
      const fields = sparseFields(ctx.url, 'flow', FLOW_FIELDS)
      return {
        data: flows.map((f) => serializeFlow(ctx.url, f, { fields })),
        links: { self: ctx.url.toString(), next: null, prev: null },
      }
    },
  })
}
