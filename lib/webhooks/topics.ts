// The topics an outbound webhook can subscribe to, named as the vendor names them
// ("event:klaviyo.sent_sms"): one per messaging metric (lib/metrics/message-metrics.ts),
// emitted in the transaction that records the event (enqueue-webhook-deliveries.ts).
import { MESSAGE_METRICS } from '@/lib/metrics/message-metrics'
import { topicOfMetric } from './topic-of-metric'

export { topicOfMetric }

export interface WebhookTopic {
  id: string
  metric: string
  channel: string
}

export const WEBHOOK_TOPICS: readonly WebhookTopic[] = (() => {
  const seen = new Map<string, WebhookTopic>()
  for (const [channel, metrics] of Object.entries(MESSAGE_METRICS)) {
    for (const metric of Object.values(metrics) as string[]) {
      const id = topicOfMetric(metric)
      if (!seen.has(id)) seen.set(id, { id, metric, channel })
    }
  }
  return [...seen.values()].sort((a, b) => a.id.localeCompare(b.id))
})()

const TOPIC_IDS = new Set(WEBHOOK_TOPICS.map((t) => t.id))
export const isWebhookTopic = (id: string) => TOPIC_IDS.has(id)
