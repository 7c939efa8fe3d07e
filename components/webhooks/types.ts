// What the /cdp/webhooks screens get from /ajax/webhooks.
import type { WebhookDto } from '@/lib/webhooks/webhook-screen-data'

export type { WebhookDto }
export interface TopicDto {
  id: string
  metric: string
  channel: string
}
export interface DeliveryDto {
  id: number
  topic: string
  eventId: number | null
  status: string
  attempts: number
  responseCode: number | null
  error: string | null
  nextAttemptAt: string | null
  deliveredAt: string | null
  createdAt: string
}
