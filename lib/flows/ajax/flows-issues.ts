// The problems of a flow (seed 002 §3.1 issue types non_compliant, trigger, anomaly), shown by
// the builder (GET /ajax/flow/{id}/edit issues), the non-compliant list and the alert center:
// - trigger: no trigger, or the trigger's list, segment or metric no longer exists;
// - non_compliant: an email whose template has no unsubscribe link, or marketing email while the
//   organization has no postal address (the sending policy skips it: postal-address.ts);
// - anomaly: a deleted list, segment, metric or template used by an action or filter, a broken
//   graph (dangling link, cycle, missing entry), an email without a template, a live flow with no live action.
import { db } from '@/lib/db/client'
import type { Flow } from '@/generated/prisma/client'
import { isUnsupported, STATUS_ACTION_TYPES, type FlowDefinition } from '../definition'
import { companyRefs, FLOW_STATUS } from '../store'
import { definitionRefs, refErrors, structuralErrors } from '../validate-definition'
import { hasPostalAddress } from '@/lib/messaging/postal-address'

export type FlowIssueType = 'non_compliant' | 'trigger' | 'anomaly'
export interface FlowIssue {
  type: FlowIssueType
  message: string
  pointer: string
}

/** Unsubscribe tags and links of our template language ({% unsubscribe %}, {% unsubscribe_link %}, {{ unsubscribe_url }}). */
const UNSUBSCRIBE = /unsubscribe/i

export async function flowIssues(
  companyId: number,
  flow: Pick<Flow, 'id' | 'status'>,
  def: FlowDefinition,
): Promise<FlowIssue[]> {
  const issues: FlowIssue[] = []
  if (!def.triggers.length) issues.push({ type: 'trigger', message: 'The flow has no trigger.', pointer: '/triggers' })
  else if (isUnsupported(def.triggers[0]!))
    issues.push({
      type: 'trigger',
      message: `The trigger type "${def.triggers[0]!.type}" is not supported.`,
      pointer: '/triggers/0',
    })

  const missing = await refErrors(definitionRefs(def), companyRefs(companyId), '')
  for (const e of missing) {
    const onTrigger = e.pointer.startsWith('/triggers/')
    issues.push({
      type: onTrigger ? 'trigger' : 'anomaly',
      message: onTrigger ? `The trigger no longer works: ${e.detail}` : e.detail,
      pointer: e.pointer,
    })
  }
  for (const e of structuralErrors(def, { mode: 'stored' }))
    issues.push({ type: 'anomaly', message: e.detail, pointer: e.pointer })

  const templateIds = new Map<string, number[]>()
  def.actions.forEach((a, i) => {
    if (a.type !== 'send-email' || isUnsupported(a)) return
    const tid = a.data?.message?.template_id
    if (!tid)
      issues.push({
        type: 'anomaly',
        message: `The email "${a.data?.message?.name ?? a.id}" has no content (no template).`,
        pointer: `/actions/${i}/data/message/template_id`,
      })
    else templateIds.set(tid, [...(templateIds.get(tid) ?? []), i])
  })
  const marketingEmail = def.actions.findIndex(
    (a) =>
      a.type === 'send-email' &&
      !isUnsupported(a) &&
      (a.data as { message?: { transactional?: boolean } } | null)?.message?.transactional !== true,
  )
  if (marketingEmail >= 0) {
    const company = await db.company.findUnique({
      where: { id: companyId },
      select: { addressLine1: true, city: true, country: true },
    })
    if (!hasPostalAddress(company)) {
      issues.push({
        type: 'non_compliant',
        message:
          'Marketing emails are not sent until your organization has a postal address: add it in Settings › Organization.',
        pointer: `/actions/${marketingEmail}`,
      })
    }
  }
  if (templateIds.size) {
    const rows = await db.template.findMany({
      where: { companyId, id: { in: [...templateIds.keys()] } },
      select: { id: true, html: true, compiledHtml: true },
    })
    for (const t of rows) {
      if (UNSUBSCRIBE.test(t.html) || UNSUBSCRIBE.test(t.compiledHtml)) continue
      for (const i of templateIds.get(t.id)!) {
        const a = def.actions[i] as { id?: string | null; data?: { message?: { name?: string | null } } }
        issues.push({
          type: 'non_compliant',
          message: `The email "${a.data?.message?.name ?? a.id}" has no unsubscribe link.`,
          pointer: `/actions/${i}/data/message/template_id`,
        })
      }
    }
  }

  if (flow.status === FLOW_STATUS.live) {
    // Actions with a status (messages, webhooks, profile and list updates) all off: nothing happens for anyone.
    const withStatus = def.actions.filter((a) => STATUS_ACTION_TYPES.has(a.type) && !isUnsupported(a)).length
    const live = withStatus ? await db.flowAction.count({ where: { companyId, flowId: flow.id, status: 'live' } }) : 0
    if (!def.actions.length)
      issues.push({ type: 'anomaly', message: 'The flow is live but has no actions.', pointer: '/actions' })
    else if (withStatus && !live)
      issues.push({
        type: 'anomaly',
        message: 'The flow is live but none of its actions is live.',
        pointer: '/actions',
      })
  }
  return issues
}
