// The profile page's read model, shared by the /ajax/profile handlers, the server page and the
// client screen (plain JSON: dates are ISO strings, property maps keep their keys as stored).
export const CONSENT_CHANNELS = ['email_marketing', 'sms_marketing', 'sms_transactional', 'push', 'whatsapp'] as const
export type ConsentChannel = (typeof CONSENT_CHANNELS)[number]
export type ConsentStatus = 'subscribed' | 'unsubscribed' | 'pending' | 'never_subscribed'
export const SUPPRESSION_CHANNELS = ['email', 'sms'] as const
export type SuppressionChannel = (typeof SUPPRESSION_CHANNELS)[number]

export interface ProfileIdentity {
  id: string
  email: string | null
  phoneNumber: string | null
  externalId: string | null
  anonymousId: string | null
  firstName: string | null
  lastName: string | null
  organization: string | null
  title: string | null
  image: string | null
  locale: string | null
  location: {
    address1: string | null
    address2: string | null
    city: string | null
    region: string | null
    zip: string | null
    country: string | null
    latitude: number | null
    longitude: number | null
    timezone: string | null
    ip: string | null
  }
  createdAt: string
  updatedAt: string
  lastEventAt: string | null
}

export interface ConsentEntry {
  channel: ConsentChannel
  status: ConsentStatus
  method: string | null
  source: string | null
  consentedAt: string | null
  updatedAt: string | null
}

export interface SuppressionEntry {
  id: number
  channel: SuppressionChannel
  reason: string
  createdAt: string
}

export interface GroupEntry {
  id: string
  name: string
  kind: 'list' | 'segment'
  enteredAt: string
  source: string | null
}

export interface MetricCount {
  id: string
  name: string
  count: number
}

export interface ProfileDetail {
  profile: ProfileIdentity
  properties: Record<string, unknown>
  consent: ConsentEntry[]
  suppressions: SuppressionEntry[]
  groups: GroupEntry[]
  /** The metrics this profile has events for, most frequent first (the timeline's filter). */
  metrics: MetricCount[]
}

export interface TimelineEvent {
  id: number
  metricId: string
  metricName: string
  integration: string
  datetime: string
  timestamp: number
  value: number | null
  currency: string | null
  uniqueId: string | null
  properties: Record<string, unknown>
}

/** A message (Send) to the profile on its timeline: lib/profile-view/list-profile-messages.ts. */
export interface TimelineMessage {
  id: string
  channel: string
  sourceType: string
  sourceId: string
  /** queued | skipped | deferred | sending | sent | delivered | bounced | failed | unknown */
  status: string
  /** Why it was skipped or deferred (lib/messaging/policy.ts), or the kind of failure. */
  reason: string | null
  subject: string | null
  deferredUntil: string | null
  datetime: string
  timestamp: number
}

/** One page of events, and the messages of the same span of time (none when filtered to a metric). */
export interface TimelinePage {
  events: TimelineEvent[]
  messages?: TimelineMessage[]
  nextCursor: string | null
}
