// Flow schedules (seed 002 §7.7): when a flow with a scheduled trigger runs. One FlowSchedule row
// per schedule: once, daily, weekly (chosen weekdays) or monthly, at the local wall time of its
// start in its time zone (so DST does not move it), until endAt. The flows scheduler
// (lib/flows/triggers) reads dueSchedules(now) and calls markScheduleRan(id, dueAt) after entering
// the profiles, which moves nextRunAt on (compare-and-set, so two schedulers never both advance it).
import { z } from 'zod'
import { db } from '@/lib/db/client'
import type { FlowSchedule } from '@/generated/prisma/client'
import { ulid } from '@/lib/ids/make-id'
import { badRequest, notFound } from '@/lib/errors/app-error'
import { FLOW_STATUS } from '@/lib/flows/store'
import { addDays, civilOf, isValidTimeZone, localParts, weekday, zonedToUtc, type CivilDate } from '@/lib/metrics/zoned-time'

export const FREQUENCIES = ['once', 'daily', 'weekly', 'monthly'] as const
export const MAX_SCHEDULES_PER_FLOW = 50

const isoDate = z.string().min(1).max(40).refine((s) => /^\d{4}-\d{2}-\d{2}T/.test(s) && !Number.isNaN(Date.parse(s)), 'Enter an ISO date-time, e.g. 2026-12-01T09:00:00Z.')
const fields = {
  frequency: z.enum(FREQUENCIES, 'frequency must be once, daily, weekly or monthly.'),
  startAt: isoDate,
  timezone: z.string().max(64).refine(isValidTimeZone, 'Unknown time zone.'),
  weekdays: z.array(z.number().int().min(0).max(6)).max(7).nullable(),
  endAt: isoDate.nullable(),
  enabled: z.boolean(),
}
export const createScheduleBody = z.object({
  frequency: fields.frequency.default('once'), startAt: fields.startAt, timezone: fields.timezone.default('UTC'),
  weekdays: fields.weekdays.optional(), endAt: fields.endAt.optional(), enabled: fields.enabled.default(true),
})
export const patchScheduleBody = z.object({
  frequency: fields.frequency.optional(), startAt: fields.startAt.optional(), timezone: fields.timezone.optional(),
  weekdays: fields.weekdays.optional(), endAt: fields.endAt.optional(), enabled: fields.enabled.optional(),
}).refine((b) => Object.values(b).some((v) => v !== undefined), { message: 'Send at least one field to change.' })

type Shape = Pick<FlowSchedule, 'frequency' | 'startAt' | 'timezone' | 'weekdays' | 'endAt'>

const weekdaysOf = (s: Shape): number[] => (s.weekdays ? (JSON.parse(s.weekdays) as number[]) : [])

const daysInMonth = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate()

/** The first run strictly after `after` (or at/after the start for the first), null when there is none. */
export function nextOccurrence(s: Shape, after: Date | null): Date | null {
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
  const days = s.frequency === 'weekly' ? (weekdaysOf(s).length ? weekdaysOf(s) : [weekday(civilOf(tz, start))]) : [0, 1, 2, 3, 4, 5, 6]
  for (let i = 0; i < 15; i++, day = addDays(day, 1)) {
    if (!days.includes(weekday(day))) continue
    const t = local(day)
    if (t > after.getTime()) return endOk(t)
  }
  return null
}

/** The next run after the last one; a repeating schedule whose start has passed continues from now (no catch-up runs). */
function firstRun(shape: Shape, lastRunAt: Date | null, now: Date): Date | null {
  const next = nextOccurrence(shape, lastRunAt)
  return next && next.getTime() < now.getTime() && shape.frequency !== 'once' ? nextOccurrence(shape, now) : next
}

export function scheduleView(s: FlowSchedule) {
  return {
    id: s.id, flowId: s.flowId, frequency: s.frequency, startAt: s.startAt.toISOString(), timezone: s.timezone, weekdays: weekdaysOf(s),
    endAt: s.endAt?.toISOString() ?? null, enabled: s.enabled, nextRunAt: s.nextRunAt?.toISOString() ?? null, lastRunAt: s.lastRunAt?.toISOString() ?? null,
  }
}

async function flowOrThrow(companyId: number, flowId: string) {
  const flow = await db.flow.findFirst({ where: { companyId, id: flowId }, select: { id: true } })
  if (!flow) throw notFound(`A flow with id ${flowId} was not found.`)
}

function check(s: Shape) {
  if (s.endAt && s.endAt.getTime() < s.startAt.getTime()) throw badRequest('The end is before the start.', { endAt: ['The end is before the start.'] })
  if (s.frequency === 'weekly' && s.weekdays && !weekdaysOf(s).length) throw badRequest('Choose at least one weekday.', { weekdays: ['Choose at least one weekday.'] })
}

