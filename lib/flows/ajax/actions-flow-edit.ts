// The one way the /ajax trigger and action calls (seed 002 §7.2, §7.3) change a flow: read the
// current definition with the version it belongs to, change a copy, check it (zod shapes, then
// the graph and reference checks of saveFlowVersion), and save it as the next version only if
// nobody saved meanwhile. A bad edit is a 400 with field errors and nothing written; a lost race
// is a 409. Runs already inside the flow keep the version they started on.
import type { Flow, FlowAction as FlowActionRow } from '@/generated/prisma/client'
import { AppError, badRequest, notFound } from '@/lib/errors/app-error'
import { flowAction, flowDefinition, type FlowAction, type FlowDefinition } from '@/lib/flows/definition'
import { definitionFieldErrors, type DefinitionError } from '@/lib/flows/validate-definition'
import {
  actionDefinition,
  findFlow,
  findFlowAction,
  FlowDefinitionInvalid,
  FlowNotFound,
  FlowVersionConflict,
  getFlowDefinition,
  getFlowVersionDefinition,
  saveFlowVersion,
} from '@/lib/flows/store'
import { recordFlowAudit } from './flows-common'
import { diffDefinitions } from './flows-changes'

export interface LoadedFlow {
  flow: Flow
  /** The version `def` is (the expectedVersion of the save). */
  version: number
  def: FlowDefinition
}

/** The flow of this company with its current definition (statuses filled in); 404 otherwise. */
export async function loadFlow(companyId: number, flowId: string): Promise<LoadedFlow> {
  const flow = await findFlow(companyId, flowId)
  if (!flow) throw notFound('The flow was not found.')
  const def = await getFlowDefinition(companyId, flowId)
  return { flow, version: flow.currentVersion, def }
}

/** The action of this company (any flow) with its flow loaded; 404 otherwise. */
export async function loadAction(
  companyId: number,
  actionId: string,
): Promise<LoadedFlow & { row: FlowActionRow; action: FlowAction; index: number }> {
  const row = await findFlowAction(companyId, actionId)
  if (!row) throw notFound('The flow action was not found.')
  const loaded = await loadFlow(companyId, row.flowId)
  const index = loaded.def.actions.findIndex((a) => a.id === actionId)
  if (index < 0) throw notFound('The flow action was not found.')
  return { ...loaded, row, action: loaded.def.actions[index]!, index }
}

export function invalid(errors: DefinitionError[], message = 'Please correct the highlighted fields.'): AppError {
  return badRequest(message, definitionFieldErrors(errors))
}

const zodErrors = (issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>, base: string): DefinitionError[] =>
  issues.map((i) => ({ pointer: base + i.path.map((p) => '/' + String(p)).join(''), detail: i.message }))

/** Checks one action's shape against the vendor schema (400 with field errors under `base`). */
export function checkAction(action: unknown, base = ''): FlowAction {
  const r = flowAction.safeParse(action)
  if (!r.success) throw invalid(zodErrors(r.error.issues, base))
  return r.data as FlowAction
}

/** Who made an edit and through which call (the flow's audit log, GET /ajax/flow/audit/{id}). */
export interface EditAudit {
  userId: number | null
  call: string
}

/**
 * Saves an edited definition as the next version of the flow, only if it is still `version`,
 * and records it in the flow's audit log. Answers the new version number.
 */
export async function saveEdited(
  companyId: number,
  loaded: LoadedFlow,
  def: FlowDefinition,
  audit?: EditAudit,
): Promise<number> {
  const shape = flowDefinition.safeParse(def)
  if (!shape.success) throw invalid(zodErrors(shape.error.issues, ''))
  try {
    const version = await saveFlowVersion(companyId, loaded.flow.id, shape.data as FlowDefinition, {
      expectedVersion: loaded.version,
    })
    if (audit) {
      const [before, after] = await Promise.all([
        getFlowVersionDefinition(companyId, loaded.flow.id, loaded.version),
        getFlowVersionDefinition(companyId, loaded.flow.id, version),
      ])
      await recordFlowAudit({
        companyId,
        flowId: loaded.flow.id,
        userId: audit.userId,
        action: 'save',
        version,
        detail: { call: audit.call, ...diffDefinitions(before, after!) },
      })
    }
    return version
  } catch (e) {
    if (e instanceof FlowDefinitionInvalid) throw invalid(e.errors)
    if (e instanceof FlowVersionConflict) throw new AppError('conflict', 409, e.message)
    if (e instanceof FlowNotFound) throw notFound(e.message)
    throw e
  }
}

/** What every edit answers: the flow's new version and definition, and the action concerned. */
export async function editAnswer(companyId: number, flowId: string, actionId?: string | null) {
  const flow = await findFlow(companyId, flowId)
  if (!flow) throw notFound('The flow was not found.')
  const definition = await getFlowDefinition(companyId, flowId)
  let action: FlowAction | null = null
  if (actionId) {
    const row = await findFlowAction(companyId, actionId)
    action = row ? actionDefinition(row) : null
  }
  return { flowId, version: flow.currentVersion, action, definition }
}

export const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T

/** The raw JSON body (keys as sent: vendor definitions keep their snake_case). */
export function objectBody(body: unknown): Record<string, unknown> {
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw badRequest('The request body must be a JSON object.')
  return body as Record<string, unknown>
}
