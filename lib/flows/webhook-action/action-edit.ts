// Reading and changing one action of a flow's current definition for the /ajax calls of the
// webhook and code actions (seed 002 §7.6): found by id within the company (another company's
// action is a 404), changed, and saved through the store as the flow's next version (runs keep
// the version they started on); the store's validation errors become 400 field errors, a
// concurrent save a 409.
import { AppError, badRequest, notFound } from '@/lib/errors/app-error'
import type { FlowAction } from '@/lib/flows/definition'
import { definitionFieldErrors } from '@/lib/flows/validate-definition'
import {
  actionDefinition,
  findFlowAction,
  FlowDefinitionInvalid,
  FlowNotFound,
  FlowVersionConflict,
  getFlowOrThrow,
  updateFlowAction,
} from '@/lib/flows/store'

export interface FoundAction {
  flowId: string
  action: FlowAction
  status: string
}

/** The action of that type in the company, or 404. */
export async function findActionOfType(companyId: number, actionId: string, type: string): Promise<FoundAction> {
  const row = actionId && actionId.length <= 64 ? await findFlowAction(companyId, actionId) : null
  if (!row || row.actionType !== type) throw notFound(`A ${type} action with id ${actionId} was not found.`)
  return { flowId: row.flowId, action: actionDefinition(row), status: row.status }
}

export function storeErrorToAppError(e: unknown): unknown {
  if (e instanceof FlowDefinitionInvalid) return badRequest(e.message, definitionFieldErrors(e.errors))
  if (e instanceof FlowVersionConflict) return new AppError('conflict', 409, e.message)
  if (e instanceof FlowNotFound) return notFound(e.message)
  return e
}

/** Saves the changed action (a new flow version); returns it as stored and the flow's version. */
export async function saveAction(
  companyId: number,
  actionId: string,
  action: FlowAction,
): Promise<{ action: FlowAction; version: number }> {
  try {
    const row = await updateFlowAction(companyId, actionId, action)
    const flow = await getFlowOrThrow(companyId, row.flowId)
    return { action: actionDefinition(row), version: flow.currentVersion }
  } catch (e) {
    throw storeErrorToAppError(e)
  }
}
