// What a flow message report is about: the company's FlowMessage, its action and flow, and the
// Sends of that action (sourceType 'flow_action_run', sourceId '<actionId>:<runId>', so one
// LIKE '<actionId>:%' range-scans the index (companyId, sourceType, sourceId, …)).
import { db } from '@/lib/db/client'
import { flowActionScope, type SendScope } from '@/lib/reporting/send-scope'
import { notFound } from '@/lib/errors/app-error'

export interface MessageScope {
  companyId: number
  messageId: string
  actionId: string
  flowId: string
  flowName: string
  channel: string
  name: string | null
  subject: string | null
}

export async function messageScope(companyId: number, messageId: string): Promise<MessageScope> {
  const m = await db.flowMessage.findFirst({ where: { companyId, id: messageId } })
  if (!m) throw notFound('The flow message was not found.')
  const flow = await db.flow.findFirst({ where: { companyId, id: m.flowId }, select: { name: true } })
  let subject: string | null = null
  try {
    const def = JSON.parse(m.definition) as { subject_line?: unknown }
    subject = typeof def.subject_line === 'string' ? def.subject_line : null
  } catch {
    /* a stored definition is JSON; keep null otherwise */
  }
  return {
    companyId,
    messageId: m.id,
    actionId: m.actionId,
    flowId: m.flowId,
    flowName: flow?.name ?? '',
    channel: m.channel,
    name: m.name,
    subject,
  }
}

export { sourceOfAction, DAY_MS, FLOW_SEND_SOURCE } from '@/lib/reporting/send-scope'

/** The flow message's sends and events as a report scope (lib/reporting/send-scope.ts). */
export const scopeOf = (s: MessageScope): SendScope => flowActionScope(s.companyId, s.actionId)
