// Deciding a webhook call in the transaction that records its event (called from
// lib/messaging/message-events.ts recordMessageEventOps, only for a new event): one
// WebhookDelivery row per enabled webhook subscribed to the event's topic, unique per
// (webhook, event key), and its delivery job, both committed with the event or not at all.
// A repeated event is no new event, and a repeated call finds the row: exactly one delivery
// row per (webhook, event).
import { select, type Ops } from '@/lib/db/ops'
import { kysely } from '@/lib/db/kysely'
import { queryTemplate } from '@/lib/db/query-template'
import type { MessageEvent } from '@/lib/messaging/message-events'
import { topicOfMetric } from './topic-of-metric'
import { deliveryJobOps, type DeliveryJobPayload } from './delivery-machine'

export const WEBHOOK_DELIVER_JOB = 'webhooks.deliver'

export type WebhookDeliverPayload = DeliveryJobPayload

/** The JSON body a receiver gets (also stored on the delivery row, so retries send the same bytes). */
export function webhookPayload(
  webhookId: string,
  deliveryKey: string,
  topic: string,
  e: MessageEvent,
  eventId: number,
) {
  return {
    id: deliveryKey,
    webhook_id: webhookId,
    topic,
    created_at: new Date().toISOString(),
    data: {
      type: 'event',
      id: String(eventId),
      attributes: {
        metric: { name: e.metric },
        profile_id: e.profileId,
        timestamp: Math.floor(e.at.getTime() / 1000),
        datetime: e.at.toISOString(),
        event_properties: e.sendId ? { $send_id: e.sendId, ...e.properties } : e.properties,
      },
    },
  }
}

// Compiled once (lib/db/query-template.ts): every new message event (an inbound SMS's) runs it.
const SUBSCRIBED = queryTemplate(3, (companyId: number, topic: string, companyId2: number) =>
  kysely()
    .selectFrom('WebhookTopicSubscription as s')
    .innerJoin('Webhook as w', 'w.id', 's.webhookId')
    .select('w.id')
    .where('s.companyId', '=', companyId)
    .where('s.topic', '=', topic)
    .where('w.companyId', '=', companyId2)
    .where('w.enabled', '=', true),
)

/** The company's enabled webhooks subscribed to the topic of a metric. */
export function* subscribedWebhooksOps(companyId: number, metric: string): Ops<Array<{ id: string }>> {
  return yield* select(SUBSCRIBED(companyId, topicOfMetric(metric), companyId))
}

/** `hooks`: subscribedWebhooksOps's answer when the caller already has it (a batch of events of one metric). */
export function* enqueueWebhookDeliveriesOps(
  e: MessageEvent,
  eventId: number,
  hooks?: Array<{ id: string }>,
): Ops<number> {
  const db = kysely()
  const topic = topicOfMetric(e.metric)
  hooks ??= yield* subscribedWebhooksOps(e.companyId, e.metric)
  let made = 0
  for (const h of hooks) {
    const eventKey = `event:${eventId}`
    const rows = yield* select(
      db
        .insertInto('WebhookDelivery')
        .values({
          companyId: e.companyId,
          webhookId: h.id,
          topic,
          eventId,
          eventKey,
          status: 'pending',
          attempts: 0,
          payload: JSON.stringify(webhookPayload(h.id, `${h.id}:${eventKey}`, topic, e, eventId)),
          createdAt: e.at,
          updatedAt: e.at,
        })
        .onConflict((oc) => oc.columns(['webhookId', 'eventKey']).doNothing())
        .returning('id'),
    )
    const id = rows[0]?.id
    if (id == null) continue
    yield* deliveryJobOps(WEBHOOK_DELIVER_JOB, { companyId: e.companyId, deliveryId: Number(id) }, 0, e.at, e.at)
    made++
  }
  return made
}
