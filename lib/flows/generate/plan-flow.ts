// /flows/generate/{goal}: the draft a goal would make for this account, before it is made — the
// template's steps, whether the metrics it listens to already receive events here (a flow on a
// metric nobody sends never starts), how many lists and coupons the account has to use. Creating
// the draft is the ordinary create-from-template call (POST /ajax/flows/create {templateKey}).
import { db } from '@/lib/db/client'
import { notFound } from '@/lib/errors/app-error'
import { flowTemplate } from '../templates/index'
import { FLOW_GOALS, isFlowGoal } from './goals'

export async function planFlow(companyId: number, goal: string) {
  if (!isFlowGoal(goal)) throw notFound('There is no flow for this goal.')
  const key = FLOW_GOALS[goal]
  const t = flowTemplate(key)!
  const [metrics, lists, coupons] = await Promise.all([
    db.metric.findMany({ where: { companyId, name: { in: t.metrics } }, select: { id: true, name: true } }),
    db.group.count({ where: { companyId, type: 0, deletedAt: null } }),
    db.coupon.count({ where: { companyId } }),
  ])
  const withEvents = await Promise.all(
    metrics.map(
      async (m) =>
        [
          m.name,
          (await db.event.findFirst({ where: { companyId, metricId: m.id }, select: { id: true } })) != null,
        ] as const,
    ),
  )
  const seen = new Map(withEvents)
  return {
    goal,
    templateKey: key,
    name: t.name,
    steps: t.steps,
    metrics: t.metrics.map((name) => ({ name, receivesEvents: seen.get(name) ?? false })),
    lists,
    coupons,
  }
}
export type PlanFlowResponse = Awaited<ReturnType<typeof planFlow>>
