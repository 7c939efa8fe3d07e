// GET /ajax/flow/{id}/alert-center – the problems of a flow, meant for live ones: the issues of
// the definition (deleted list, segment, metric or template, missing unsubscribe link, no live
// action …), failed steps in the last 24 hours per action, and the webhook action's failures.
import { db } from '@/lib/db/client'
import { FLOW_STATUS, getFlowDefinition } from '../store'
import { flowStoreCall, getAjaxFlow } from './flows-common'
import { flowIssues } from './flows-issues'

export const ALERT_WINDOW_MS = 24 * 3_600_000

export async function flowAlertCenter(companyId: number, flowId: string, now = new Date()) {
  const flow = await getAjaxFlow(companyId, flowId)
  const def = await flowStoreCall(() => getFlowDefinition(companyId, flowId))
  const since = new Date(now.getTime() - ALERT_WINDOW_MS)
  const issues = await flowIssues(companyId, flow, def)
  const failed = await db.flowStep.findMany({
    where: { companyId, flowId, status: 'failed', at: { gte: since } },
    orderBy: { at: 'desc' },
    select: { actionId: true, actionType: true, at: true, outcome: true, detail: true },
    take: 5000,
  })
  const byAction = new Map<
    string,
    { actionId: string; actionType: string; count: number; lastAt: string; lastError: string | null }
  >()
  for (const s of failed) {
    const e = byAction.get(s.actionId)
    if (e) e.count++
    else
      byAction.set(s.actionId, {
        actionId: s.actionId,
        actionType: s.actionType,
        count: 1,
        lastAt: s.at.toISOString(),
        lastError: s.outcome ?? s.detail ?? null,
      })
  }
  const failedSteps = [...byAction.values()]
  const hooks = failedSteps.filter((f) => f.actionType === 'send-webhook')
  const webhookFailures = {
    count: hooks.reduce((n, h) => n + h.count, 0),
    lastAt: hooks[0]?.lastAt ?? null,
    lastError: hooks[0]?.lastError ?? null,
    actions: hooks.map((h) => h.actionId),
  }
  const alerts = [
    ...issues.map((i) => ({ kind: 'issue' as const, ...i })),
    ...failedSteps.map((f) => ({
      kind: 'failed_steps' as const,
      type: 'anomaly' as const,
      message: `${f.count} step${f.count > 1 ? 's' : ''} of action ${f.actionId} (${f.actionType}) failed in the last 24 hours.`,
      pointer: `/actions/${def.actions.findIndex((a) => a.id === f.actionId)}`,
    })),
  ]
  return {
    flowId,
    live: flow.status === FLOW_STATUS.live && !flow.archived,
    since: since.toISOString(),
    alertCount: alerts.length,
    alerts,
    issues,
    failedSteps,
    webhookFailures,
  }
}
