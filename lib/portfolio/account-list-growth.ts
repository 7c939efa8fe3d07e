// List growth of several accounts over a period (the portfolio dashboard, issue 27 §6): joins and
// leaves of lists, the whole UTC days from ListChangeDailyRollup (kept exact by triggers on
// GroupMembershipChange), the period's partial first and last days live. A list's changes count
// while the list exists, in both parts (the rollup is read through Group too).
import { sql } from 'kysely'
import { kysely } from '@/lib/db/kysely'
import { read, select, type Ops } from '@/lib/db/ops'
import { LIST } from '@/lib/groups/group-view'
import { dayStart, nextDay, utcDay } from '@/lib/messaging/send-rollup-read'

export interface ListChangeCount {
  companyId: number
  kind: string
  n: number
}

function* liveOps(companyIds: number[], from: Date, to: Date): Ops<ListChangeCount[]> {
  if (from >= to) return []
  const rows = yield* select(
    kysely()
      .selectFrom('GroupMembershipChange as c')
      .innerJoin('Group as g', (j) => j.onRef('g.id', '=', 'c.groupId').onRef('g.companyId', '=', 'c.companyId'))
      .select(['c.companyId as companyId', 'c.kind as kind', sql<number>`count(*)`.as('n')])
      .where('c.companyId', 'in', companyIds)
      .where('g.type', '=', LIST)
      .where('c.at', '>=', from)
      .where('c.at', '<', to)
      .groupBy(['c.companyId', 'c.kind']),
  )
  return rows.map((r) => ({ ...r, n: Number(r.n) }))
}

function* listGrowthOps(companyIds: number[], from: Date, to: Date): Ops<ListChangeCount[]> {
  if (!companyIds.length || from >= to) return []
  const firstWhole = dayStart(utcDay(from)).getTime() === from.getTime() ? utcDay(from) : nextDay(utcDay(from))
  const endWhole = utcDay(to)
  if (firstWhole >= endWhole) return yield* liveOps(companyIds, from, to)
  const rolled = yield* select(
    kysely()
      .selectFrom('ListChangeDailyRollup as r')
      .innerJoin('Group as g', (j) => j.onRef('g.id', '=', 'r.groupId').onRef('g.companyId', '=', 'r.companyId'))
      .select(['r.companyId as companyId', 'r.kind as kind', sql<number>`sum(${sql.ref('r.count')})`.as('n')])
      .where('r.companyId', 'in', companyIds)
      .where('g.type', '=', LIST)
      .where('r.day', '>=', firstWhole)
      .where('r.day', '<', endWhole)
      .groupBy(['r.companyId', 'r.kind']),
  )
  return [
    ...rolled.map((r) => ({ ...r, n: Number(r.n) })),
    ...(yield* liveOps(companyIds, from, dayStart(firstWhole))),
    ...(yield* liveOps(companyIds, dayStart(endWhole), to)),
  ]
}

export const accountListGrowth = (companyIds: number[], from: Date, to: Date) =>
  read(listGrowthOps(companyIds, from, to))
