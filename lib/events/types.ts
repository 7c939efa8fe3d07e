// Event input as lib sees it (camelCase); the /api and /client layers map the vendor's body.
import type { ProfileInput } from '@/lib/profiles/types'

export interface EventInput {
  metric: { name: string; service?: string }
  profile: ProfileInput & { id?: string }
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
  properties: Record<string, unknown>
  ts: number
  value: number | null
  valueCurrency: string | null
  uniqueId: string | null
}

export interface IngestResult {
  eventId: number | null
  duplicate: boolean
  profileId: string
  metricId: string
}
