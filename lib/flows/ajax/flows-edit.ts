// GET /ajax/flow/{id}/edit – the builder's load call (contract fixed with the builder):
// { flow: { id, name, status "0".."4", statusName, archived, triggerType, version, updatedAt, webhookSecretSet },
//   definition (real ids, current action statuses), actions: [{ id, type, status }],
//   messages: [{ id, actionId, channel, name, templateId }], counts: { [actionId]: { waiting, done } },
//   issues: [{ type, message, pointer }] }
// counts.waiting = runs in progress whose current action it is (active or waiting for approval);
// counts.done = the action's steps with status done.
import { db } from '@/lib/db/client'
import { flowStatusName, getFlowDefinition } from '../store'
import { flowStoreCall, getAjaxFlow, statusText } from './flows-common'
import { flowIssues } from './flows-issues'

export async function actionCounts(
  companyId: number,
  flowId: string,
): Promise<Record<string, { waiting: number; done: number }>> {
  const [runs, steps] = await Promise.all([
    db.flowRun.groupBy({
      by: ['currentActionId'],
      where: { companyId, flowId, status: { in: ['active', 'waiting'] } },
      _count: { _all: true },
    }),
    db.flowStep.groupBy({ by: ['actionId'], where: { companyId, flowId, status: 'done' }, _count: { _all: true } }),
  ])
  const out: Record<string, { waiting: number; done: number }> = {}
  for (const r of runs)
    if (r.currentActionId) (out[r.currentActionId] ??= { waiting: 0, done: 0 }).waiting = r._count._all
  for (const s of steps) (out[s.actionId] ??= { waiting: 0, done: 0 }).done = s._count._all
  return out
}

export async function loadFlowForEdit(companyId: number, flowId: string) {
  const flow = await getAjaxFlow(companyId, flowId)
  const definition = await flowStoreCall(() => getFlowDefinition(companyId, flowId))
  const [rows, messages, counts, issues] = await Promise.all([
    db.flowAction.findMany({ where: { companyId, flowId }, select: { id: true, actionType: true, status: true } }),
    db.flowMessage.findMany({
      where: { companyId, flowId },
      select: { id: true, actionId: true, channel: true, name: true, templateId: true },
      orderBy: { id: 'asc' },
    }),
    actionCounts(companyId, flowId),
    flowIssues(companyId, flow, definition),
  ])
  const order = new Map(definition.actions.map((a, i) => [a.id!, i]))
  const ids = new Set(order.keys())
  for (const id of Object.keys(counts)) if (!ids.has(id)) delete counts[id]
  for (const id of ids) counts[id] ??= { waiting: 0, done: 0 }
  return {
    flow: {
      id: flow.id,
      name: flow.name,
      status: statusText(flow.status),
      statusName: flowStatusName(flow.status),
      archived: flow.archived,
      triggerType: flow.triggerType ?? 'Segment',
      version: flow.currentVersion,
      updatedAt: flow.updatedAt.toISOString(),
      webhookSecretSet: !!flow.webhookSecret,
    },
    definition,
    actions: rows
      .sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0))
      .map((r) => ({ id: r.id, type: r.actionType, status: r.status })),
    messages,
    counts,
    issues,
  }
}
export type FlowEditResponse = Awaited<ReturnType<typeof loadFlowForEdit>>