export async function listSchedules(companyId: number, flowId: string) {
  await flowOrThrow(companyId, flowId)
  const rows = await db.flowSchedule.findMany({ where: { companyId, flowId }, orderBy: [{ startAt: 'asc' }, { id: 'asc' }] })
  return { schedules: rows.map(scheduleView) }
}

export async function createSchedule(companyId: number, flowId: string, body: z.infer<typeof createScheduleBody>, now = new Date()) {
  await flowOrThrow(companyId, flowId)
  if ((await db.flowSchedule.count({ where: { companyId, flowId } })) >= MAX_SCHEDULES_PER_FLOW) throw badRequest(`A flow has at most ${MAX_SCHEDULES_PER_FLOW} schedules.`)
  const shape: Shape = {
    frequency: body.frequency, startAt: new Date(body.startAt), timezone: body.timezone,
    weekdays: body.weekdays ? JSON.stringify([...new Set(body.weekdays)].sort()) : null, endAt: body.endAt ? new Date(body.endAt) : null,
  }
  check(shape)
  const nextRunAt = firstRun(shape, null, now)
  const row = await db.flowSchedule.create({ data: { id: ulid(), companyId, flowId, ...shape, enabled: body.enabled, nextRunAt } })
  return { schedule: scheduleView(row) }
}

export async function patchSchedule(companyId: number, flowId: string, id: string, body: z.infer<typeof patchScheduleBody>, now = new Date()) {
  const s = await db.flowSchedule.findFirst({ where: { companyId, flowId, id } })
  if (!s) throw notFound(`A schedule with id ${id} was not found.`)
  const shape: Shape = {
    frequency: body.frequency ?? s.frequency, startAt: body.startAt ? new Date(body.startAt) : s.startAt, timezone: body.timezone ?? s.timezone,
    weekdays: body.weekdays !== undefined ? (body.weekdays ? JSON.stringify([...new Set(body.weekdays)].sort()) : null) : s.weekdays,
    endAt: body.endAt !== undefined ? (body.endAt ? new Date(body.endAt) : null) : s.endAt,
  }
  check(shape)
  const nextRunAt = firstRun(shape, s.lastRunAt, now)
  const row = await db.flowSchedule.update({ where: { id: s.id }, data: { ...shape, ...(body.enabled !== undefined ? { enabled: body.enabled } : {}), nextRunAt } })
  return { schedule: scheduleView(row) }
}

export async function deleteSchedule(companyId: number, flowId: string, id: string) {
  const n = await db.flowSchedule.deleteMany({ where: { companyId, flowId, id } })
  if (!n.count) throw notFound(`A schedule with id ${id} was not found.`)
  return { deleted: id }
}

export async function deleteAllSchedules(companyId: number, flowId: string) {
  await flowOrThrow(companyId, flowId)
  const n = await db.flowSchedule.deleteMany({ where: { companyId, flowId } })
  return { deleted: n.count }
}

export interface DueSchedule { id: string; companyId: number; flowId: string; dueAt: Date }

/** Enabled schedules of live flows due at or before `now` (oldest first), for the flows scheduler. */
export async function dueSchedules(now: Date, limit = 500): Promise<DueSchedule[]> {
  const rows = await db.flowSchedule.findMany({ where: { enabled: true, nextRunAt: { lte: now } }, orderBy: { nextRunAt: 'asc' }, take: limit })
  if (!rows.length) return []
  const live = new Set((await db.flow.findMany({
    where: { id: { in: [...new Set(rows.map((r) => r.flowId))] }, status: FLOW_STATUS.live, archived: false }, select: { id: true },
  })).map((f) => f.id))
  return rows.filter((r) => live.has(r.flowId)).map((r) => ({ id: r.id, companyId: r.companyId, flowId: r.flowId, dueAt: r.nextRunAt! }))
}

/** After the run of `dueAt`: lastRunAt = dueAt, nextRunAt = the next occurrence. False when another scheduler got there first. */
export async function markScheduleRan(id: string, dueAt: Date): Promise<boolean> {
  const s = await db.flowSchedule.findUnique({ where: { id } })
  if (!s || !s.nextRunAt || s.nextRunAt.getTime() !== dueAt.getTime()) return false
  const n = await db.flowSchedule.updateMany({ where: { id, nextRunAt: dueAt }, data: { lastRunAt: dueAt, nextRunAt: nextOccurrence(s, dueAt) } })
  return n.count === 1
}
