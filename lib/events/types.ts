// Event input as lib sees it (camelCase); the /api and /client layers map the vendor's body.
import type { PatchProperties, ProfileInput } from '@/lib/profiles/types'

export interface EventInput {
  metric: { name: string; service?: string }
  profile: ProfileInput & { id?: string }
  /** The profile's meta.patch_properties (append, unappend, unset), applied on ingest. */
  patchProperties?: PatchProperties
  properties?: Record<string, unknown>
  time?: string | Date
  value?: number
  valueCurrency?: string
  uniqueId?: string
}

/** What the queue carries: validated, with the time fixed at acceptance (Unix seconds). */
export interface QueuedEvent {
  metric: { name: string; service?: string }
  profile: ProfileInput & { id?: string }
  patchProperties?: PatchProperties
  properties: Record<string, unknown>
  ts: number
  value: number | null
  valueCurrency: string | null
  uniqueId: string | null
  /** When the request was accepted (epoch ms): the event's profile attributes never replace
   *  what a write accepted later set, however late the worker ingests it. Jobs queued before
   *  this field existed count as 0 (older than anything stamped). */
  acceptedAt?: number
}

export interface IngestResult {
  eventId: number | null
  duplicate: boolean
  profileId: string
  metricId: string
}
