// The date trigger (a profile date property coming due): validation for the builder and the
// /ajax date-validate endpoint, the date arithmetic, and the scan that enters the profiles
// whose date matches. The scan of one flow runs at its local trigger_time (the trigger's time
// zone, the company's when unset; 'profile': each profile's own, the company's when the profile
// has none): on the local day D, with trigger_days allowing D, the target date is
// T = D + timedelta_value_before_date units (a date N days away triggers N days before it; a
// negative value triggers after it), and a profile enters when its date property matches T per
// recurrence_frequency (never: the same date; annually: month and day, 29 February on the 28th
// in other years; monthly: day of month, clamped to the month's last day; weekly: weekday).
// Entry key date:<property>:<T>, so a scan run again the same day (or by two workers) enters nobody twice.
import { sql } from 'kysely'
import { db } from '@/lib/db/client'
import { kysely } from '@/lib/db/kysely'
import { jsonHasKey } from '@/lib/db/dialect'
import { inWriteTx, read, select, type Ops } from '@/lib/db/ops'
import type { FieldErrors } from '@/lib/errors/app-error'
import { dateTrigger } from '@/lib/flows/definition'
import { prepareFlowJobs, wakeFlowWorkers } from '@/lib/flows/engine/enter-flow'
import { ENTERING_STATUSES, flowVersionDefinitionOps } from './flow-lookup'
import { enterFlowSetOps } from './group-trigger'

export const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const
const SCAN_PAGE = 2000

export interface DateTriggerConfig {
  property: string
  unit: 'days' | 'weeks' | 'months'
  value: number
  recurrence: 'annually' | 'monthly' | 'weekly' | 'never'
  timezone: string | null
  /** Minutes after local midnight. */
  time: number
  /** Allowed weekdays (0 Sunday … 6 Saturday), or null for every day. */
  days: number[] | null
}

/** "monday", "Mon", "1" (Monday) → 1; unknown → null. */
export function weekdayIndex(d: unknown): number | null {
  if (typeof d === 'number' && Number.isInteger(d) && d >= 0 && d <= 6) return d
  if (typeof d !== 'string') return null
  const s = d.trim().toLowerCase()
  if (/^[0-6]$/.test(s)) return Number(s)
  const i = WEEKDAYS.findIndex((w) => s.length >= 3 && w.startsWith(s))
  return i >= 0 ? i : null
}

/** "09:00", "9:30", "09:00:00" → minutes after midnight; otherwise null. */
export function parseTriggerTime(t: unknown): number | null {
  if (typeof t !== 'string') return null
  const m = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(t.trim())
  if (!m) return null
  const h = Number(m[1]),
    min = Number(m[2])
  return h <= 23 && min <= 59 ? h * 60 + min : null
}

export type DateTriggerValidation =
  { ok: true; config: DateTriggerConfig } | { ok: false; errors: FieldErrors; message: string }

/**
 * Checks a date trigger (the vendor's FlowDefinition date trigger: date_profile_property,
 * timedelta_unit_before_date, timedelta_value_before_date, recurrence_frequency, timezone,
 * trigger_time, trigger_days). Pure: POST /ajax/flow/{id}/trigger/date-validate calls it.
 */
