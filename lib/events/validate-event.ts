// Validation of one event: a metric name, a profile with at least one identifier, at most
// 400 properties, strings up to 100 KB, a parseable time and a numeric value. fieldErrors
// use the vendor's attribute paths (metric.name, profile.email, properties.x, time, value).
import { z } from 'zod'
import { AppError, type FieldErrors } from '@/lib/http/app-error'
import { addError, checkProperties, MAX_STRING_BYTES, parseProfileInput } from '@/lib/profiles/validate-profile'
import type { EventInput, QueuedEvent } from './types'

const metricInput = z.object({
  name: z.string().trim().min(1, 'A metric name is required.').max(255, 'At most 255 characters.'),
  service: z.string().max(255).optional(),
})

const IDENTIFIERS = ['id', 'email', 'phoneNumber', 'externalId', 'anonymousId'] as const

function parseTime(v: unknown): number | null {
  if (v === undefined || v === null || v === '') return Math.floor(Date.now() / 1000)
  const d = v instanceof Date ? v : typeof v === 'string' || typeof v === 'number' ? new Date(v) : new Date(NaN)
  const ms = d.getTime()
  return Number.isFinite(ms) ? Math.floor(ms / 1000) : null
}

/** Collects problems into `errors` (prefixed, for batches) and returns the queued form. */
export function parseEventInput(raw: EventInput, errors: FieldErrors, prefix = ''): QueuedEvent {
  const p = (k: string) => (prefix ? `${prefix}.${k}` : k)
  const input = (raw ?? {}) as Partial<EventInput>
  const m = input.metric as { name?: unknown; service?: unknown } | undefined
  const simpleMetric =
    m && typeof m.name === 'string' && m.name.length <= 255 && m.name.trim() === m.name && m.name !== '' &&
    (m.service === undefined || (typeof m.service === 'string' && m.service.length <= 255))
  const metric = simpleMetric
    ? { success: true as const, data: { name: m.name as string, ...(m.service !== undefined ? { service: m.service as string } : {}) } }
    : metricInput.safeParse(m ?? {})
  if (!metric.success) for (const i of metric.error.issues) addError(errors, p(['metric', ...i.path].join('.')), i.message)

  const rawProfile = (input.profile ?? {}) as Record<string, unknown>
  const profile = parseProfileInput(rawProfile, p('profile'), errors) as QueuedEvent['profile']
  if (typeof rawProfile.id === 'string' && rawProfile.id) profile.id = rawProfile.id
  if (!IDENTIFIERS.some((k) => typeof rawProfile[k] === 'string' && rawProfile[k] !== '')) {
    addError(errors, p('profile'), 'The profile needs an id, email, phone_number, external_id or anonymous_id.')
  }

  checkProperties(input.properties, p('properties'), errors)
  const ts = parseTime(input.time)
  if (ts === null) addError(errors, p('time'), 'Invalid datetime.')

  let value: number | null = null
  if (input.value !== undefined && input.value !== null) {
    const n = typeof input.value === 'string' ? Number(input.value) : input.value
    if (typeof n !== 'number' || !Number.isFinite(n)) addError(errors, p('value'), 'Must be a number.')
    else value = n
  }
  for (const k of ['valueCurrency', 'uniqueId'] as const) {
    const v = input[k]
    if (v !== undefined && v !== null && typeof v !== 'string') addError(errors, p(k === 'uniqueId' ? 'unique_id' : 'value_currency'), 'Must be a string.')
    else if (typeof v === 'string' && Buffer.byteLength(v) > MAX_STRING_BYTES) addError(errors, p(k === 'uniqueId' ? 'unique_id' : 'value_currency'), 'Strings may be at most 100 KB.')
  }

  return {
    metric: metric.success ? metric.data : { name: '' },
    profile,
    properties: (input.properties as Record<string, unknown>) ?? {},
    ts: ts ?? 0,
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
