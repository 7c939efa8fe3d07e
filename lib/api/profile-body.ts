// The vendor's profile attributes (snake_case) as a zod schema, and their mapping to the
// domain's ProfileInput. Formats (email, E.164, sizes) are checked by lib/profiles, whose
// field errors are keyed by these same attribute names.
import { z } from 'zod'
import type { PatchProperties, ProfileInput } from '@/lib/profiles/types'

const text = z.string().nullable().optional()
const coordinate = z.union([z.number(), z.string()]).nullable().optional()

export const locationAttributes = z.object({
  address1: text,
  address2: text,
  city: text,
  country: text,
  region: text,
  zip: text,
  timezone: text,
  ip: text,
  latitude: coordinate,
  longitude: coordinate,
})

export const profileAttributesShape = {
  email: text,
  phone_number: text,
  external_id: text,
  anonymous_id: text,
  _kx: text,
  first_name: text,
  last_name: text,
  organization: text,
  locale: text,
  title: text,
  image: text,
  location: locationAttributes.nullable().optional(),
  properties: z.record(z.string(), z.unknown()).nullable().optional(),
}

export const profileAttributes = z.object(profileAttributesShape)
export type ProfileAttributes = z.infer<typeof profileAttributes>

// The vendor's schema marks these nullable: null means "no such operation".
export const patchPropertiesMeta = z.object({
  append: z.record(z.string(), z.unknown()).nullable().optional(),
  unappend: z.record(z.string(), z.unknown()).nullable().optional(),
  unset: z
    .union([z.string(), z.array(z.string())])
    .nullable()
    .optional(),
})

export const profileMeta = z.object({
  patch_properties: patchPropertiesMeta.nullable().optional(),
  // Accepted for compatibility; identifiers are single-valued here.
  patch_identifiers: z.object({}).passthrough().nullable().optional(),
})

const FIELD_MAP: Record<string, keyof ProfileInput> = {
  email: 'email',
  phone_number: 'phoneNumber',
  external_id: 'externalId',
  anonymous_id: 'anonymousId',
  first_name: 'firstName',
  last_name: 'lastName',
  organization: 'organization',
  locale: 'locale',
  title: 'title',
  image: 'image',
}

/** snake_case attributes → ProfileInput; absent keys stay absent (null unsets). */
export function toProfileInput(attrs: Partial<ProfileAttributes> | undefined | null): ProfileInput {
  const out: ProfileInput = {}
  if (!attrs) return out
  for (const [from, to] of Object.entries(FIELD_MAP)) {
    const v = (attrs as Record<string, unknown>)[from]
    if (v !== undefined) (out as Record<string, unknown>)[to] = v
  }
  if (attrs.location !== undefined) out.location = attrs.location
  if (attrs.properties !== undefined && attrs.properties !== null) out.properties = attrs.properties
  return out
}

export function toPatchProperties(meta: z.infer<typeof profileMeta> | undefined | null): PatchProperties | undefined {
  const p = meta?.patch_properties
  if (!p) return undefined
  return { append: p.append ?? undefined, unappend: p.unappend ?? undefined, unset: p.unset ?? undefined }
}