export function validateDateTrigger(trigger: unknown): DateTriggerValidation {
  const errors: FieldErrors = {}
  const add = (k: string, m: string) => (errors[k] ??= []).push(m)
  const parsed = dateTrigger.safeParse(trigger)
  if (!parsed.success) {
    for (const i of parsed.error.issues) add(i.path.join('.') || 'trigger', i.message)
    return { ok: false, errors, message: 'The date trigger is not valid.' }
  }
  const t = parsed.data as Record<string, unknown>
  if (t.date_field_type !== 'profile-property')
    add('date_field_type', 'Only profile date properties can trigger flows here.')
  const time = parseTriggerTime(t.trigger_time)
  if (time === null) add('trigger_time', 'Use a time of day as HH:MM (00:00 to 23:59).')
  const value = Number(t.timedelta_value_before_date)
  const unit = (t.timedelta_unit_before_date as DateTriggerConfig['unit'] | undefined) ?? 'days'
  const limit = unit === 'days' ? 366 : unit === 'weeks' ? 52 : 12
  if (!Number.isInteger(value) || Math.abs(value) > limit)
    add('timedelta_value_before_date', `At most ${limit} ${unit} before or after the date.`)
  let days: number[] | null = null
  if (Array.isArray(t.trigger_days)) {
    days = []
    for (const d of t.trigger_days) {
      const i = weekdayIndex(d)
      if (i === null) add('trigger_days', `Unknown weekday: ${String(d)}.`)
      else if (!days.includes(i)) days.push(i)
    }
    if (!t.trigger_days.length) add('trigger_days', 'Choose at least one day, or allow every day.')
  }
  const recurrence = (t.recurrence_frequency as DateTriggerConfig['recurrence'] | undefined) ?? 'annually'
  if (recurrence === 'weekly' && unit !== 'days')
    add('timedelta_unit_before_date', 'A weekly date counts in days (at most 6).')
  if (recurrence === 'weekly' && Math.abs(value) > 6)
    add('timedelta_value_before_date', 'A weekly date counts at most 6 days before or after.')
  if (recurrence === 'monthly' && unit === 'months' && value !== 0)
    add('timedelta_unit_before_date', 'A monthly date counts in days or weeks.')
  if (Object.keys(errors).length) return { ok: false, errors, message: Object.values(errors)[0]![0]! }
  return {
    ok: true,
    config: {
      property: String(t.date_profile_property),
      unit,
      value,
      recurrence,
      timezone: typeof t.timezone === 'string' && t.timezone ? t.timezone : null,
      time: time!,
      days: days && days.length ? days.sort() : null,
    },
  }
}

// ---- date arithmetic (calendar dates as y, m (1–12), d; no time zone) ------------------------

export interface Ymd {
  y: number
  m: number
  d: number
}

const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0
export const daysInMonth = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate()
export const ymdText = (v: Ymd) =>
  `${String(v.y).padStart(4, '0')}-${String(v.m).padStart(2, '0')}-${String(v.d).padStart(2, '0')}`
const weekdayOf = (v: Ymd) => new Date(Date.UTC(v.y, v.m - 1, v.d)).getUTCDay()

export function addToDate(v: Ymd, n: number, unit: DateTriggerConfig['unit']): Ymd {
  if (unit === 'months') {
    const total = v.y * 12 + (v.m - 1) + n
    const y = Math.floor(total / 12),
      m = (total % 12) + 1
    return { y, m, d: Math.min(v.d, daysInMonth(y, m)) }
  }
  const t = new Date(Date.UTC(v.y, v.m - 1, v.d) + n * (unit === 'weeks' ? 7 : 1) * 86_400_000)
  return { y: t.getUTCFullYear(), m: t.getUTCMonth() + 1, d: t.getUTCDate() }
}

/** A profile property as a calendar date: "1990-05-17", an ISO date-time (its UTC date), epoch seconds or ms. */
export function parsePropertyDate(v: unknown): Ymd | null {
  if (typeof v === 'string') {
    // A written calendar date is taken as written ("1990-05-17", "1990-05-17T00:00:00Z").
    const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(v.trim())
    if (m) {
      const out = { y: Number(m[1]), m: Number(m[2]), d: Number(m[3]) }
      return out.m >= 1 && out.m <= 12 && out.d >= 1 && out.d <= daysInMonth(out.y, out.m) ? out : null
    }
    const t = Date.parse(v)
    if (Number.isNaN(t)) return null
    const dt = new Date(t)
    return { y: dt.getUTCFullYear(), m: dt.getUTCMonth() + 1, d: dt.getUTCDate() }
  }
  if (typeof v === 'number' && Number.isFinite(v)) {
    const dt = new Date(v < 1e11 ? v * 1000 : v)
    return { y: dt.getUTCFullYear(), m: dt.getUTCMonth() + 1, d: dt.getUTCDate() }
  }
  return null
}

