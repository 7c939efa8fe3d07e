// A metric property as the reference's JSON:API resource (type "metric-property").
import type { MetricProperty } from '@/lib/metrics/metric-properties'
import { apiLink, pickFields } from './json-api'

export const METRIC_PROPERTY_FIELDS = ['label', 'property', 'inferred_type', 'sample_values', 'id'] as const

export function serializeMetricProperty(
  url: URL,
  p: MetricProperty,
  opts: { fields?: Set<string> | null; sampleValues?: unknown[] } = {},
) {
  const attributes: Record<string, unknown> = { label: p.property, property: p.property, inferred_type: p.inferredType }
  if (opts.sampleValues) attributes.sample_values = opts.sampleValues
  return {
    type: 'metric-property' as const,
    id: p.id,
    attributes: pickFields(attributes, opts.fields ?? null),
    relationships: {
      metric: {
        data: { type: 'metric' as const, id: p.metricId },
        links: {
          self: apiLink(url, `/metric-properties/${p.id}/relationships/metric/`),
          related: apiLink(url, `/metric-properties/${p.id}/metric/`),
        },
      },
    },
    links: { self: apiLink(url, `/metric-properties/${p.id}/`) },
  }
}
