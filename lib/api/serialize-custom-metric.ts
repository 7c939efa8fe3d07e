// Custom and mapped metrics as the reference's JSON:API resources.
import type { CustomMetricRow } from '@/lib/metrics/custom-metrics/definition'
import { metricIdsOf } from '@/lib/metrics/custom-metrics/definition'
import type { MappedMetricRow } from '@/lib/metrics/mapped-metrics'
import { apiDate, apiLink, pickFields } from './json-api'

export const CUSTOM_METRIC_FIELDS = [
  'name',
  'created',
  'updated',
  'definition',
  'definition.aggregation_method',
  'definition.metric_groups',
  'id',
] as const
export const MAPPED_METRIC_FIELDS = ['updated', 'id'] as const

export function serializeCustomMetric(url: URL, m: CustomMetricRow, fields: Set<string> | null = null) {
  return {
    type: 'custom-metric' as const,
    id: m.id,
    attributes: pickFields(
      { name: m.name, created: apiDate(m.createdAt), updated: apiDate(m.updatedAt), definition: m.definition },
      fields,
    ),
    relationships: {
      metrics: {
        data: metricIdsOf(m.definition).map((id) => ({ type: 'metric' as const, id })),
        links: {
          self: apiLink(url, `/custom-metrics/${m.id}/relationships/metrics/`),
          related: apiLink(url, `/custom-metrics/${m.id}/metrics/`),
        },
      },
    },
    links: { self: apiLink(url, `/custom-metrics/${m.id}/`) },
  }
}

export function serializeMappedMetric(url: URL, m: MappedMetricRow, fields: Set<string> | null = null) {
  const base = `/mapped-metrics/${m.kind}`
  return {
    type: 'mapped-metric' as const,
    id: m.kind,
    attributes: pickFields({ updated: apiDate(m.updatedAt) }, fields),
    relationships: {
      metric: {
        data: m.metricId ? { type: 'metric' as const, id: m.metricId } : null,
        links: { self: apiLink(url, `${base}/relationships/metric/`), related: apiLink(url, `${base}/metric/`) },
      },
      'custom-metric': {
        data: m.customMetricId ? { type: 'custom-metric' as const, id: m.customMetricId } : null,
        links: {
          self: apiLink(url, `${base}/relationships/custom-metric/`),
          related: apiLink(url, `${base}/custom-metric/`),
        },
      },
    },
    links: { self: apiLink(url, `${base}/`) },
  }
}
