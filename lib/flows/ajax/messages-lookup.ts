// Finding a flow message for the /ajax messages calls (seed 002 §7.4): a send action's message
// (a FlowMessage row) or one variation of an A/B test action (inside the ab-test action's
// definition: data.main_action and data.current_experiment.variations). Every change is made on
// the flow's current definition and saved as a new version (saveFlowVersion with the version read),
// so runs keep the content of the version they started on and a concurrent edit is a 409.
import { db } from '@/lib/db/client'
import { AppError, badRequest, notFound } from '@/lib/errors/app-error'
import type { Flow } from '@/generated/prisma/client'
import { MESSAGE_CHANNELS, isMessageActionType, type FlowAction, type FlowDefinition } from '@/lib/flows/definition'
import { definitionFieldErrors } from '@/lib/flows/validate-definition'
import {
  FlowDefinitionInvalid,
  FlowNotFound,
  FlowVersionConflict,
  getFlowDefinition,
  getFlowOrThrow,
  saveFlowVersion,
} from '@/lib/flows/store'

/** Channel codes of seed 002 §3.3. */
export const CHANNEL_CODES = { email: 4, push: 6, sms: 12, ab_test: 16, whatsapp: 19 } as const
/** Message keys of seed 002 §3.3. */
export const MESSAGE_KEYS: Record<string, string> = {
  email: 'flow_message',
  push: 'flow_push_notification',
  sms: 'flow_sms',
  webhook: 'flow_webhook',
}
export const AB_TEST_TYPES = new Set(['ab-test', 'content-experiment'])

export type Json = Record<string, unknown>
const obj = (v: unknown): Json => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {})

/** Where a message sits: a send action, or the main action / a variation of an A/B test action. */
export interface MessageLocation {
  flow: Flow
  def: FlowDefinition
  action: FlowAction
  actionIndex: number
  kind: 'message' | 'main' | 'variation'
  messageId: string
  /** Index in current_experiment.variations (kind variation). */
  variationIndex: number | null
  /** The send action that carries the message (the action itself, or the A/B test's main action / variation). */
  sendAction: Json
  message: Json
  channel: string
}

/** The experiment of an A/B test action (data.current_experiment), created when absent. */
export function experimentOf(action: FlowAction, create = false): Json | null {
  const data = obj((action as { data?: unknown }).data)
  let exp = data.current_experiment
  if ((!exp || typeof exp !== 'object') && create) {
    exp = { name: null, variations: [], allocations: {} }
    data.current_experiment = exp
    ;(action as { data?: unknown }).data = data
  }
  return exp && typeof exp === 'object' ? (exp as Json) : null
}

export function variationActions(action: FlowAction): Json[] {
  const exp = experimentOf(action)
  return Array.isArray(exp?.variations) ? (exp!.variations as unknown[]).map(obj) : []
}

const messageIn = (sendAction: Json): Json => {
  const data = obj(sendAction.data)
  if (!sendAction.data || typeof sendAction.data !== 'object') sendAction.data = data
  if (!data.message || typeof data.message !== 'object') data.message = {}
  return data.message as Json
}

/** The id of a variation's message: its own, else one derived from its place (written on the next save). */
export const derivedVariationId = (actionId: string, index: number) => `${actionId}-v${index + 1}`
export const derivedMainId = (actionId: string) => `${actionId}-main`

/**
 * Gives the main action and every variation one id, written both as the send action's `id` and
 * as its message's id (the engine's executor keys arms by the action id and allocations by that
 * key; /ajax names them by message id): the derived ids become stored ones on the next save.
 */
export function ensureVariationIds(action: FlowAction): void {
  if (!AB_TEST_TYPES.has(action.type)) return
  const data = obj((action as { data?: unknown }).data)
  if (data.main_action && typeof data.main_action === 'object') {
    const id = mainMessageId(action)
    const main = data.main_action as Json
    main.id = id
    messageIn(main).id = id
  }
  variationActions(action).forEach((v, i) => {
    const id = variationId(action, i)
    v.id = id
    messageIn(v).id = id
  })
}

const idOf = (sendAction: Json): string | null => {
  if (typeof sendAction.id === 'string' && sendAction.id) return sendAction.id
  const m = obj(obj(sendAction.data).message).id
  return typeof m === 'string' && m ? m : null
}

export function mainMessageId(action: FlowAction): string {
  return idOf(obj(obj((action as { data?: unknown }).data).main_action)) ?? derivedMainId(action.id!)
}

export function variationId(action: FlowAction, index: number): string {
  return idOf(variationActions(action)[index] ?? {}) ?? derivedVariationId(action.id!, index)
}

/** The arms of an A/B test as the engine splits them: the main action first, then each variation. */
export interface Arm {
  id: string
  kind: 'main' | 'variation'
  index: number
  sendAction: Json
}
export function armsOf(action: FlowAction): Arm[] {
  const out: Arm[] = []
  const main = obj((action as { data?: unknown }).data).main_action
  if (main && typeof main === 'object')
    out.push({ id: mainMessageId(action), kind: 'main', index: -1, sendAction: main as Json })
  variationActions(action).forEach((v, i) =>
    out.push({ id: variationId(action, i), kind: 'variation', index: i, sendAction: v }),
  )
  return out
}

