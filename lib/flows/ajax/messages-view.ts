// How a flow message is answered on /ajax (GET /ajax/flow/messages/{id} and /variations).
import { db } from '@/lib/db/client'
import { flowStatusName } from '@/lib/flows/store'
import {
  AB_TEST_TYPES,
  CHANNEL_CODES,
  MESSAGE_KEYS,
  armsOf,
  experimentOf,
  findMessageOrThrow,
  mainMessageId,
  type Json,
  type MessageLocation,
} from './messages-lookup'

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null)
const bool = (v: unknown, dflt: boolean): boolean => (typeof v === 'boolean' ? v : dflt)

export function messageView(loc: MessageLocation) {
  const m = loc.message
  const data = (loc.action as { data?: Json }).data ?? {}
  const isAb = AB_TEST_TYPES.has(loc.action.type)
  const channel = loc.channel as keyof typeof CHANNEL_CODES
  const exp = isAb ? experimentOf(loc.action) : null
  return {
    id: loc.messageId,
    name: str(m.name),
    flowId: loc.flow.id,
    flowName: loc.flow.name,
    flowStatus: String(loc.flow.status),
    flowStatusName: flowStatusName(loc.flow.status),
    actionId: loc.action.id ?? null,
    actionType: loc.action.type,
    actionStatus: str(data.status) ?? str((loc.sendAction.data as Json | undefined)?.status) ?? 'draft',
    channel: loc.channel,
    channelCode: CHANNEL_CODES[channel] ?? null,
    messageKey: MESSAGE_KEYS[loc.channel] ?? null,
    isVariation: loc.kind !== 'message',
    isAbTest: isAb,
    abTestActionId: isAb ? (loc.action.id ?? null) : null,
    variationCount: isAb ? armsOf(loc.action).length : 0,
    experimentStatus: isAb ? (str(data.experiment_status) ?? 'draft') : null,
    weight: loc.kind !== 'message' && exp ? Number((exp.allocations as Json | undefined)?.[loc.messageId] ?? 0) : null,
    subject: str(m.subject_line),
    previewText: str(m.preview_text),
    fromEmail: str(m.from_email),
    fromLabel: str(m.from_label),
    replyToEmail: str(m.reply_to_email),
    templateId: str(m.template_id),
    body: str(m.body),
    title: str(m.title),
    smartSending: bool(m.smart_sending_enabled, true),
    transactional: bool(m.transactional, false),
    addTrackingParams: bool(m.add_tracking_params, true),
    customTrackingParams: Array.isArray(m.custom_tracking_params) ? m.custom_tracking_params : [],
    smsQuietHours: loc.channel === 'sms' ? bool(m.sms_quiet_hours_enabled, true) : null,
    definition: m,
  }
}
export type FlowMessageView = ReturnType<typeof messageView>

export async function getMessage(companyId: number, messageId: string) {
  const loc = await findMessageOrThrow(companyId, messageId)
  const view = messageView(loc)
  const template = view.templateId
    ? await db.template.findFirst({
        where: { companyId, id: view.templateId },
        select: { id: true, name: true, editorType: true, updatedAt: true },
      })
    : null
  return { message: { ...view, template } }
}

/**
 * The variations of a message: for a message inside an A/B test, every variation of that test
 * with its weight (the main action is the content sent when no test runs); a plain send action
 * has one variation, itself, weight 100.
 */
export async function getVariations(companyId: number, messageId: string) {
  const loc = await findMessageOrThrow(companyId, messageId)
  if (!AB_TEST_TYPES.has(loc.action.type))
    return { abTestActionId: null, variations: [{ ...messageView(loc), weight: 100 }] }
  const a = loc.action
  const exp = experimentOf(a)
  const alloc = (exp?.allocations as Json | undefined) ?? {}
  const arms = armsOf(a)
  const total = arms.reduce((s, arm) => s + (Number(alloc[arm.id]) || 0), 0)
  const variations = arms.map((arm) => {
    const id = arm.id
    const sub = {
      ...loc,
      kind: arm.kind,
      messageId: id,
      variationIndex: arm.kind === 'main' ? null : arm.index,
      sendAction: arm.sendAction,
      message: ((arm.sendAction.data as Json | undefined)?.message as Json | undefined) ?? {},
    }
    const weight = Number(alloc[id]) || (total ? 0 : Math.round(100 / arms.length))
    return { ...messageView(sub), weight }
  })
  return { abTestActionId: a.id ?? null, mainMessageId: mainMessageId(a), variations }
}
