// The date trigger of the trigger panel (seed 002 §3.2 date trigger fields) and its server-side
// check (POST /ajax/flow/{id}/trigger/date-validate): the panel's fields as zod, their mapping to
// the vendor's date trigger (timedelta_*_before_date, recurrence_frequency, trigger_time,
// trigger_days), and the next three dates it would fire for a sample date.
import { z } from 'zod'
import {
  addDays,
  formatZonedIso,
  isValidTimeZone,
  localParts,
  parseCivil,
  zonedToUtc,
  type CivilDate,
} from '@/lib/metrics/zoned-time'
import { validateDateTrigger } from '@/lib/flows/triggers/date-trigger'

const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const
/** Delay units of seed 002 §3.3: 0 week, 1 month, 2 day. */
const UNITS: Record<string, 'weeks' | 'months' | 'days'> = {
  0: 'weeks',
  1: 'months',
  2: 'days',
  week: 'weeks',
  weeks: 'weeks',
  month: 'months',
  months: 'months',
  day: 'days',
  days: 'days',
}
/** Recurrence of seed 002 §3.3: 0 month, 1 annual, 2 never, 3 week. */
const REPEATS: Record<string, 'monthly' | 'annually' | 'never' | 'weekly'> = {
  0: 'monthly',
  1: 'annually',
  2: 'never',
  3: 'weekly',
  monthly: 'monthly',
  month: 'monthly',
  annual: 'annually',
  annually: 'annually',
  yearly: 'annually',
  never: 'never',
  weekly: 'weekly',
  week: 'weekly',
}
const FIELD_TYPES: Record<string, 'profile-property' | 'custom-object'> = {
  'profile-property': 'profile-property',
  profile_property: 'profile-property',
  profile: 'profile-property',
  'custom-object': 'custom-object',
  custom_object: 'custom-object',
}

const lookup = <T>(map: Record<string, T>, message: string) =>
  z.union([z.number(), z.string()]).transform((v, ctx): T => {
    const out = map[String(v).toLowerCase()]
    if (out === undefined) ctx.addIssue({ code: 'custom', message })
    return out as T
  })

/** The panel's date trigger fields (keys as the /ajax wrapper camelizes them). */
export const dateTriggerInput = z
  .object({
    /** before, after or on the date. */
    triggerType: z.enum(['before', 'after', 'on'], { message: 'Use before, after or on.' }).default('on'),
    customerProperty: z.string().trim().min(1, 'Choose the profile property that holds the date.').max(255),
    sendTime: z
      .string()
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use a time of day as HH:MM.')
      .default('09:00'),
    timezone: z
      .string()
      .min(1)
      .max(64)
      .refine((tz) => tz === 'profile' || isValidTimeZone(tz), 'Unknown time zone.')
      .default('profile'),
    dateFieldType: lookup(FIELD_TYPES, 'Use profile-property.').default('profile-property'),
    customObjectLabel: z.string().max(255).nullable().optional(),
    beforeTime: z.coerce.number().int('Use a whole number.').min(0, 'Use 0 or more.').max(3650).default(0),
    beforeUnit: lookup(UNITS, 'Use 0 (weeks), 1 (months) or 2 (days).').default('days'),
    repeatType: lookup(REPEATS, 'Use 0 (monthly), 1 (annual), 2 (never) or 3 (weekly).').default('annually'),
    allowedDays: z.array(z.enum(WEEKDAYS, { message: 'Use weekday names (monday … sunday).' })).optional(),
    useDayRestrictions: z.boolean().default(false),
  })
  .superRefine((v, ctx) => {
    if (v.dateFieldType === 'custom-object')
      ctx.addIssue({
        code: 'custom',
        path: ['dateFieldType'],
        message: 'Custom object dates are not available; use a profile property.',
      })
    if (v.useDayRestrictions && !v.allowedDays?.length)
      ctx.addIssue({
        code: 'custom',
        path: ['allowedDays'],
        message: 'Choose at least one day when the days are restricted.',
      })
    if (v.triggerType !== 'on' && v.beforeTime === 0)
      ctx.addIssue({
        code: 'custom',
        path: ['beforeTime'],
        message: `Use 1 or more for "${v.triggerType}", or choose "on".`,
      })
  })
export type DateTriggerInput = z.infer<typeof dateTriggerInput>

/** The vendor's profile-property date trigger for the panel's fields. */
export function toVendorDateTrigger(v: DateTriggerInput) {
  const n = v.triggerType === 'on' ? 0 : v.triggerType === 'before' ? v.beforeTime : -v.beforeTime
  return {
    type: 'date' as const,
    date_field_type: 'profile-property' as const,
    date_profile_property: v.customerProperty,
    timedelta_value_before_date: n,
    timedelta_unit_before_date: v.beforeUnit,
    recurrence_frequency: v.repeatType,
    timezone: v.timezone,
    trigger_time: v.sendTime,
    trigger_days: v.useDayRestrictions ? WEEKDAYS.filter((d) => v.allowedDays!.includes(d)) : null,
  }
}
export type VendorDateTrigger = ReturnType<typeof toVendorDateTrigger>

