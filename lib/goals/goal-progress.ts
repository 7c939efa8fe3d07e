// A goal's progress at a moment: the actual figure so far, the daily cumulative series for the
// chart, and a projection to the end of the period at the pace so far (linear: the figure per
// elapsed day carried over the remaining days; for a list, its growth since the start). On
// track when the projection reaches the target.
import { sql } from 'kysely'
import { db } from '@/lib/db/client'
import { kysely } from '@/lib/db/kysely'
import { read, select } from '@/lib/db/ops'
import { epochMs } from '@/lib/db/dialect'
import { DEFAULT_CONVERSION_METRIC } from '@/lib/attribution/settings'

const DAY = 86_400_000

export interface GoalRow {
  id: string
  companyId: number
  name: string
  kind: string
  target: number
  groupId: string | null
  startsAt: Date
  endsAt: Date
}

async function conversionMetricId(companyId: number): Promise<string | null> {
  const settings = await db.attributionSettings.findFirst({
    where: { companyId },
    select: { conversionMetricId: true },
  })
  if (settings?.conversionMetricId) return settings.conversionMetricId
  const m = await db.metric.findFirst({ where: { companyId, name: DEFAULT_CONVERSION_METRIC }, select: { id: true } })
  return m?.id ?? null
}

/** Per-day increments (day index since the epoch → amount) between from and to. */
async function dailyIncrements(g: GoalRow, from: Date, to: Date): Promise<Map<number, number>> {
  const out = new Map<number, number>()
  if (g.kind === 'revenue' || g.kind === 'orders') {
    const metricId = await conversionMetricId(g.companyId)
    if (!metricId) return out
    const day = sql<number>`(${sql.ref('ts')} / 86400)`
    const rows = await read(
      select(
        kysely()
          .selectFrom('Event')
          .select([
            day.as('d'),
            g.kind === 'revenue'
              ? sql<number>`coalesce(sum(${sql.ref('value')}), 0)`.as('v')
              : sql<number>`count(*)`.as('v'),
          ])
          .where('companyId', '=', g.companyId)
          .where('metricId', '=', metricId)
          .where('ts', '>=', Math.floor(from.getTime() / 1000))
          .where('ts', '<', Math.floor(to.getTime() / 1000))
          .groupBy(sql`1`),
      ),
    )
    for (const r of rows) out.set(Number(r.d), Number(r.v))
    return out
  }
  if (g.kind === 'attributed_revenue') {
    const day = sql<number>`(${sql.ref('ts')} / 86400)`
    const rows = await read(
      select(
        kysely()
          .selectFrom('EventAttribution')
          .select([day.as('d'), sql<number>`coalesce(sum(${sql.ref('value')}), 0)`.as('v')])
          .where('companyId', '=', g.companyId)
          .where('ts', '>=', Math.floor(from.getTime() / 1000))
          .where('ts', '<', Math.floor(to.getTime() / 1000))
          .groupBy(sql`1`),
      ),
    )
    for (const r of rows) out.set(Number(r.d), Number(r.v))
    return out
  }
  if (g.kind === 'subscribers') {
    const day = sql<number>`(${epochMs(sql.ref('consentedAt'))} / ${sql.lit(DAY)})`
    const rows = await read(
      select(
        kysely()
          .selectFrom('ProfileConsent')
          .select([day.as('d'), sql<number>`count(*)`.as('v')])
          .where('companyId', '=', g.companyId)
          .where('channel', '=', 'email')
          .where('status', '=', 'subscribed')
          .where('consentedAt', '>=', from)
          .where('consentedAt', '<', to)
          .groupBy(sql`1`),
      ),
    )
    for (const r of rows) out.set(Number(r.d), Number(r.v))
    return out
  }
  // list_size: joins minus leaves per day.
  const at = (col: 'enteredAt' | 'leftAt') => sql<number>`(${epochMs(sql.ref(col))} / ${sql.lit(DAY)})`
  for (const [col, sign] of [
    ['enteredAt', 1],
    ['leftAt', -1],
  ] as const) {
    const rows = await read(
      select(
        kysely()
          .selectFrom('GroupMembership')
          .select([at(col).as('d'), sql<number>`count(*)`.as('v')])
          .where('companyId', '=', g.companyId)
          .where('groupId', '=', g.groupId ?? '')
          .where(col, '>=', from)
          .where(col, '<', to)
          .groupBy(sql`1`),
      ),
    )
    for (const r of rows) out.set(Number(r.d), (out.get(Number(r.d)) ?? 0) + sign * Number(r.v))
  }
  return out
}

async function listSizeAt(g: GoalRow, t: Date): Promise<number> {
  return db.groupMembership.count({
    where: {
      companyId: g.companyId,
      groupId: g.groupId ?? '',
      enteredAt: { lt: t },
      OR: [{ leftAt: null }, { leftAt: { gte: t } }],
    },
  })
}

export async function goalProgress(g: GoalRow, now: Date) {
  const start = g.startsAt.getTime()
  const end = g.endsAt.getTime()
  const upTo = new Date(Math.min(Math.max(now.getTime(), start), end))
  const baseline = g.kind === 'list_size' ? await listSizeAt(g, g.startsAt) : 0
  const inc = await dailyIncrements(g, g.startsAt, upTo)
  const series: { date: string; value: number }[] = []
  let running = baseline
  for (let d = Math.floor(start / DAY); d * DAY < upTo.getTime(); d++) {
    running += inc.get(d) ?? 0
    series.push({ date: new Date(d * DAY).toISOString().slice(0, 10), value: Math.round(running * 100) / 100 })
  }
  const actual = Math.round(running * 100) / 100
  const elapsed = upTo.getTime() - start
  const total = end - start
  const gained = actual - baseline
  const projection = elapsed > 0 ? Math.round((baseline + (gained * total) / elapsed) * 100) / 100 : baseline
  const status = now.getTime() < start ? 'upcoming' : now.getTime() >= end ? 'ended' : 'active'
  return {
    actual,
    baseline: g.kind === 'list_size' ? baseline : null,
    target: g.target,
    progress: g.target ? actual / g.target : 0,
    elapsedShare: total ? elapsed / total : 1,
    projection: status === 'ended' ? actual : projection,
    onTrack: (status === 'ended' ? actual : projection) >= g.target,
    achieved: actual >= g.target,
    status,
    series,
  }
}
