// Counting sends over a period from the per-day rollup (issues 26 §4, 27 §6): the whole UTC days
// of the period whose rollup is current (SendRollupDay.rolledVersion = version: nothing in the
// day has moved since the job computed it) are read from SendDailyRollup, everything else — the
// partial days at the period's edges, the open days, days the job has not taken up or whose
// sends changed since — is left to the caller to count live from Send over `live`. Each instant
// of the period is in exactly one of the two, so nothing is counted twice or missed; before the
// job has run every day is live (slower, never wrong). Days are those of sendingAt, the instant
// a send was handed to the provider.
import { sql } from 'kysely'
import { kysely } from '@/lib/db/kysely'
import { select, type Ops } from '@/lib/db/ops'

export const DAY_MS = 86_400_000

/** The UTC day of an instant, YYYY-MM-DD. */
export const utcDay = (d: Date): string => d.toISOString().slice(0, 10)
export const dayStart = (day: string): Date => new Date(`${day}T00:00:00.000Z`)
export const nextDay = (day: string): string => utcDay(new Date(dayStart(day).getTime() + DAY_MS))

export interface Interval {
  from: Date
  to: Date
}

/** Whole days [from, to) read from the rollup. */
export interface DayRange {
  companyId: number
  from: string
  to: string
}

export interface PeriodSplit {
  rolled: DayRange[]
  /** Per company, the instants to count from Send. */
  live: Map<number, Interval[]>
}

export interface RolledCount {
  companyId: number
  channel: string
  status: string
  billed: number
  count: number
  units: number
}

export function* splitPeriodOps(companyIds: number[], from: Date, to: Date): Ops<PeriodSplit> {
  const live = new Map<number, Interval[]>(companyIds.map((id) => [id, []]))
  const rolled: DayRange[] = []
  if (!companyIds.length || from >= to) return { rolled, live }
  const firstWhole = dayStart(utcDay(from)).getTime() === from.getTime() ? utcDay(from) : nextDay(utcDay(from))
  const endWhole = utcDay(to)
  const current =
    firstWhole < endWhole
      ? yield* select(
          kysely()
            .selectFrom('SendRollupDay')
            .select(['companyId', 'day'])
            .where('companyId', 'in', companyIds)
            .where('day', '>=', firstWhole)
            .where('day', '<', endWhole)
            .whereRef('rolledVersion', '=', 'version')
            .orderBy('companyId')
            .orderBy('day'),
        )
      : []
  const days = new Map<number, string[]>()
  for (const r of current) days.set(r.companyId, [...(days.get(r.companyId) ?? []), r.day])
  for (const companyId of companyIds) {
    const out = live.get(companyId)!
    let cursor = from
    const addLive = (until: Date) => {
      if (until <= cursor) return
      const last = out[out.length - 1]
      if (last && last.to.getTime() === cursor.getTime()) last.to = until
      else out.push({ from: cursor, to: until })
    }
    for (const day of days.get(companyId) ?? []) {
      const start = dayStart(day)
      const prev = rolled[rolled.length - 1]
      if (prev && prev.companyId === companyId && prev.to === day) prev.to = nextDay(day)
      else rolled.push({ companyId, from: day, to: nextDay(day) })
      addLive(start)
      cursor = new Date(start.getTime() + DAY_MS)
    }
    addLive(to)
  }
  return { rolled, live }
}

/** The rollup's counts over the ranges, per company, channel, status and billed. */
export function* rolledCountsOps(
  ranges: DayRange[],
  statuses: readonly string[],
  channel?: string,
): Ops<RolledCount[]> {
  if (!ranges.length) return []
  let q = kysely()
    .selectFrom('SendDailyRollup')
    .select([
      'companyId',
      'channel',
      'status',
      'billed',
      sql<number>`sum("count")`.as('count'),
      sql<number>`sum("units")`.as('units'),
    ])
    .where((eb) =>
      eb.or(
        ranges.map((r) => eb.and([eb('companyId', '=', r.companyId), eb('day', '>=', r.from), eb('day', '<', r.to)])),
      ),
    )
    .where('status', 'in', [...statuses])
  if (channel) q = q.where('channel', '=', channel)
  const rows = yield* select(q.groupBy(['companyId', 'channel', 'status', 'billed']))
  return rows.map((r) => ({ ...r, billed: Number(r.billed), count: Number(r.count), units: Number(r.units) }))
}

/** The rollup's billed units per day over the ranges, for one channel (SMS: segments). */
export function* rolledUnitsByDayOps(
  ranges: DayRange[],
  statuses: readonly string[],
  channel: string,
): Ops<Array<{ day: string; units: number }>> {
  if (!ranges.length) return []
  const rows = yield* select(
    kysely()
      .selectFrom('SendDailyRollup')
      .select(['day', sql<number>`sum(${sql.ref(channel === 'sms' ? 'units' : 'count')})`.as('units')])
      .where((eb) =>
        eb.or(
          ranges.map((r) => eb.and([eb('companyId', '=', r.companyId), eb('day', '>=', r.from), eb('day', '<', r.to)])),
        ),
      )
      .where('status', 'in', [...statuses])
      .where('channel', '=', channel)
      .where('billed', '=', 1)
      .groupBy('day'),
  )
  return rows.map((r) => ({ day: r.day, units: Number(r.units) }))
}
