// Validation of one event: a metric name, a profile with at least one identifier, at most
// 400 properties, strings up to 100 KB, an ISO 8601 time from 1990 to a year ahead (UTC when it
// has no offset) and a numeric value. fieldErrors
// use the vendor's attribute paths (metric.name, profile.email, properties.x, time, value).
import { z } from 'zod'
import { AppError, type FieldErrors } from '@/lib/errors/app-error'
import { addError, checkProperties, MAX_STRING_BYTES, parseProfileInput } from '@/lib/profiles/validate-profile'
import type { PatchProperties } from '@/lib/profiles/types'
import type { EventInput, QueuedEvent } from './types'

const metricInput = z.object({
  name: z.string().trim().min(1, 'A metric name is required.').max(255, 'At most 255 characters.'),
  service: z.string().max(255).optional(),
})

const IDENTIFIERS = ['id', 'email', 'phoneNumber', 'externalId', 'anonymousId'] as const

// RFC 3339 / ISO 8601: a date, optionally a time, optionally an offset.
const ISO_TIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?)?\s*([Zz]|[+-]\d{2}(?::?\d{2})?)?$/
const MIN_TIME_MS = Date.UTC(1990, 0, 1)

/** Milliseconds, or null when unparseable. A time without an offset is UTC, whatever the server's zone. */
function parseTimeMs(v: unknown): number | null {
  if (v instanceof Date) return v.getTime()
  if (typeof v === 'number') return v
  if (typeof v !== 'string') return null
  const m = ISO_TIME.exec(v.trim())
  if (!m) return null
  const [, y, mo, d, h = '00', mi = '00', sec = '00', frac = '', zone = 'Z'] = m
  // Date.parse rolls 2026-02-30 over into March: refuse impossible calendar dates.
  const day = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d)))
  if (day.getUTCFullYear() !== Number(y) || day.getUTCMonth() !== Number(mo) - 1 || day.getUTCDate() !== Number(d))
    return null
  const offset = /^[Zz]$/.test(zone) ? 'Z' : `${zone.slice(0, 3)}:${zone.slice(3).replace(':', '') || '00'}`
  return Date.parse(`${y}-${mo}-${d}T${h}:${mi}:${sec}${frac.slice(0, 4)}${offset}`)
}

/** Unix seconds; a string error message when the time is invalid or out of range. */
function parseTime(v: unknown, nowMs = Date.now()): number | string {
  if (v === undefined || v === null || v === '') return Math.floor(nowMs / 1000)
  const ms = parseTimeMs(v)
  if (ms === null || !Number.isFinite(ms)) return 'Invalid datetime; use ISO 8601, e.g. 2026-01-31T12:00:00Z.'
  // The vendor's rule: after the year 1990 and at most one year in the future.
  if (ms < MIN_TIME_MS) return 'The time must be after the year 1990.'
  const latest = new Date(nowMs)
  latest.setUTCFullYear(latest.getUTCFullYear() + 1)
  if (ms > latest.getTime()) return 'The time can be at most 1 year in the future.'
  return Math.floor(ms / 1000)
}

const PATCH_KEYS = new Set(['append', 'unappend', 'unset'])

/** profile meta.patch_properties: { append?: {…}, unappend?: {…}, unset?: string | string[] }. */
function parsePatchProperties(v: unknown, path: string, errors: FieldErrors): PatchProperties | undefined {
  if (v === undefined || v === null) return undefined
  if (typeof v !== 'object' || Array.isArray(v)) {
    addError(errors, path, 'Must be an object.')
    return undefined
  }
  const patch = v as Record<string, unknown>
  for (const k of Object.keys(patch))
    if (!PATCH_KEYS.has(k)) addError(errors, `${path}.${k}`, 'Unknown key; use append, unappend or unset.')
  for (const k of ['append', 'unappend'] as const) checkProperties(patch[k], `${path}.${k}`, errors)
  const unset = patch.unset
  if (
    unset != null &&
    typeof unset !== 'string' &&
    !(Array.isArray(unset) && unset.every((x) => typeof x === 'string'))
  ) {
    addError(errors, `${path}.unset`, 'Must be a property name or a list of them.')
  }
  const out: PatchProperties = {}
  if (patch.append != null) out.append = patch.append as Record<string, unknown>
  if (patch.unappend != null) out.unappend = patch.unappend as Record<string, unknown>
  if (unset != null) out.unset = unset as string | string[]
  return Object.keys(out).length ? out : undefined
}

