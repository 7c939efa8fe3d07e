// The publish schedule (seed 002 §3.4): publishAt / unpublishAt entered as a date, a time and an
// IANA zone, stored as UTC instants. A scheduled form has its chosen version marked live and the
// status "scheduled"; the onsite payload serves it only inside the window, and
// applyFormSchedules flips the status at each instant.
import { z } from 'zod'
import { db } from '@/lib/db/client'
import { badRequest } from '@/lib/errors/app-error'
import { zonedToUtc } from '@/lib/metrics/zoned-time'
import { invalidateLiveForms } from '../live-forms-cache'
import { getForm } from './get-form'
import { makeVersionLive, pickVersion } from './publish-form'
import { bookFormSchedules } from './schedule-jobs'
import type { FormDetail } from './types'

function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz })
    return true
  } catch {
    return false
  }
}

export const scheduleMomentInput = z
  .object({
    date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'A date as YYYY-MM-DD.'),
    time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'A time as HH:MM (24 hours).'),
    timezone: z.string().min(1).max(64).refine(isTimeZone, 'Unknown time zone.'),
  })
  .strict()
export const scheduleInput = z
  .object({
    versionId: z.number().int().positive().optional(),
    publishAt: scheduleMomentInput.nullable(),
    unpublishAt: scheduleMomentInput.nullable(),
  })
  .strict()
export type ScheduleInput = z.infer<typeof scheduleInput>

export function momentToUtc(m: z.infer<typeof scheduleMomentInput>, field: string): Date {
  const [y, mo, d] = m.date.split('-').map(Number) as [number, number, number]
  const [h, mi] = m.time.split(':').map(Number) as [number, number]
  const probe = new Date(Date.UTC(y, mo - 1, d))
  if (probe.getUTCMonth() !== mo - 1 || probe.getUTCDate() !== d)
    throw badRequest('Not a calendar date.', { [`${field}.date`]: ['Not a calendar date.'] })
  return new Date(zonedToUtc(m.timezone, { year: y, month: mo, day: d }, h, mi))
}

export async function scheduleForm(
  companyId: number,
  formId: string,
  input: ScheduleInput,
  now = new Date(),
): Promise<FormDetail> {
  const { form, version } = await pickVersion(companyId, formId, input.versionId)
  if (!input.publishAt && !input.unpublishAt) {
    // Clearing: a form waiting to go live goes back to draft; a live one stays live, open-ended.
    await db.$transaction(async (tx) => {
      if (form.status === 'scheduled')
        await tx.formVersion.updateMany({ where: { formId, companyId }, data: { status: 'draft' } })
      await tx.form.updateMany({
        where: { id: formId, companyId },
        data: {
          publishAt: null,
          unpublishAt: null,
          scheduleTimeZone: null,
          ...(form.status === 'scheduled' ? { status: 'draft' } : {}),
        },
      })
    })
    invalidateLiveForms(companyId)
    return getForm(companyId, formId)
  }
  const zones = [input.publishAt?.timezone, input.unpublishAt?.timezone].filter(Boolean)
  if (new Set(zones).size > 1)
    throw badRequest('Both times use one time zone.', {
      'unpublishAt.timezone': ['Use the same time zone as publishAt.'],
    })
  const publishAt = input.publishAt ? momentToUtc(input.publishAt, 'publishAt') : null
  const unpublishAt = input.unpublishAt ? momentToUtc(input.unpublishAt, 'unpublishAt') : null
  if (publishAt && publishAt <= now)
    throw badRequest('The publish time has passed.', { publishAt: ['Choose a time in the future.'] })
  if (unpublishAt && unpublishAt <= now)
    throw badRequest('The unpublish time has passed.', { unpublishAt: ['Choose a time in the future.'] })
  if (publishAt && unpublishAt && unpublishAt <= publishAt)
    throw badRequest('Unpublish comes after publish.', { unpublishAt: ['Choose a time after the publish time.'] })
  if (!publishAt && form.status !== 'live')
    throw badRequest('A form that is not live needs a publish time.', {
      publishAt: ['Choose when the form goes live.'],
    })
  const timezone = (input.publishAt ?? input.unpublishAt)!.timezone
  await db.$transaction(async (tx) => {
    if (publishAt) await makeVersionLive(tx, companyId, formId, version.id, version.definition)
    await tx.form.updateMany({
      where: { id: formId, companyId },
      data: { publishAt, unpublishAt, scheduleTimeZone: timezone, ...(publishAt ? { status: 'scheduled' } : {}) },
    })
  })
  invalidateLiveForms(companyId)
  await bookFormSchedules([publishAt, unpublishAt])
  return getForm(companyId, formId)
}