export const channelOfType = (type: unknown): string =>
  typeof type === 'string' && isMessageActionType(type) ? MESSAGE_CHANNELS[type] : 'email'

/** Locates a message id inside a definition (send actions and A/B test actions). */
export function locateInDefinition(flow: Flow, def: FlowDefinition, messageId: string): MessageLocation | null {
  for (let i = 0; i < def.actions.length; i++) {
    const a = def.actions[i]!
    if (isMessageActionType(a.type)) {
      const m = obj(obj((a as { data?: unknown }).data).message)
      if (m.id === messageId)
        return {
          flow,
          def,
          action: a,
          actionIndex: i,
          kind: 'message',
          messageId,
          variationIndex: null,
          sendAction: a as unknown as Json,
          message: messageIn(a as unknown as Json),
          channel: MESSAGE_CHANNELS[a.type],
        }
    } else if (AB_TEST_TYPES.has(a.type) && a.id) {
      const data = obj((a as { data?: unknown }).data)
      const main = data.main_action && typeof data.main_action === 'object' ? (data.main_action as Json) : null
      if (main && mainMessageId(a) === messageId) {
        return {
          flow,
          def,
          action: a,
          actionIndex: i,
          kind: 'main',
          messageId,
          variationIndex: null,
          sendAction: main,
          message: messageIn(main),
          channel: channelOfType(main.type),
        }
      }
      const vs = variationActions(a)
      for (let v = 0; v < vs.length; v++) {
        if (variationId(a, v) === messageId) {
          return {
            flow,
            def,
            action: a,
            actionIndex: i,
            kind: 'variation',
            messageId,
            variationIndex: v,
            sendAction: vs[v]!,
            message: messageIn(vs[v]!),
            channel: channelOfType(vs[v]!.type ?? main?.type),
          }
        }
      }
    }
  }
  return null
}

/** The flow holding a message id: a FlowMessage row, else an A/B test action whose definition names it. */
async function flowOfMessage(companyId: number, messageId: string): Promise<string | null> {
  const row = await db.flowMessage.findFirst({ where: { companyId, id: messageId }, select: { flowId: true } })
  if (row) return row.flowId
  const derived = /^(\d+)-(?:v\d+|main)$/.exec(messageId)
  const action = await db.flowAction.findFirst({
    where: derived
      ? { companyId, id: derived[1]!, actionType: { in: [...AB_TEST_TYPES] } }
      : { companyId, actionType: { in: [...AB_TEST_TYPES] }, definition: { contains: JSON.stringify(messageId) } },
    select: { flowId: true },
  })
  return action?.flowId ?? null
}

export async function findMessage(companyId: number, messageId: string): Promise<MessageLocation | null> {
  if (!messageId || messageId.length > 64) return null
  const flowId = await flowOfMessage(companyId, messageId)
  if (!flowId) return null
  const flow = await getFlowOrThrow(companyId, flowId)
  const def = await getFlowDefinition(companyId, flowId)
  return locateInDefinition(flow, def, messageId)
}

export async function findMessageOrThrow(companyId: number, messageId: string): Promise<MessageLocation> {
  const loc = await findMessage(companyId, messageId)
  if (!loc) throw notFound(`A flow message with id ${messageId} was not found.`)
  return loc
}

/** Saves the location's (changed) definition as the flow's next version; errors as /ajax answers. */
export async function saveLocation(
  companyId: number,
  loc: Pick<MessageLocation, 'flow' | 'def' | 'action'>,
): Promise<number> {
  ensureVariationIds(loc.action)
  return saveDefinition(companyId, loc.flow, loc.def)
}

export async function saveDefinition(companyId: number, flow: Flow, def: FlowDefinition): Promise<number> {
  for (const a of def.actions) ensureVariationIds(a)
  try {
    return await saveFlowVersion(companyId, flow.id, def, { expectedVersion: flow.currentVersion })
  } catch (e) {
    throw flowErrorToAppError(e)
  }
}

/** The store's errors as /ajax errors: 400 with field errors, 409 on a concurrent save, 404. */
export function flowErrorToAppError(e: unknown): unknown {
  if (e instanceof FlowDefinitionInvalid) return badRequest(e.message, definitionFieldErrors(e.errors))
  if (e instanceof FlowVersionConflict) return new AppError('conflict', 409, e.message)
  if (e instanceof FlowNotFound) return notFound(e.message)
  return e
}

/** Changes a message and saves the flow; returns the location re-read after the save. */
export async function mutateMessage(
  companyId: number,
  messageId: string,
  change: (loc: MessageLocation) => void | Promise<void>,
): Promise<MessageLocation> {
  const loc = await findMessageOrThrow(companyId, messageId)
  await change(loc)
  await saveLocation(companyId, loc)
  return findMessageOrThrow(companyId, messageId)
}
