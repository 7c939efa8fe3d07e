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

/** Events written together or not at all: one queued job, or one ingestEvents call. */
export interface IngestGroup {
  companyId: number
  mode: 'import' | 'client'
  events: QueuedEvent[]
  /** For a queued job: its lease. The job row is deleted in the transaction that writes its
   *  events, and only while the lease is still ours, so a re-run after a crash finds no job
   *  and a worker that lost its lease writes nothing: each job's events are written once. */
  guard?: { jobId: number; lockedBy: string; attempts: number }
}

export type GroupOutcome = { ok: IngestResult[] } | { skipped: true } | { error: unknown }

/** A new event of an ingested batch, as the batch's consumers see it. */
export interface IngestedEvent {
  companyId: number
  eventId: number
  profileId: string
  metricId: string
  metric: string
  properties: Record<string, unknown>
  /** Unix seconds. */
  ts: number
  value: number | null
  /** When the event was accepted (epoch ms), or 0. */
  acceptedAt: number
}

/** What one company's part of a committed batch touched. */
export interface TouchedProfiles {
  companyId: number
  profileIds: string[]
  metricIds: string[]
  /** Some profile's attributes changed (not only new events). */
  profileChanged: boolean
  /** New profiles. */
  created: string[]
  /** Profiles that absorbed a merge. */
  mergedInto: string[]
}