/** Does date `p` fall on target `t` under the recurrence? */
export function dateMatches(p: Ymd, t: Ymd, recurrence: DateTriggerConfig['recurrence']): boolean {
  switch (recurrence) {
    case 'never':
      return p.y === t.y && p.m === t.m && p.d === t.d
    case 'annually':
      if (p.y > t.y) return false
      if (p.m === t.m && p.d === t.d) return true
      return p.m === 2 && p.d === 29 && t.m === 2 && t.d === 28 && !isLeap(t.y)
    case 'monthly': {
      if (p.y > t.y || (p.y === t.y && p.m > t.m)) return false
      const last = daysInMonth(t.y, t.m)
      return p.d === t.d || (p.d > last && t.d === last)
    }
    case 'weekly':
      return weekdayOf(p) === weekdayOf(t) && (p.y < t.y || (p.y === t.y && (p.m < t.m || (p.m === t.m && p.d <= t.d))))
  }
}

/** The local calendar date, minutes after midnight and weekday of `now` in time zone `tz`. */
export function localParts(now: Date, tz: string): { date: Ymd; minutes: number; weekday: number } {
  let zone = tz
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone })
  } catch {
    zone = 'UTC'
  }
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(now)
      .map((p) => [p.type, p.value]),
  )
  const date = { y: Number(parts.year), m: Number(parts.month), d: Number(parts.day) }
  return { date, minutes: Number(parts.hour) * 60 + Number(parts.minute), weekday: weekdayOf(date) }
}

/** The target date for local day `today`, or null when the trigger does not fire that day (trigger_days). */
export function targetDate(config: DateTriggerConfig, today: Ymd): Ymd | null {
  if (config.days && !config.days.includes(weekdayOf(today))) return null
  return addToDate(today, config.value, config.unit)
}

/** The next instant (after `after`) when local time in `tz` reaches `minutes` after midnight. */
export function nextLocalTime(after: Date, tz: string, minutes: number): Date {
  // Walk forward in 15-minute steps to the first instant whose local clock is at or past the
  // time on a new local day (handles DST and zones with 30/45-minute offsets).
  const start = localParts(after, tz)
  let t = new Date(Math.ceil(after.getTime() / 900_000) * 900_000)
  for (let i = 0; i < 4 * 24 * 3; i++, t = new Date(t.getTime() + 900_000)) {
    const p = localParts(t, tz)
    const sameDay = p.date.y === start.date.y && p.date.m === start.date.m && p.date.d === start.date.d
    if (p.minutes >= minutes && (!sameDay || start.minutes < minutes) && t > after) return t
  }
  return new Date(after.getTime() + 86_400_000)
}

// ---- the scan -------------------------------------------------------------------------------

function propertyOf(props: Record<string, unknown>, property: string): unknown {
  if (property in props) return props[property]
  if (property.startsWith('$') && property.slice(1) in props) return props[property.slice(1)]
  if (!property.startsWith('$') && `$${property}` in props) return props[`$${property}`]
  return undefined
}

/**
 * Scans one flow's date trigger at `now`: enters the profiles whose date matches today's target
 * (in the trigger's zone, or each profile's own). Nothing happens before the local trigger_time.
 * Returns the runs created.
 */
