// Delay executors: time-delay (N units, then optionally the next allowed weekday and time of day
// in a zone, 'profile' meaning the profile's own), target-date and countdown-delay (a date from
// the profile or the triggering event; a date already past goes straight on), and
// back-in-stock-delay is the catalog's (lib/catalog/back-in-stock/delay.ts), registered at start-up.
import { selectFirst, type Ops } from '@/lib/db/ops'
import { kysely } from '@/lib/db/kysely'
import { companyZoneOps } from '../cache'
import type { ActionExecutor, StepContext, StepResult } from '../types'
import { nextOf } from '../types'
import {
  nextAllowed,
  parseDateValue,
  parseTimeOfDay,
  resolveZone,
  unitMs,
  weekdaySet,
  type ProfileZoneSource,
} from '../timing'

type Data = Record<string, unknown> | null | undefined

function* profileZoneOps(ctx: StepContext): Ops<ProfileZoneSource & { row: Record<string, unknown> | null }> {
  const row = yield* selectFirst(
    kysely()
      .selectFrom('Profile')
      .select(['timezone', 'properties', 'email', 'phoneNumber', 'firstName', 'lastName', 'createdAt'])
      .where('companyId', '=', ctx.companyId)
      .where('id', '=', ctx.profileId),
  )
  let properties: Record<string, unknown> = {}
  try {
    properties = row?.properties ? (JSON.parse(row.properties) as Record<string, unknown>) : {}
  } catch {
    /* not JSON: no properties */
  }
  return { timezone: row?.timezone ?? null, properties, row: (row as Record<string, unknown> | undefined) ?? null }
}

type ProfileZone = ProfileZoneSource & { row: Record<string, unknown> | null }

function* zoneOps(ctx: StepContext, zone: unknown): Ops<{ zone: string; profile: ProfileZone }> {
  const company = yield* companyZoneOps(ctx.companyId)
  const profile = yield* profileZoneOps(ctx)
  return { zone: resolveZone(typeof zone === 'string' ? zone : null, profile, company), profile }
}

const sleepOrGo = (ctx: StepContext, until: Date, detail: Record<string, unknown>): StepResult =>
  until.getTime() > ctx.now.getTime()
    ? { kind: 'sleep', until, next: nextOf(ctx.action), outcome: until.toISOString(), detail }
    : { kind: 'next', next: nextOf(ctx.action), outcome: 'past', detail }

export const timeDelayExecutor: ActionExecutor = function* (ctx) {
  const d = (ctx.action.data ?? {}) as Data & {
    unit?: string
    value?: number
    secondary_value?: number | null
    timezone?: string
    delay_until_time?: string | null
    delay_until_weekdays?: string[] | null
  }
  const value =
    Math.max(0, Number(d.value ?? 0)) + (d.unit === 'days' && d.secondary_value ? Number(d.secondary_value) / 24 : 0)
  let until = new Date(ctx.now.getTime() + value * unitMs(d.unit))
  const tod = parseTimeOfDay(d.delay_until_time)
  const days = weekdaySet(d.delay_until_weekdays)
  let zone: string | null = null
  if (tod != null || days) {
    zone = (yield* zoneOps(ctx, d.timezone)).zone
    until = nextAllowed(until, zone, tod, days)
  }
  return sleepOrGo(ctx, until, { zone, delay: { unit: d.unit ?? 'days', value: d.value ?? 0 } })
}

/** The date named by a target-date / countdown-delay: a profile property or a trigger event property. */
function dateSource(d: Record<string, unknown>): { from: 'profile' | 'event'; key: string } | null {
  const key = (d.date_profile_property ?? d.profile_property ?? d.property ?? d.date_property ?? d.event_property) as
    string | undefined
  if (!key) return null
  const from = d.event_property || d.date_field_type === 'event' || d.source === 'event' ? 'event' : 'profile'
  return { from, key: String(key) }
}

function* targetDateOps(ctx: StepContext, offsetMs: number): Ops<StepResult> {
  const d = (ctx.action.data ?? {}) as Record<string, unknown>
  const { zone, profile } = yield* zoneOps(ctx, d.timezone)
  const src = dateSource(d)
  let raw: unknown = null
  if (src?.from === 'event') raw = ctx.triggerEvent?.properties?.[src.key]
  else if (src) raw = profile.properties?.[src.key.replace(/^properties\[['"](.+)['"]\]$/, '$1')]
  else raw = ctx.triggerEvent?.properties?.$target_date ?? ctx.triggerEvent?.properties?.date ?? ctx.triggerEvent?.time
  const date = parseDateValue(raw, zone)
  if (!date)
    return {
      kind: 'next',
      next: nextOf(ctx.action),
      outcome: 'no_date',
      detail: { reason: 'No date to wait for: going on.', source: src },
    }
  let until = new Date(date.getTime() + offsetMs)
  const tod = parseTimeOfDay((d.target_time ?? d.delay_until_time) as string | null | undefined)
  const days = weekdaySet((d.target_days ?? d.delay_until_weekdays) as string[] | null | undefined)
  if (tod != null || days) until = nextAllowed(until, zone, tod, days)
  return sleepOrGo(ctx, until, { zone, date: date.toISOString(), source: src })
}

export const targetDateExecutor: ActionExecutor = function* (ctx) {
  return yield* targetDateOps(ctx, 0)
}

const COUNTDOWN_UNIT: Record<string, number> = { days: 86_400_000, weeks: 7 * 86_400_000, months: 30 * 86_400_000 }
/** countdown-delay: wait until N units BEFORE the date. */
export const countdownDelayExecutor: ActionExecutor = function* (ctx) {
  const d = (ctx.action.data ?? {}) as { unit?: string; value?: number }
  return yield* targetDateOps(
    ctx,
    -Math.max(0, Number(d.value ?? 0)) * (COUNTDOWN_UNIT[d.unit ?? 'days'] ?? COUNTDOWN_UNIT.days!),
  )
}
