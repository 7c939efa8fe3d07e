// A profile as the reference's JSON:API resource: exactly its attributes, in snake_case.
import type { ProfileRow } from '@/lib/profiles/types'
import { apiDate, apiLink, pickFields, relationshipLinks } from './json-api'

export const PROFILE_FIELDS = [
  'email',
  'phone_number',
  'external_id',
  'anonymous_id',
  'first_name',
  'last_name',
  'organization',
  'locale',
  'title',
  'image',
  'created',
  'updated',
  'last_event_date',
  'location',
  'properties',
  'subscriptions',
  'id',
  'joined_group_at',
] as const

function parseProperties(raw: string | null | undefined): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(raw || '{}')
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {}
  } catch {
    return {}
  }
}

export function profileAttributes(p: ProfileRow): Record<string, unknown> {
  return {
    email: p.email,
    phone_number: p.phoneNumber,
    external_id: p.externalId,
    anonymous_id: p.anonymousId,
    first_name: p.firstName,
    last_name: p.lastName,
    organization: p.organization,
    locale: p.locale,
    title: p.title,
    image: p.image,
    created: apiDate(p.createdAt),
    updated: apiDate(p.updatedAt),
    last_event_date: apiDate(p.lastEventAt),
    location: {
      address1: p.address1,
      address2: p.address2,
      city: p.city,
      country: p.country,
      latitude: p.latitude,
      longitude: p.longitude,
      region: p.region,
      zip: p.zip,
      timezone: p.timezone,
      ip: p.ip,
    },
    properties: parseProperties(p.properties),
  }
}

export interface SerializeProfileOptions {
  fields?: Set<string> | null
  /** The vendor's subscriptions object when additional-fields[profile]=subscriptions. */
  subscriptions?: unknown
  /** The vendor's PredictiveAnalytics object when additional-fields[profile]=predictive_analytics. */
  predictiveAnalytics?: unknown
  /** A list's or segment's member: when it joined (the schema requires it there). */
  joinedGroupAt?: Date | null
}

export function serializeProfile(url: URL, p: ProfileRow, opts: SerializeProfileOptions = {}) {
  const attributes = profileAttributes(p)
  if (opts.subscriptions !== undefined) attributes.subscriptions = opts.subscriptions
  if (opts.predictiveAnalytics !== undefined) attributes.predictive_analytics = opts.predictiveAnalytics
  if (opts.joinedGroupAt !== undefined) attributes.joined_group_at = apiDate(opts.joinedGroupAt)
  return {
    type: 'profile' as const,
    id: p.id,
    attributes: pickFields(attributes, opts.fields ?? null),
    relationships: {
      lists: relationshipLinks(url, 'profiles', p.id, 'lists'),
      segments: relationshipLinks(url, 'profiles', p.id, 'segments'),
    },
    links: { self: apiLink(url, `/profiles/${p.id}/`) },
  }
}
