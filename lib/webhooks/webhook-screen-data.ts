// What the /cdp/webhooks screens read and write through /ajax/webhooks (camelCase JSON).
import { z } from 'zod'
import type { WebhookView } from './webhook-store'
import { WEBHOOK_TOPICS } from './topics'

export const WEBHOOKS_READ = ['outbound_webhooks_read'] as const
export const WEBHOOKS_WRITE = ['outbound_webhooks_read', 'integrations_write'] as const

export const webhookFormBody = z.object({
  name: z.string().max(255),
  description: z.string().max(1000).nullable().optional(),
  endpointUrl: z.string().max(2048),
  enabled: z.boolean().optional(),
  topics: z.array(z.string().max(100)).max(100),
  /** Create: the secret to use (else one is generated). Update: true to issue a new one. */
  secretKey: z.string().max(255).optional(),
  rotateSecret: z.boolean().optional(),
})
export type WebhookFormBody = z.infer<typeof webhookFormBody>

export interface WebhookDto {
  id: string
  name: string
  description: string | null
  endpointUrl: string
  enabled: boolean
  topics: string[]
  createdAt: string
  updatedAt: string
}

export const toWebhookDto = (w: WebhookView): WebhookDto => ({
  id: w.id,
  name: w.name,
  description: w.description,
  endpointUrl: w.endpointUrl,
  enabled: w.enabled,
  topics: w.topics,
  createdAt: w.createdAt.toISOString(),
  updatedAt: w.updatedAt.toISOString(),
})

export const topicCatalogue = () => WEBHOOK_TOPICS.map((t) => ({ id: t.id, metric: t.metric, channel: t.channel }))
