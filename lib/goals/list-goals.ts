// The goals list (each with its progress) and one goal with its series.
import { db } from '@/lib/db/client'
import { notFound } from '@/lib/errors/app-error'
import { goalProgress, type GoalRow } from './goal-progress'

const view = (g: GoalRow) => ({
  id: g.id,
  name: g.name,
  kind: g.kind,
  target: g.target,
  groupId: g.groupId,
  startsAt: g.startsAt.toISOString(),
  endsAt: g.endsAt.toISOString(),
})

export async function listGoals(companyId: number, now: Date) {
  const rows = await db.goal.findMany({ where: { companyId }, orderBy: { endsAt: 'desc' }, take: 200 })
  const lists = await db.group.findMany({
    where: { companyId, id: { in: rows.map((r) => r.groupId).filter((x): x is string => !!x) } },
    select: { id: true, name: true },
  })
  const listName = new Map(lists.map((l) => [l.id, l.name]))
  return Promise.all(
    rows.map(async (g) => {
      const p = await goalProgress(g, now)
      // The list shows the figures only; the series is the detail page's chart.
      return {
        ...view(g),
        listName: g.groupId ? (listName.get(g.groupId) ?? null) : null,
        progress: { ...p, series: [] },
      }
    }),
  )
}

export async function getGoal(companyId: number, id: string, now: Date) {
  const g = await db.goal.findFirst({ where: { companyId, id } })
  if (!g) throw notFound('Goal not found.')
  const list = g.groupId
    ? await db.group.findFirst({ where: { companyId, id: g.groupId }, select: { name: true } })
    : null
  return { goal: { ...view(g), listName: list?.name ?? null }, progress: await goalProgress(g, now) }
}