/** Collects problems into `errors` (prefixed, for batches) and returns the queued form. */
export function parseEventInput(raw: EventInput, errors: FieldErrors, prefix = ''): QueuedEvent {
  const p = (k: string) => (prefix ? `${prefix}.${k}` : k)
  const input = (raw ?? {}) as Partial<EventInput>
  const m = input.metric as { name?: unknown; service?: unknown } | undefined
  const simpleMetric =
    m &&
    typeof m.name === 'string' &&
    m.name.length <= 255 &&
    m.name.trim() === m.name &&
    m.name !== '' &&
    (m.service === undefined || (typeof m.service === 'string' && m.service.length <= 255))
  const metric = simpleMetric
    ? {
        success: true as const,
        data: { name: m.name as string, ...(m.service !== undefined ? { service: m.service as string } : {}) },
      }
    : metricInput.safeParse(m ?? {})
  if (!metric.success)
    for (const i of metric.error.issues) addError(errors, p(['metric', ...i.path].join('.')), i.message)

  const rawProfile = (input.profile ?? {}) as Record<string, unknown>
  const profile = parseProfileInput(rawProfile, p('profile'), errors) as QueuedEvent['profile']
  // A blank identifier names nothing: leave it out (it must never be stored as '').
  for (const k of IDENTIFIERS) if (profile[k] === '') delete profile[k]
  if (typeof rawProfile.id === 'string' && rawProfile.id) profile.id = rawProfile.id
  // Judged on the raw input, so an invalid email is reported as such and not also as missing.
  const given = (k: (typeof IDENTIFIERS)[number]) =>
    typeof rawProfile[k] === 'string' && (rawProfile[k] as string).trim() !== ''
  if (!IDENTIFIERS.some(given)) {
    addError(errors, p('profile'), 'The profile needs an id, email, phone_number, external_id or anonymous_id.')
  }

  checkProperties(input.properties, p('properties'), errors)
  const patchProperties = parsePatchProperties(input.patchProperties, p('profile.meta.patch_properties'), errors)
  const ts = parseTime(input.time)
  if (typeof ts === 'string') addError(errors, p('time'), ts)

  let value: number | null = null
  if (input.value !== undefined && input.value !== null) {
    const n = typeof input.value === 'string' ? Number(input.value) : input.value
    if (typeof n !== 'number' || !Number.isFinite(n)) addError(errors, p('value'), 'Must be a number.')
    else value = n
  }
  for (const k of ['valueCurrency', 'uniqueId'] as const) {
    const v = input[k]
    if (v !== undefined && v !== null && typeof v !== 'string')
      addError(errors, p(k === 'uniqueId' ? 'unique_id' : 'value_currency'), 'Must be a string.')
    else if (typeof v === 'string' && Buffer.byteLength(v) > MAX_STRING_BYTES)
      addError(errors, p(k === 'uniqueId' ? 'unique_id' : 'value_currency'), 'Strings may be at most 100 KB.')
  }

  return {
    metric: metric.success ? metric.data : { name: '' },
    profile,
    ...(patchProperties ? { patchProperties } : {}),
    properties: (input.properties as Record<string, unknown>) ?? {},
    ts: typeof ts === 'number' ? ts : 0,
    value,
    valueCurrency: input.valueCurrency || null,
    uniqueId: input.uniqueId || null,
  }
}

export function validateEvent(raw: EventInput): QueuedEvent {
  const errors: FieldErrors = {}
  const ev = parseEventInput(raw, errors)
  if (Object.keys(errors).length) throw new AppError('invalid', 400, 'Invalid event.', errors)
  return ev
}
