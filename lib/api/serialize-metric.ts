// Metrics and events as the reference's JSON:API resources.
import { createHash } from 'node:crypto'
import type { Event, Metric } from '@/generated/prisma/client'
import { apiDate, apiLink, pickFields, relationshipLinks } from './json-api'

export const METRIC_FIELDS = ['name', 'created', 'updated', 'integration', 'id'] as const
export const EVENT_FIELDS = ['timestamp', 'event_properties', 'datetime', 'uuid', 'id'] as const

const INTEGRATION_NAMES: Record<string, string> = {
  api: 'API',
  klaviyo: 'Klaviyo',
  shopify: 'Shopify',
  woocommerce: 'WooCommerce',
  magento_two: 'Magento 2',
}

export function integrationOf(m: Pick<Metric, 'integration' | 'integrationCategory'>) {
  const key = m.integration || 'api'
  const name = INTEGRATION_NAMES[key] ?? key.charAt(0).toUpperCase() + key.slice(1)
  return {
    object: 'integration',
    id: key,
    key,
    name,
    category: m.integrationCategory ?? (key === 'api' ? 'API' : name),
  }
}

export function serializeMetric(url: URL, m: Metric, fields: Set<string> | null = null) {
  return {
    type: 'metric' as const,
    id: m.id,
    attributes: pickFields(
      { name: m.name, created: apiDate(m.createdAt), updated: apiDate(m.updatedAt), integration: integrationOf(m) },
      fields,
    ),
    relationships: { 'flow-triggers': relationshipLinks(url, 'metrics', m.id, 'flow-triggers') },
    links: { self: apiLink(url, `/metrics/${m.id}/`) },
  }
}

function properties(raw: string): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(raw || '{}')
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {}
  } catch {
    return {}
  }
}

/** A stable UUID per event (the vendor gives each event one; ours are integer rows). */
function eventUuid(e: Event): string {
  const h = createHash('sha1').update(`${e.companyId}:${e.id}`).digest('hex')
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${((parseInt(h[16]!, 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`
}

export function serializeEvent(url: URL, e: Event, fields: Set<string> | null = null) {
  // The vendor reports the value and the unique id inside event_properties as well.
  const eventProperties: Record<string, unknown> = { ...properties(e.properties) }
  if (e.value != null) eventProperties.$value = e.value
  if (e.uniqueId) eventProperties.$event_id = e.uniqueId
  const id = String(e.id)
  return {
    type: 'event' as const,
    id,
    attributes: pickFields(
      {
        timestamp: e.ts,
        event_properties: eventProperties,
        datetime: apiDate(new Date(e.ts * 1000)),
        uuid: eventUuid(e),
      },
      fields,
    ),
    relationships: {
      profile: { data: { type: 'profile', id: e.profileId }, ...relationshipLinks(url, 'events', id, 'profile') },
      metric: { data: { type: 'metric', id: e.metricId }, ...relationshipLinks(url, 'events', id, 'metric') },
    },
    links: { self: apiLink(url, `/events/${id}/`) },
  }
}