export async function scanDateTriggerFlow(companyId: number, flowId: string, now: Date): Promise<number> {
  const flow = await db.flow.findFirst({
    where: { companyId, id: flowId, archived: false, status: { in: ENTERING_STATUSES } },
  })
  if (!flow) return 0
  const def = await read(flowVersionDefinitionOps(companyId, flowId, flow.currentVersion))
  const trig = def?.triggers.find((t) => t.type === 'date')
  const v = trig ? validateDateTrigger(trig) : null
  if (!v?.ok) return 0
  const config = v.config
  const company = await db.company.findFirst({ where: { id: companyId }, select: { timezone: true } })
  const companyTz = company?.timezone || 'UTC'
  const perProfile = config.timezone === 'profile'
  const fixed = perProfile ? null : localParts(now, config.timezone ?? companyTz)
  if (fixed && fixed.minutes < config.time) return 0
  const fixedTarget = fixed ? targetDate(config, fixed.date) : null
  if (fixed && !fixedTarget) return 0
  await prepareFlowJobs()
  const zoneCache = new Map<string, Ymd | null>()
  const targetIn = (tz: string): Ymd | null => {
    if (!zoneCache.has(tz)) {
      const p = localParts(now, tz)
      zoneCache.set(tz, p.minutes < config.time ? null : targetDate(config, p.date))
    }
    return zoneCache.get(tz)!
  }
  const keys = config.property.startsWith('$')
    ? [config.property, config.property.slice(1)]
    : [config.property, `$${config.property}`]
  let cursor = ''
  let entered = 0
  for (;;) {
    const rows = await read(
      select(
        kysely()
          .selectFrom('Profile')
          .select(['id', 'properties', 'timezone'])
          .where('companyId', '=', companyId)
          .where('id', '>', cursor)
          .where((eb) => eb.or(keys.map((k) => jsonHasKey(sql.ref('properties'), k))))
          .orderBy('id')
          .limit(SCAN_PAGE),
      ),
    )
    if (!rows.length) break
    cursor = rows.at(-1)!.id
    const byTarget = new Map<string, string[]>()
    for (const r of rows) {
      let props: Record<string, unknown> = {}
      try {
        props = JSON.parse(r.properties) as Record<string, unknown>
      } catch {
        continue
      }
      const date = parsePropertyDate(propertyOf(props, config.property))
      const target = perProfile ? targetIn(r.timezone || companyTz) : fixedTarget
      if (!date || !target || !dateMatches(date, target, config.recurrence)) continue
      const key = ymdText(target)
      const list = byTarget.get(key) ?? []
      list.push(r.id)
      byTarget.set(key, list)
    }
    if (byTarget.size) {
      entered += await inWriteTx(function* (): Ops<number> {
        let n = 0
        for (const [t, ids] of byTarget) {
          n += yield* enterFlowSetOps({
            companyId,
            flow: { flowId, version: flow.currentVersion },
            profileIds: ids,
            entryKey: `date:${config.property}:${t}`,
            triggerKind: 'date',
            at: now,
          })
        }
        return n
      })
    }
    if (rows.length < SCAN_PAGE) break
  }
  if (entered) wakeFlowWorkers()
  return entered
}

/** Live and manual date-triggered flows (all companies, or one). */
export async function dateTriggeredFlows(companyId?: number): Promise<Array<{ id: string; companyId: number }>> {
  return db.flow.findMany({
    where: {
      ...(companyId ? { companyId } : {}),
      archived: false,
      status: { in: ENTERING_STATUSES },
      triggerType: 'Date Based',
    },
    select: { id: true, companyId: true },
    orderBy: { id: 'asc' },
  })
}

/** When the flow's next scan is due after `after` (its local trigger_time), or null when it has no valid date trigger. */
export async function nextDateScanAt(companyId: number, flowId: string, after: Date): Promise<Date | null> {
  const flow = await db.flow.findFirst({ where: { companyId, id: flowId } })
  if (!flow) return null
  const def = await read(flowVersionDefinitionOps(companyId, flowId, flow.currentVersion))
  const trig = def?.triggers.find((t) => t.type === 'date')
  const v = trig ? validateDateTrigger(trig) : null
  if (!v?.ok) return null
  if (v.config.timezone === 'profile') {
    // Profiles' zones differ: scan at every quarter hour (each profile enters once its local time has come).
    return new Date(Math.floor(after.getTime() / 900_000) * 900_000 + 900_000)
  }
  const company = await db.company.findFirst({ where: { id: companyId }, select: { timezone: true } })
  return nextLocalTime(after, v.config.timezone ?? company?.timezone ?? 'UTC', v.config.time)
}
