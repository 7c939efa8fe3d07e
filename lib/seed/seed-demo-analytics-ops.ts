// The demo's monitors and goals (issue 23 §4), so /analytics/monitors, /goals and the BFCM hub
// show something on the demo: a bounce-rate monitor (evaluated now, with one resolved alert in
// its history from a past spike), an orders-per-day monitor and, when the Newsletter welcome
// flow exists, a flow-sends monitor; a revenue goal for the month (last month's revenue plus
// 10 %), a list-size goal for the Newsletter list and a new-subscribers goal for the quarter.
import { db } from '@/lib/db/client'
import { ulid } from '@/lib/ids/make-id'
import { LIST } from '@/lib/groups/group-view'
import { WELCOME_LIST } from '@/lib/flows/templates/welcome-series'
import { evaluateMonitors } from '@/lib/monitors/evaluate-monitors'
import { goalProgress } from '@/lib/goals/goal-progress'

const DAY = 86_400_000

export async function seedDemoAnalyticsOps(companyId: number, now = new Date()) {
  const started = Date.now()
  const owner = 'owner@demo.test'
  const monitor = (
    name: string,
    kind: string,
    config: object,
    comparator: string,
    threshold: number,
    windowMinutes: number,
  ) =>
    db.monitor.create({
      data: {
        id: ulid(),
        companyId,
        name,
        kind,
        config: JSON.stringify(config),
        comparator,
        threshold,
        windowMinutes,
        notify: JSON.stringify({ emails: [owner] }),
      },
    })
  const bounce = await monitor('Bounce rate over 2 % in an hour', 'bounce_rate', { minSends: 20 }, 'above', 0.02, 60)
  const orders = await db.metric.findFirst({ where: { companyId, name: 'Placed Order' }, select: { id: true } })
  if (orders) await monitor('No orders for a day', 'metric_count', { metricId: orders.id }, 'below', 1, 1440)
  const list = await db.group.findFirst({ where: { companyId, name: WELCOME_LIST, type: LIST }, select: { id: true } })
  const welcome = list
    ? await db.flowTrigger.findFirst({
        where: { companyId, kind: 'list', targetId: list.id },
        select: { flowId: true },
      })
    : null
  if (welcome)
    await monitor('Welcome series stopped sending', 'flow_sends', { flowId: welcome.flowId }, 'below', 1, 1440)
  // A past incident in the history: a bounce spike after a list import, resolved an hour later.
  const raised = new Date(now.getTime() - 12 * DAY)
  await db.monitorAlert.create({
    data: {
      id: ulid(raised.getTime()),
      monitorId: bounce.id,
      companyId,
      dedupeKey: `${bounce.id}:${new Date(Math.floor(raised.getTime() / 3_600_000) * 3_600_000 - 3_600_000).toISOString()}`,
      value: 0.034,
      threshold: 0.02,
      message: 'Bounce rate over 2 % in an hour: bounce rate 3.4 % is above 2 % (a list import with old addresses).',
      raisedAt: raised,
      notifiedAt: raised,
      resolvedAt: new Date(raised.getTime() + 3_600_000),
    },
  })
  await evaluateMonitors(now, 'http://localhost:3000', companyId)

  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1))
  const nextMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1))
  const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1))
  const previous = await goalProgress(
    { id: '', companyId, name: '', kind: 'revenue', target: 1, groupId: null, startsAt: lastMonth, endsAt: monthStart },
    now,
  )
  const goal = (
    name: string,
    kind: string,
    target: number,
    startsAt: Date,
    endsAt: Date,
    groupId: string | null = null,
  ) => db.goal.create({ data: { id: ulid(), companyId, name, kind, target, groupId, startsAt, endsAt } })
  await goal(
    'Revenue this month: +10 %',
    'revenue',
    Math.max(1000, Math.round(previous.actual * 1.1)),
    monthStart,
    nextMonth,
  )
  if (list) {
    const size = await db.groupMembership.count({ where: { companyId, groupId: list.id, leftAt: null } })
    await goal(
      'Newsletter list +10 %',
      'list_size',
      Math.max(100, Math.round(size * 1.1)),
      monthStart,
      nextMonth,
      list.id,
    )
  }
  const quarter = Math.floor(now.getUTCMonth() / 3) * 3
  await goal(
    'New subscribers this quarter',
    'subscribers',
    500,
    new Date(Date.UTC(now.getUTCFullYear(), quarter, 1)),
    new Date(Date.UTC(now.getUTCFullYear(), quarter + 3, 1)),
  )
  return {
    monitors: await db.monitor.count({ where: { companyId } }),
    goals: await db.goal.count({ where: { companyId } }),
    ms: Date.now() - started,
  }
}
