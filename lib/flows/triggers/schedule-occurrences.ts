// When a flow schedule runs (seed 002 §7.7), for the flows scheduler (./scheduled-trigger.ts):
// once, daily, weekly (chosen weekdays) or monthly, at the local wall time of its start in its
// time zone (so DST does not move it), until endAt. The scheduler reads dueSchedules(now) and
// calls markScheduleRan(id, dueAt) after entering the profiles, which moves nextRunAt on
// (compare-and-set, so two schedulers never both advance it). The /ajax API that edits
// schedules (lib/flows/ajax/other-schedules.ts) sets nextRunAt with firstRun.
import { db } from '@/lib/db/client'
import type { FlowSchedule } from '@/generated/prisma/client'
import { FLOW_STATUS } from '@/lib/flows/store'
import { addDays, civilOf, localParts, weekday, zonedToUtc, type CivilDate } from '@/lib/metrics/zoned-time'

export type ScheduleShape = Pick<FlowSchedule, 'frequency' | 'startAt' | 'timezone' | 'weekdays' | 'endAt'>

export const weekdaysOf = (s: ScheduleShape): number[] => (s.weekdays ? (JSON.parse(s.weekdays) as number[]) : [])

const daysInMonth = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate()

/** The first run strictly after `after` (or at/after the start for the first), null when there is none. */
export function nextOccurrence(s: ScheduleShape, after: Date | null): Date | null {
  const start = s.startAt.getTime()
  const endOk = (t: number) => (!s.endAt || t <= s.endAt.getTime() ? new Date(t) : null)
  if (after === null || after.getTime() < start) return endOk(start)
  if (s.frequency === 'once') return null
  const tz = s.timezone
  const at = localParts(tz, start)
  const local = (d: CivilDate) => zonedToUtc(tz, d, at.hour, at.minute) + at.second * 1000
  let day = civilOf(tz, after.getTime())
  if (s.frequency === 'monthly') {
    for (let i = 0; i < 24; i++) {
      const y = day.year + Math.floor((day.month - 1 + i) / 12)
      const m = ((day.month - 1 + i) % 12) + 1
      const t = local({ year: y, month: m, day: Math.min(at.day, daysInMonth(y, m)) })
      if (t > after.getTime()) return endOk(t)
    }
    return null
  }
  const days =
    s.frequency === 'weekly'
      ? weekdaysOf(s).length
        ? weekdaysOf(s)
        : [weekday(civilOf(tz, start))]
      : [0, 1, 2, 3, 4, 5, 6]
  for (let i = 0; i < 15; i++, day = addDays(day, 1)) {
    if (!days.includes(weekday(day))) continue
    const t = local(day)
    if (t > after.getTime()) return endOk(t)
  }
  return null
}

/** The next run after the last one; a repeating schedule whose start has passed continues from now (no catch-up runs). */
export function firstRun(shape: ScheduleShape, lastRunAt: Date | null, now: Date): Date | null {
  const next = nextOccurrence(shape, lastRunAt)
  return next && next.getTime() < now.getTime() && shape.frequency !== 'once' ? nextOccurrence(shape, now) : next
}

export interface DueSchedule {
  id: string
  companyId: number
  flowId: string
  dueAt: Date
}

/** Enabled schedules of live flows due at or before `now` (oldest first), for the flows scheduler. */
export async function dueSchedules(now: Date, limit = 500): Promise<DueSchedule[]> {
  const rows = await db.flowSchedule.findMany({
    where: { enabled: true, nextRunAt: { lte: now } },
    orderBy: { nextRunAt: 'asc' },
    take: limit,
  })
  if (!rows.length) return []
  const live = new Set(
    (
      await db.flow.findMany({
        where: { id: { in: [...new Set(rows.map((r) => r.flowId))] }, status: FLOW_STATUS.live, archived: false },
        select: { id: true },
      })
    ).map((f) => f.id),
  )
  return rows
    .filter((r) => live.has(r.flowId))
    .map((r) => ({ id: r.id, companyId: r.companyId, flowId: r.flowId, dueAt: r.nextRunAt! }))
}

/** After the run of `dueAt`: lastRunAt = dueAt, nextRunAt = the next occurrence. False when another scheduler got there first. */
export async function markScheduleRan(id: string, dueAt: Date): Promise<boolean> {
  const s = await db.flowSchedule.findUnique({ where: { id } })
  if (!s || !s.nextRunAt || s.nextRunAt.getTime() !== dueAt.getTime()) return false
  const n = await db.flowSchedule.updateMany({
    where: { id, nextRunAt: dueAt },
    data: { lastRunAt: dueAt, nextRunAt: nextOccurrence(s, dueAt) },
  })
  return n.count === 1
}
