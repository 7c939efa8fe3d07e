// Input rules shared by the /ajax/profile handlers (zod). Snake_case query names as the browser
// sends them; an empty query value counts as absent.
import { z } from 'zod'
import { notFound } from '@/lib/errors/app-error'
import { TIMELINE_CURSOR } from './list-profile-events'
import { SUPPRESSION_CHANNELS } from './profile-detail-types'

const PROFILE_ID = /^[0-9A-Za-z]{1,64}$/

/** A malformed id can never name a profile: it is "not found", like an unknown one. */
export function profileIdParam(params: Record<string, string>): string {
  const id = params.id ?? ''
  if (!PROFILE_ID.test(id)) throw notFound('Profile not found.')
  return id
}

const blankToUndefined = (v: unknown) => (v === '' ? undefined : v)

export const listProfileEventsQuery = z.object({
  cursor: z.preprocess(blankToUndefined, z.string().regex(TIMELINE_CURSOR, 'Invalid cursor.').optional()),
  metric_id: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^[0-9A-Za-z]{1,32}$/, 'Invalid metric id.')
      .optional(),
  ),
  page_size: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(100).optional()),
})

export const suppressProfileBody = z.object({ channel: z.enum(SUPPRESSION_CHANNELS) }).strict()

const text = (max: number) => z.string().trim().max(max).nullable().optional()
const emptyToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v)
const field = (max: number) => z.preprocess(emptyToNull, text(max))
const coordinate = z.preprocess(
  emptyToNull,
  z
    .union([z.number(), z.string().regex(/^-?\d+(\.\d+)?$/)])
    .nullable()
    .optional(),
)

export const updateProfileBody = z
  .object({
    email: field(320),
    phoneNumber: field(32),
    externalId: field(255),
    firstName: field(255),
    lastName: field(255),
    organization: field(255),
    title: field(255),
    image: field(2048),
    locale: field(64),
    location: z
      .object({
        address1: field(255),
        address2: field(255),
        city: field(255),
        region: field(255),
        zip: field(64),
        country: field(255),
        timezone: field(64),
        ip: field(64),
        latitude: coordinate,
        longitude: coordinate,
      })
      .strict()
      .nullable()
      .optional(),
    properties: z.record(z.string().min(1).max(255), z.unknown()).optional(),
    unsetProperties: z.array(z.string().min(1).max(255)).max(400).optional(),
  })
  .strict()
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: 'Nothing to update.' })

export type UpdateProfileBody = z.infer<typeof updateProfileBody>

const camel = (k: string) => k.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase())

/**
 * The PATCH body is read by hand: the wrapper's deep key camelizing would rename custom
 * properties ("favorite_color"), so only the attribute names are camelized here.
 */
export function normalizeUpdateBody(raw: unknown): unknown {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return raw
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(raw)) {
    const key = camel(k)
    out[key] =
      key === 'location' && v && typeof v === 'object' && !Array.isArray(v)
        ? Object.fromEntries(Object.entries(v).map(([lk, lv]) => [camel(lk), lv]))
        : v
  }
  return out
}
