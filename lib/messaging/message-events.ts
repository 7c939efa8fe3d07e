// The vendor's metric events of messaging (Received Email, Opened Email, Sent SMS, …), written
// in the caller's transaction (Ops) so the event and the state change it reports commit
// together. Each event's unique id is derived from the send and what happened, so a repeated
// callback, retry or double click never records it twice (insertEventOps ignores duplicates);
// pass `occurrence` for events that may really happen several times (each open, each click).
import { getOrCreateMetricOps } from '@/lib/events/get-or-create-metric'
import { insertEventTouchingOps } from '@/lib/events/insert-event'
import { dbEngine } from '@/lib/db/client'
import { exec, select, type Ops } from '@/lib/db/ops'
import { kysely } from '@/lib/db/kysely'
import { companyIdForIds } from '@/lib/db/dialect'
import type { Channel } from './types'
import { MESSAGE_METRICS } from '@/lib/metrics/message-metrics'
import { enqueueWebhookDeliveriesOps, subscribedWebhooksOps } from '@/lib/webhooks/enqueue-webhook-deliveries'

export const MESSAGE_METRIC_INTEGRATION = 'internal'

// The names live in lib/metrics (the outbound webhooks' topics read them without importing the
// send pipeline); every channel must have its set.
export { MESSAGE_METRICS }
MESSAGE_METRICS satisfies Record<Channel, Record<string, string>>

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

const uniqueIdOf = (e: MessageEvent) =>
  e.sendId ? `${e.sendId}:${e.metric}${e.occurrence ? ':' + e.occurrence : ''}` : (e.occurrence ?? null)
const propertiesOf = (e: MessageEvent) =>
  JSON.stringify(e.sendId ? { $send_id: e.sendId, ...e.properties } : e.properties)

/**
 * Many events of one company and one metric at the same moment (the Received Email events of a
 * page of deliveries): one multi-row INSERT (duplicates ignored, as recordMessageEventOps), one
 * UPDATE of the profiles' lastEventAt, and the webhook deliveries of the new events when the
 * company has a webhook on the topic. Returns how many events were new.
 */
export function* recordMessageEventsOps(
  companyId: number,
  metricName: string,
  at: Date,
  events: MessageEvent[],
): Ops<number> {
  if (!events.length) return 0
  const db = kysely()
  const metric = yield* getOrCreateMetricOps(companyId, metricName, MESSAGE_METRIC_INTEGRATION)
  const ts = Math.floor(at.getTime() / 1000)
  const hooks = yield* subscribedWebhooksOps(companyId, metricName)
  const byUniqueId = new Map(events.map((e) => [uniqueIdOf(e), e]))
  let made = 0
  // 100 rows of 9 values stay well within both engines' limits on bound parameters.
  for (let i = 0; i < events.length; i += 100) {
    const rows = events.slice(i, i + 100).map((e) => ({
      companyId,
      profileId: e.profileId,
      metricId: metric.id,
      ts,
      value: null,
      currency: null,
      uniqueId: uniqueIdOf(e),
      properties: propertiesOf(e),
      createdAt: at,
    }))
    const insert =
      dbEngine() === 'sqlite'
        ? db.insertInto('Event').values(rows).orIgnore()
        : db
            .insertInto('Event')
            .values(rows)
            .onConflict((oc) => oc.doNothing())
    if (!hooks.length) {
      made += yield* exec(insert)
      continue
    }
    for (const r of yield* select(insert.returning(['id', 'uniqueId']))) {
      made++
      const e = byUniqueId.get(r.uniqueId)
      if (e) yield* enqueueWebhookDeliveriesOps(e, Number(r.id), hooks)
    }
  }
  const stamp = new Date(ts * 1000) // as touchLastEventAtOps: the event's second
  const profileIds = [...new Set(events.map((e) => e.profileId))]
  for (let i = 0; i < profileIds.length; i += 500) {
    yield* exec(
      db
        .updateTable('Profile')
        .set({ lastEventAt: stamp })
        .where(companyIdForIds(companyId))
        .where('id', 'in', profileIds.slice(i, i + 500))
        .where((eb) => eb.or([eb('lastEventAt', 'is', null), eb('lastEventAt', '<', stamp)])),
    )
  }
  return made
}

/** Returns the new event id, or null when this event was already recorded. */
/** `hooks`: the company's webhooks on the event's topic when the caller already read them (an inbound SMS's look-up). */
export function* recordMessageEventOps(e: MessageEvent, hooks?: Array<{ id: string }>): Ops<number | null> {
  const metric = yield* getOrCreateMetricOps(e.companyId, e.metric, MESSAGE_METRIC_INTEGRATION)
  const ts = Math.floor(e.at.getTime() / 1000)
  const id = yield* insertEventTouchingOps({
    companyId: e.companyId,
    profileId: e.profileId,
    metricId: metric.id,
    ts,
    uniqueId: uniqueIdOf(e),
    properties: propertiesOf(e),
  })
  if (id !== null) yield* enqueueWebhookDeliveriesOps(e, id, hooks) // outbound webhooks, decided with the event
  return id
}
