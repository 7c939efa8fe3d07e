// Profile input and row types shared by the /api, /client, /ajax layers, imports and events.
// camelCase inside lib; the /api layer converts the vendor's snake_case attributes.
import type { Profile } from '@/generated/prisma/client'

export interface LocationInput {
  address1?: string | null
  address2?: string | null
  city?: string | null
  country?: string | null
  region?: string | null
  zip?: string | null
  timezone?: string | null
  ip?: string | null
  latitude?: number | string | null
  longitude?: number | string | null
}

/** null = unset the field; undefined = leave it as it is. */
export interface ProfileInput {
  email?: string | null
  phoneNumber?: string | null
  externalId?: string | null
  anonymousId?: string | null
  firstName?: string | null
  lastName?: string | null
  organization?: string | null
  title?: string | null
  image?: string | null
  locale?: string | null
  location?: LocationInput | null
  properties?: Record<string, unknown>
}

export interface PatchProperties {
  append?: Record<string, unknown>
  unappend?: Record<string, unknown>
  unset?: string | string[]
}

export type ProfileRow = Profile

/**
 * create: POST /api/profiles (an existing match is a 409);
 * import: profile-import, bulk import, events, subscriptions (find or create, update);
 * update: PATCH /api/profiles/{id} (the id must exist);
 * client: /client/* (never changes an existing identifier, only fills empty ones).
 */
export type UpsertMode = 'create' | 'import' | 'update' | 'client'

export interface UpsertOptions {
  mode: UpsertMode
  id?: string
  source?: string
  patchProperties?: PatchProperties
  /** When the write was accepted (epoch ms, stamped at the request; default: now). An attribute
   *  a newer write set keeps its value (lib/profiles/attribute-times.ts). */
  acceptedAt?: number
}

export const IDENTIFIER_FIELDS = ['email', 'phoneNumber', 'externalId', 'anonymousId'] as const
export type IdentifierField = (typeof IDENTIFIER_FIELDS)[number]

export const ATTRIBUTE_FIELDS = ['firstName', 'lastName', 'organization', 'title', 'image', 'locale'] as const
export const LOCATION_FIELDS = [
  'address1',
  'address2',
  'city',
  'country',
  'region',
  'zip',
  'timezone',
  'ip',
  'latitude',
  'longitude',
] as const
