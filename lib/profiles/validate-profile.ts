// Validation of profile input (and the size rules shared with events): email format, E.164
// phone numbers, strings up to 100 KB, at most 400 custom properties, numeric coordinates.
// Errors are AppError 400 whose fieldErrors are keyed by the vendor's attribute path in
// snake_case (phone_number, location.latitude, properties.color), so the /api layer can
// turn a key into a JSON:API source.pointer without knowing our camelCase names.
import { z } from 'zod'
import { AppError, type FieldErrors } from '@/lib/errors/app-error'
import type { ProfileInput } from './types'

export const MAX_STRING_BYTES = 100 * 1024
export const MAX_PROPERTIES = 400
export const PHONE_E164 = /^\+[1-9]\d{6,14}$/

const str = z.string().nullable().optional()
const coordinate = z
  .union([z.number(), z.string()])
  .nullable()
  .optional()
  .transform((v, ctx) => {
    if (v === null || v === undefined || v === '') return v === '' ? null : v
    const n = typeof v === 'number' ? v : Number(v.trim())
    if (!Number.isFinite(n)) {
      ctx.addIssue({ code: 'custom', message: 'Must be a number.' })
      return z.NEVER
    }
    return n
  })

export const locationInput = z.object({
  address1: str,
  address2: str,
  city: str,
  country: str,
  region: str,
  zip: str,
  timezone: str,
  ip: str,
  latitude: coordinate.refine((v) => v == null || (v >= -90 && v <= 90), 'Must be between -90 and 90.'),
  longitude: coordinate.refine((v) => v == null || (v >= -180 && v <= 180), 'Must be between -180 and 180.'),
})

export const profileInput = z.object({
  // '' is a blank identifier, not a malformed one: the upsert treats it as absent (or, when
  // updating, as clearing the field); it is never stored.
  email: z
    .string()
    .trim()
    .toLowerCase()
    .refine((v) => v === '' || z.regexes.email.test(v), 'Invalid email address.')
    .nullable()
    .optional(),
  phoneNumber: z
    .string()
    .trim()
    .refine((v) => v === '' || PHONE_E164.test(v), 'Invalid phone number; use the E.164 format, e.g. +15005550006.')
    .nullable()
    .optional(),
  externalId: str,
  anonymousId: str,
  firstName: str,
  lastName: str,
  organization: str,
  title: str,
  image: str,
  locale: str,
  location: locationInput.nullable().optional(),
  properties: z.record(z.string(), z.unknown()).optional(),
})

const SNAKE: Record<string, string> = {
  phoneNumber: 'phone_number',
  externalId: 'external_id',
  anonymousId: 'anonymous_id',
  firstName: 'first_name',
  lastName: 'last_name',
  valueCurrency: 'value_currency',
  uniqueId: 'unique_id',
}

/** A zod issue path as the vendor's attribute path (custom property keys kept verbatim). */
export function attributePath(path: ReadonlyArray<PropertyKey>, prefix = ''): string {
  const parts: string[] = []
  let inProps = false
  for (const p of path) {
    const s = String(p)
    parts.push(inProps ? s : (SNAKE[s] ?? s))
    if (s === 'properties') inProps = true
  }
  const joined = parts.join('.')
  return prefix ? (joined ? `${prefix}.${joined}` : prefix) : joined
}

export function addError(errors: FieldErrors, key: string, message: string) {
  ;(errors[key] ??= []).push(message)
}

/** Size rules for free-form properties: key count and the byte length of every string. */
export function checkProperties(props: unknown, path: string, errors: FieldErrors) {
  if (props == null) return
  if (typeof props !== 'object' || Array.isArray(props)) {
    addError(errors, path, 'Must be an object.')
    return
  }
  const keys = Object.keys(props)
  if (keys.length > MAX_PROPERTIES)
    addError(errors, path, `At most ${MAX_PROPERTIES} properties are allowed (got ${keys.length}).`)
  for (const k of keys) {
    if (Buffer.byteLength(k) > MAX_STRING_BYTES) addError(errors, path, 'A property name is longer than 100 KB.')
    checkStrings((props as Record<string, unknown>)[k], `${path}.${k}`, errors, 0)
  }
}

