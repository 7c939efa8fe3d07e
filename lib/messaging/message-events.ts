// The vendor's metric events of messaging (Received Email, Opened Email, Sent SMS, …), written
// in the caller's transaction (Ops) so the event and the state change it reports commit
// together. Each event's unique id is derived from the send and what happened, so a repeated
// callback, retry or double click never records it twice (insertEventOps ignores duplicates);
// pass `occurrence` for events that may really happen several times (each open, each click).
import { getOrCreateMetricOps } from '@/lib/events/get-or-create-metric'
import { insertEventOps, touchLastEventAtOps } from '@/lib/events/insert-event'
import type { Ops } from '@/lib/db/ops'
import type { Channel } from './types'
import { enqueueWebhookDeliveriesOps } from '@/lib/webhooks/enqueue-webhook-deliveries'

export const MESSAGE_METRIC_INTEGRATION = 'internal'

export const MESSAGE_METRICS = {
  email: { sent: 'Received Email', opened: 'Opened Email', clicked: 'Clicked Email', bounced: 'Bounced Email', spam: 'Marked Email as Spam', unsubscribed: 'Unsubscribed', dropped: 'Dropped Email' },
  sms: { sent: 'Sent SMS', received: 'Received SMS', clicked: 'Clicked SMS', failed: 'Failed to Deliver SMS', unsubscribed: 'Unsubscribed from SMS' },
  push: { sent: 'Received Push', opened: 'Opened Push', bounced: 'Bounced Push' },
  whatsapp: { sent: 'Sent WhatsApp Message', received: 'Received WhatsApp Message', read: 'Read WhatsApp Message', clicked: 'Clicked WhatsApp Message', failed: 'Failed to Deliver WhatsApp Message', unsubscribed: 'Unsubscribed from WhatsApp' },
} as const satisfies Record<Channel, Record<string, string>>

export interface MessageEvent {
  companyId: number
  profileId: string
  metric: string
  /** The Send it is about (null for profile-level events such as an inbound STOP). */
  sendId: string | null
  /** Properties: the message, its source (flow or campaign), subject, URL… */
  properties: Record<string, unknown>
  at: Date
  /** Distinguishes repeated occurrences of the same metric for one send (e.g. the nth click). */
  occurrence?: string
}

/** Returns the new event id, or null when this event was already recorded. */
export function* recordMessageEventOps(e: MessageEvent): Ops<number | null> {
  const metric = yield* getOrCreateMetricOps(e.companyId, e.metric, MESSAGE_METRIC_INTEGRATION)
  const ts = Math.floor(e.at.getTime() / 1000)
  const uniqueId = e.sendId ? `${e.sendId}:${e.metric}${e.occurrence ? ':' + e.occurrence : ''}` : e.occurrence ?? null
  const id = yield* insertEventOps({
    companyId: e.companyId, profileId: e.profileId, metricId: metric.id, ts, uniqueId,
    properties: JSON.stringify(e.sendId ? { $send_id: e.sendId, ...e.properties } : e.properties),
  })
  if (id !== null) yield* touchLastEventAtOps(e.companyId, e.profileId, ts)
  if (id !== null) yield* enqueueWebhookDeliveriesOps(e, id) // outbound webhooks, decided with the event
  return id
}
