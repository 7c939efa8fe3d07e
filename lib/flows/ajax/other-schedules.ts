// Flow schedules (seed 002 §7.7) as the /ajax API edits them: list, create, change, delete, with
// their input rules. When a schedule runs (its occurrences, the due schedules, moving it on) is
// the flow engine's: lib/flows/triggers/schedule-occurrences.ts.
import { z } from 'zod'
import { db } from '@/lib/db/client'
import type { FlowSchedule } from '@/generated/prisma/client'
import { ulid } from '@/lib/ids/make-id'
import { badRequest, notFound } from '@/lib/errors/app-error'
import { isValidTimeZone } from '@/lib/metrics/zoned-time'
import { firstRun, weekdaysOf, type ScheduleShape } from '@/lib/flows/triggers/schedule-occurrences'

export const FREQUENCIES = ['once', 'daily', 'weekly', 'monthly'] as const
export const MAX_SCHEDULES_PER_FLOW = 50

const isoDate = z
  .string()
  .min(1)
  .max(40)
  .refine(
    (s) => /^\d{4}-\d{2}-\d{2}T/.test(s) && !Number.isNaN(Date.parse(s)),
    'Enter an ISO date-time, e.g. 2026-12-01T09:00:00Z.',
  )
const fields = {
  frequency: z.enum(FREQUENCIES, 'frequency must be once, daily, weekly or monthly.'),
  startAt: isoDate,
  timezone: z.string().max(64).refine(isValidTimeZone, 'Unknown time zone.'),
  weekdays: z.array(z.number().int().min(0).max(6)).max(7).nullable(),
  endAt: isoDate.nullable(),
  enabled: z.boolean(),
}
export const createScheduleBody = z.object({
  frequency: fields.frequency.default('once'),
  startAt: fields.startAt,
  timezone: fields.timezone.default('UTC'),
  weekdays: fields.weekdays.optional(),
  endAt: fields.endAt.optional(),
  enabled: fields.enabled.default(true),
})
export const patchScheduleBody = z
  .object({
    frequency: fields.frequency.optional(),
    startAt: fields.startAt.optional(),
    timezone: fields.timezone.optional(),
    weekdays: fields.weekdays.optional(),
    endAt: fields.endAt.optional(),
    enabled: fields.enabled.optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: 'Send at least one field to change.' })

export function scheduleView(s: FlowSchedule) {
  return {
    id: s.id,
    flowId: s.flowId,
    frequency: s.frequency,
    startAt: s.startAt.toISOString(),
    timezone: s.timezone,
    weekdays: weekdaysOf(s),
    endAt: s.endAt?.toISOString() ?? null,
    enabled: s.enabled,
    nextRunAt: s.nextRunAt?.toISOString() ?? null,
    lastRunAt: s.lastRunAt?.toISOString() ?? null,
  }
}

async function flowOrThrow(companyId: number, flowId: string) {
  const flow = await db.flow.findFirst({ where: { companyId, id: flowId }, select: { id: true } })
  if (!flow) throw notFound(`A flow with id ${flowId} was not found.`)
}

function check(s: ScheduleShape) {
  if (s.endAt && s.endAt.getTime() < s.startAt.getTime())
    throw badRequest('The end is before the start.', { endAt: ['The end is before the start.'] })
  if (s.frequency === 'weekly' && s.weekdays && !weekdaysOf(s).length)
    throw badRequest('Choose at least one weekday.', { weekdays: ['Choose at least one weekday.'] })
}

export async function listSchedules(companyId: number, flowId: string) {
  await flowOrThrow(companyId, flowId)
  const rows = await db.flowSchedule.findMany({
    where: { companyId, flowId },
    orderBy: [{ startAt: 'asc' }, { id: 'asc' }],
  })
  return { schedules: rows.map(scheduleView) }
}

export async function createSchedule(
  companyId: number,
  flowId: string,
  body: z.infer<typeof createScheduleBody>,
  now = new Date(),
) {
  await flowOrThrow(companyId, flowId)
  if ((await db.flowSchedule.count({ where: { companyId, flowId } })) >= MAX_SCHEDULES_PER_FLOW)
    throw badRequest(`A flow has at most ${MAX_SCHEDULES_PER_FLOW} schedules.`)
  const shape: ScheduleShape = {
    frequency: body.frequency,
    startAt: new Date(body.startAt),
    timezone: body.timezone,
    weekdays: body.weekdays ? JSON.stringify([...new Set(body.weekdays)].sort()) : null,
    endAt: body.endAt ? new Date(body.endAt) : null,
  }
  check(shape)
  const nextRunAt = firstRun(shape, null, now)
  const row = await db.flowSchedule.create({
    data: { id: ulid(), companyId, flowId, ...shape, enabled: body.enabled, nextRunAt },
  })
  return { schedule: scheduleView(row) }
}

export async function patchSchedule(
  companyId: number,
  flowId: string,
  id: string,
  body: z.infer<typeof patchScheduleBody>,
  now = new Date(),
) {
  const s = await db.flowSchedule.findFirst({ where: { companyId, flowId, id } })
  if (!s) throw notFound(`A schedule with id ${id} was not found.`)
  const shape: ScheduleShape = {
    frequency: body.frequency ?? s.frequency,
    startAt: body.startAt ? new Date(body.startAt) : s.startAt,
    timezone: body.timezone ?? s.timezone,
    weekdays:
      body.weekdays !== undefined
        ? body.weekdays
          ? JSON.stringify([...new Set(body.weekdays)].sort())
          : null
        : s.weekdays,
    endAt: body.endAt !== undefined ? (body.endAt ? new Date(body.endAt) : null) : s.endAt,
  }
  check(shape)
  const nextRunAt = firstRun(shape, s.lastRunAt, now)
  const row = await db.flowSchedule.update({
    where: { id: s.id },
    data: { ...shape, ...(body.enabled !== undefined ? { enabled: body.enabled } : {}), nextRunAt },
  })
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