function checkStrings(v: unknown, path: string, errors: FieldErrors, depth: number) {
  if (typeof v === 'string') {
    if (v.length > MAX_STRING_BYTES / 4 && Buffer.byteLength(v) > MAX_STRING_BYTES)
      addError(errors, path, 'Strings may be at most 100 KB.')
    return
  }
  if (depth > 20 || v === null || typeof v !== 'object') return
  if (Array.isArray(v)) v.forEach((x, i) => checkStrings(x, `${path}.${i}`, errors, depth + 1))
  else for (const [k, x] of Object.entries(v)) checkStrings(x, `${path}.${k}`, errors, depth + 1)
}

function checkAttributeStrings(input: Record<string, unknown>, prefix: string, errors: FieldErrors) {
  for (const [k, v] of Object.entries(input)) {
    if (k === 'properties') continue
    if (typeof v === 'string' && Buffer.byteLength(v) > MAX_STRING_BYTES)
      addError(errors, attributePath([k], prefix), 'Strings may be at most 100 KB.')
    if (k === 'location' && v && typeof v === 'object')
      checkAttributeStrings(v as Record<string, unknown>, attributePath(['location'], prefix), errors)
  }
}

/**
 * Validates and normalises (email trimmed and lower-cased, coordinates as numbers).
 * Collects into `errors` when given (the caller throws once), else throws AppError 400.
 */
export function parseProfileInput(raw: unknown, prefix = '', errors?: FieldErrors): ProfileInput {
  const fast = fastPath(raw)
  if (fast) {
    if (fast.properties !== undefined) {
      const own = errors ?? {}
      const before = Object.keys(own).length
      checkProperties(fast.properties, attributePath(['properties'], prefix), own)
      if (!errors && Object.keys(own).length > before) throw new AppError('invalid', 400, 'Invalid profile.', own)
    }
    return fast
  }
  const own = errors ?? {}
  const parsed = profileInput.safeParse(raw ?? {})
  if (!parsed.success)
    for (const issue of parsed.error.issues) addError(own, attributePath(issue.path, prefix), issue.message)
  if (raw && typeof raw === 'object') {
    checkAttributeStrings(raw as Record<string, unknown>, prefix, own)
    checkProperties((raw as { properties?: unknown }).properties, attributePath(['properties'], prefix), own)
  }
  if (!errors && Object.keys(own).length) throw new AppError('invalid', 400, 'Invalid profile.', own)
  return (parsed.success ? parsed.data : {}) as ProfileInput
}

// The common shape (a few plain strings, already trimmed, valid email/phone) is checked by
// hand: zod costs tens of µs per call and event ingestion validates every event. Anything
// unusual falls through to the zod schema, which also words the errors, so both paths accept
// exactly the same inputs.
const FAST_STRINGS = new Set([
  'externalId',
  'anonymousId',
  'firstName',
  'lastName',
  'organization',
  'title',
  'image',
  'locale',
])
const EMAIL = z.regexes.email
const SAFE_CHARS = MAX_STRING_BYTES / 4 // at most 4 UTF-8 bytes per UTF-16 unit

function fastPath(raw: unknown): ProfileInput | null {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return null
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(raw)) {
    if (v === undefined) continue
    if (k === 'properties') {
      if (!v || typeof v !== 'object' || Array.isArray(v)) return null
      out.properties = v
      continue
    }
    if (typeof v !== 'string' || v.length > SAFE_CHARS) return null
    if (k === 'email') {
      if (v !== v.trim() || !EMAIL.test(v)) return null
      out.email = v.toLowerCase()
    } else if (k === 'phoneNumber') {
      if (!PHONE_E164.test(v)) return null
      out.phoneNumber = v
    } else if (FAST_STRINGS.has(k)) out[k] = v
    else if (k !== 'id') return null
  }
  return out as ProfileInput
}
