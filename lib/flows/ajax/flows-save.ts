// POST /ajax/flow/encoded – the builder's save call (contract fixed with the builder):
// body { flowId?, name?, definition, expectedVersion? }; flowId absent → a new draft flow.
// Validated first (zod shape, then lib/flows/validate-definition: cycles, dangling links, missing
// entry, unknown list/segment/metric/template, split with one branch …): 400
// { errors: [{ pointer, message }] } with nothing saved; a version conflict → 409; success →
// { flowId, version, definition } with temporary ids replaced by real ids.
// "Cancellable": the body is read in full before anything is written, and the write is one
// transaction that does not look at the client, so an aborted request either saved everything or nothing.
import { z } from 'zod'
import { db } from '@/lib/db/client'
import { AppError } from '@/lib/errors/app-error'
import { createFlow, getFlowDefinition, getFlowVersionDefinition, saveFlowVersion } from '../store'
import { flowStoreCall, getAjaxFlow, recordFlowAudit, topLevelCamel } from './flows-common'
import { parseDefinition } from './flows-create'
import { diffDefinitions } from './flows-changes'

/** Top-level keys only are read in either case; the definition keeps the vendor's snake_case keys. */
export const saveFlowBody = z.object({
  flowId: z.string().min(1).max(64).optional().nullable(),
  name: z.string().trim().min(1, 'Give the flow a name.').max(255, 'The name is at most 255 characters.').optional(),
  definition: z.unknown().refine((v) => v !== undefined && v !== null, 'definition is required.'),
  expectedVersion: z.number().int().min(1).optional().nullable(),
})
export type SaveFlowBody = z.infer<typeof saveFlowBody>

export const saveBodyFrom = (raw: unknown): SaveFlowBody => saveFlowBody.parse(topLevelCamel(raw))

export async function saveFlowFromBuilder(companyId: number, userId: number, body: SaveFlowBody) {
  const def = parseDefinition(body.definition)
  if (!body.flowId) {
    const flowId = await createFlow(companyId, { name: body.name ?? 'Untitled flow', definition: def })
    const saved = await getFlowDefinition(companyId, flowId)
    await recordFlowAudit({
      companyId,
      flowId,
      userId,
      action: 'create',
      version: 1,
      detail: { ...diffDefinitions(null, saved), name: body.name ?? 'Untitled flow' },
    })
    return { flowId, version: 1, definition: saved }
  }
  const flow = await getAjaxFlow(companyId, body.flowId)
  if (body.expectedVersion != null && body.expectedVersion !== flow.currentVersion) {
    throw new AppError('conflict', 409, 'The flow was changed meanwhile; reload it and try again.', undefined, {
      'x-flow-version': String(flow.currentVersion),
    })
  }
  const before = await getFlowVersionDefinition(companyId, flow.id)
  const version = await flowStoreCall(() =>
    saveFlowVersion(companyId, flow.id, def, { expectedVersion: body.expectedVersion ?? flow.currentVersion }),
  )
  if (body.name !== undefined && body.name !== flow.name)
    await db.flow.updateMany({ where: { companyId, id: flow.id }, data: { name: body.name } })
  const saved = await getFlowDefinition(companyId, flow.id)
  await recordFlowAudit({
    companyId,
    flowId: flow.id,
    userId,
    action: 'save',
    version,
    detail: {
      ...diffDefinitions(before, saved),
      ...(body.name !== undefined && body.name !== flow.name ? { name: body.name } : {}),
    },
  })
  return { flowId: flow.id, version, definition: saved }
}
