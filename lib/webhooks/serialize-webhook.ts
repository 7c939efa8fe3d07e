// Webhooks and webhook topics as the reference's JSON:API resources.
import { apiDate, apiLink, pickFields } from '@/lib/api/json-api'
import { truncatedEndpoint } from './endpoint-url'
import type { WebhookView } from './webhook-store'

export const WEBHOOK_FIELDS = [
  'created_at',
  'description',
  'enabled',
  'endpoint_url',
  'id',
  'name',
  'updated_at',
] as const

export function serializeWebhook(url: URL, w: WebhookView, fields: Set<string> | null = null) {
  const attributes: Record<string, unknown> = {
    name: w.name,
    description: w.description,
    endpoint_url: truncatedEndpoint(w.endpointUrl),
    enabled: w.enabled,
    created_at: apiDate(w.createdAt),
    updated_at: apiDate(w.updatedAt),
  }
  return {
    type: 'webhook' as const,
    id: w.id,
    attributes: pickFields(attributes, fields),
    relationships: {
      'webhook-topics': {
        data: w.topics.map((id) => ({ type: 'webhook-topic' as const, id })),
        links: {
          self: apiLink(url, `/webhooks/${w.id}/relationships/webhook-topics/`),
          related: apiLink(url, `/webhooks/${w.id}/webhook-topics/`),
        },
      },
    },
    links: { self: apiLink(url, `/webhooks/${w.id}/`) },
  }
}

export function serializeWebhookTopic(url: URL, id: string) {
  return {
    type: 'webhook-topic' as const,
    id,
    links: { self: apiLink(url, `/webhook-topics/${encodeURIComponent(id)}/`) },
  }
}