const weekdayOf = (d: CivilDate) => new Date(Date.UTC(d.year, d.month - 1, d.day)).getUTCDay()
const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate()
/** Whole months later, the day clamped to the month's length (31 January + 1 month = 28/29 February). */
function shiftMonths(d: CivilDate, n: number, day = d.day): CivilDate {
  const index = d.year * 12 + (d.month - 1) + n
  const year = Math.floor(index / 12)
  const month = index - year * 12 + 1
  return { year, month, day: Math.min(day, daysIn(year, month)) }
}

function offsetDate(d: CivilDate, value: number, unit: 'weeks' | 'months' | 'days'): CivilDate {
  if (unit === 'days') return addDays(d, -value)
  if (unit === 'weeks') return addDays(d, -7 * value)
  return shiftMonths(d, -value)
}

/**
 * The next `count` instants the trigger fires for a profile whose date is `sample`, from `now`:
 * each recurrence of the date, moved by the before/after offset, at the send time in the
 * trigger's zone (a profile's own zone is shown in `fallbackZone`); with restricted days, a day
 * that is not allowed is skipped, as the date scan does (lib/flows/triggers/date-trigger.ts).
 */
export function nextTriggerDates(
  t: VendorDateTrigger,
  sample: CivilDate,
  now: Date,
  fallbackZone: string,
  count = 3,
): string[] {
  const zone = t.timezone === 'profile' ? fallbackZone : t.timezone
  const [hour, minute] = t.trigger_time.split(':').map(Number) as [number, number]
  const allowed = t.trigger_days
    ? new Set(t.trigger_days.map((d) => WEEKDAYS.indexOf(d as (typeof WEEKDAYS)[number])))
    : null
  const out: string[] = []
  const nowMs = now.getTime()
  // Start a little before now so an occurrence whose offset pulls it back is not missed.
  const startYear = localParts(zone, nowMs).year - 1
  for (let k = 0; out.length < count && k < 800; k++) {
    let occurrence: CivilDate
    if (t.recurrence_frequency === 'never') {
      if (k > 0) break
      occurrence = sample
    } else if (t.recurrence_frequency === 'annually') {
      occurrence = shiftMonths({ year: startYear + k, month: sample.month, day: 1 }, 0, sample.day)
    } else if (t.recurrence_frequency === 'monthly') {
      occurrence = shiftMonths({ year: startYear, month: 1, day: 1 }, k, sample.day)
    } else {
      const jan1 = { year: startYear, month: 1, day: 1 }
      occurrence = addDays(jan1, ((weekdayOf(sample) - weekdayOf(jan1) + 7) % 7) + 7 * k)
    }
    const day = offsetDate(occurrence, t.timedelta_value_before_date, t.timedelta_unit_before_date)
    if (allowed && !allowed.has(weekdayOf(day))) continue
    const at = zonedToUtc(zone, day, hour, minute)
    if (at >= nowMs) {
      const iso = formatZonedIso(zone, at)
      if (!out.includes(iso)) out.push(iso)
    }
  }
  return out
}

/** The date scan's own rules (lib/flows/triggers/date-trigger.ts), errors under the panel's field names. */
const PANEL_FIELD: Record<string, string> = {
  date_profile_property: 'customerProperty',
  trigger_time: 'sendTime',
  timedelta_value_before_date: 'beforeTime',
  timedelta_unit_before_date: 'beforeUnit',
  recurrence_frequency: 'repeatType',
  trigger_days: 'allowedDays',
  timezone: 'timezone',
  date_field_type: 'dateFieldType',
}
export function scanRuleErrors(t: VendorDateTrigger): Record<string, string[]> {
  const r = validateDateTrigger(t)
  if (r.ok) return {}
  const out: Record<string, string[]> = {}
  for (const [k, v] of Object.entries(r.errors)) (out[PANEL_FIELD[k] ?? k] ??= []).push(...v)
  return out
}

export const dateValidateExtras = z.object({
  /** A profile's date to show the next trigger dates for (YYYY-MM-DD); default today. */
  sampleDate: z
    .string()
    .refine((s) => parseCivil(s) != null, 'Use a date as YYYY-MM-DD.')
    .optional(),
})

/** { valid, errors, nextDates } for the panel's date trigger fields. */
export function validateDateTriggerInput(
  body: unknown,
  now: Date,
  companyZone: string,
): { valid: boolean; errors: Record<string, string[]>; nextDates: string[]; trigger: VendorDateTrigger | null } {
  const errors: Record<string, string[]> = {}
  const extras = dateValidateExtras.safeParse(body)
  const r = dateTriggerInput.safeParse(body)
  for (const res of [r, extras]) {
    if (!res.success)
      for (const i of res.error.issues) (errors[i.path.map(String).join('.') || '_'] ??= []).push(i.message)
  }
  if (!r.success || !extras.success) return { valid: false, errors, nextDates: [], trigger: null }
  const trigger = toVendorDateTrigger(r.data)
  const rules = scanRuleErrors(trigger)
  if (Object.keys(rules).length) return { valid: false, errors: rules, nextDates: [], trigger: null }
  const zone = trigger.timezone === 'profile' ? companyZone : trigger.timezone
  const today = localParts(zone, now.getTime())
  const sample = extras.data.sampleDate
    ? parseCivil(extras.data.sampleDate)!
    : { year: today.year, month: today.month, day: today.day }
  return { valid: true, errors, nextDates: nextTriggerDates(trigger, sample, now, companyZone), trigger }
}
