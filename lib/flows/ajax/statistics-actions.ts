// GET /ajax/flow/{id}/actions/statistics-v2: per action of the flow, the runs there now (due or
// waiting for approval), the steps of the timeframe by status (done, skipped, failed, waiting,
// approved, cancelled, exited), and for message actions (send-* and A/B tests) the recipients,
// deliveries, opens, clicks, bounces, unsubscribes, conversions, revenue and their rates from the
// action's Sends and their message events (statistics-sends.ts).
import { z } from 'zod'
import { db } from '@/lib/db/client'
import { notFound } from '@/lib/errors/app-error'
import { TIMEFRAMES, resolveTimeframe, type Timeframe } from '@/lib/metrics/timeframe'
import { isMessageActionType } from '@/lib/flows/definition'
import { getFlowDefinition } from '@/lib/flows/store'
import { AB_TEST_TYPES } from './messages-lookup'
import { ATTRIBUTION_DAYS, sendFacts, totalsOf, type SendTotals } from './statistics-sends'

export const statisticsQuery = z.object({
  timeframe: z.enum(TIMEFRAMES, `timeframe is one of ${TIMEFRAMES.join(', ')}.`).default('last_30_days'),
  start: z.string().max(40).optional(),
  end: z.string().max(40).optional(),
  actionIds: z.string().max(20_000).optional(),
  action_ids: z.string().max(20_000).optional(),
})

const STEP_STATUSES = ['done', 'skipped', 'failed', 'waiting', 'approved', 'cancelled', 'exited'] as const

export interface ActionStatistics {
  actionId: string
  actionType: string
  status: string | null
  /** Runs whose current action this is: due (active) and waiting for approval. */
  inProgress: { active: number; waiting: number }
  steps: Record<(typeof STEP_STATUSES)[number], number> & { total: number }
  message: SendTotals | null
}

export async function actionStatistics(
  companyId: number,
  flowId: string,
  q: z.infer<typeof statisticsQuery>,
  now = new Date(),
) {
  const flow = await db.flow.findFirst({ where: { companyId, id: flowId } })
  if (!flow) throw notFound(`A flow with id ${flowId} was not found.`)
  const company = await db.company.findUnique({ where: { id: companyId }, select: { timezone: true } })
  const timeZone = company?.timezone || 'UTC'
  const timeframe = q.timeframe as Timeframe
  const range =
    timeframe === 'alltime' ? null : resolveTimeframe(timeframe, { timeZone, now, start: q.start, end: q.end })
  const from = range ? new Date(range.start) : null
  const to = range ? new Date(range.end) : null
  const def = await getFlowDefinition(companyId, flowId)
  const only = (q.actionIds ?? q.action_ids)
    ?.split(',')
    .map((s) => s.trim())
    .filter(Boolean)
  const actions = def.actions.filter((a) => a.id && (!only || only.includes(a.id)))
  const ids = actions.map((a) => a.id!)

  const runs = await db.flowRun.groupBy({
    by: ['currentActionId', 'status'],
    where: { companyId, flowId, status: { in: ['active', 'waiting'] }, currentActionId: { in: ids } },
    _count: { _all: true },
  })
  const steps = await db.flowStep.groupBy({
    by: ['actionId', 'status'],
    where: { companyId, flowId, actionId: { in: ids }, ...(from && to ? { at: { gte: from, lt: to } } : {}) },
    _count: { _all: true },
  })
  const messageIds = actions.filter((a) => isMessageActionType(a.type) || AB_TEST_TYPES.has(a.type)).map((a) => a.id!)
  const facts = await sendFacts(companyId, messageIds, { from, to })
  const statusRows = await db.flowAction.findMany({ where: { companyId, flowId }, select: { id: true, status: true } })
  const statusOf = new Map(statusRows.map((r) => [r.id, r.status]))

  const out: ActionStatistics[] = actions.map((a) => {
    const id = a.id!
    const s = Object.fromEntries(STEP_STATUSES.map((k) => [k, 0])) as ActionStatistics['steps']
    s.total = 0
    for (const r of steps)
      if (r.actionId === id) {
        if (r.status in s) s[r.status as (typeof STEP_STATUSES)[number]] = r._count._all
        s.total += r._count._all
      }
    const inProgress = { active: 0, waiting: 0 }
    for (const r of runs)
      if (r.currentActionId === id && (r.status === 'active' || r.status === 'waiting'))
        inProgress[r.status] = r._count._all
    return {
      actionId: id,
      actionType: a.type,
      status: statusOf.get(id) ?? null,
      inProgress,
      steps: s,
      message: messageIds.includes(id) ? totalsOf(facts.filter((f) => f.actionId === id)) : null,
    }
  })
  return {
    flowId,
    timeframe,
    start: from?.toISOString() ?? null,
    end: to?.toISOString() ?? null,
    timeZone,
    attributionDays: ATTRIBUTION_DAYS,
    totals: totalsOf(facts),
    actions: out,
  }
}
