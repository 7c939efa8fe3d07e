// What the /api/mapped-metrics handlers share: the body of PATCH and include=metric,custom-metric.
import { z } from 'zod'
import { db } from '@/lib/db/client'
import { getCustomMetric } from '@/lib/metrics/custom-metrics/get-custom-metrics'
import { toCustomMetricRow } from '@/lib/metrics/custom-metrics/definition'
import { MAPPED_KINDS, type MappedMetricRow } from '@/lib/metrics/mapped-metrics'
import { enumList, sparseFields } from './query-params'
import { METRIC_FIELDS, serializeMetric } from './serialize-metric'
import { CUSTOM_METRIC_FIELDS, serializeCustomMetric } from './serialize-custom-metric'

const ref = <T extends string>(type: T) =>
  z.object({ data: z.object({ type: z.literal(type), id: z.string().min(1).max(64) }).nullable() })

export const updateMappedMetricBody = z.object({
  data: z.object({
    type: z.literal('mapped-metric'),
    id: z.enum(MAPPED_KINDS),
    relationships: z
      .object({ metric: ref('metric').optional(), 'custom-metric': ref('custom-metric').optional() })
      .optional(),
  }),
})

/** Where a domain field error of PATCH points. */
export const mappedMetricPointer = (field: string) =>
  `/data/relationships/${field === 'custom-metric' ? 'custom-metric' : 'metric'}/data/id`

export async function mappedIncluded(companyId: number, url: URL, rows: MappedMetricRow[]) {
  const include = enumList(url, 'include', ['metric', 'custom-metric'] as const)
  const metricFields = sparseFields(url, 'metric', METRIC_FIELDS)
  const customFields = sparseFields(url, 'custom-metric', CUSTOM_METRIC_FIELDS)
  if (!include.length) return undefined
  const out: unknown[] = []
  if (include.includes('metric')) {
    const ids = [...new Set(rows.map((r) => r.metricId).filter((v): v is string => !!v))]
    const metrics = await db.metric.findMany({ where: { companyId, id: { in: ids } }, orderBy: { id: 'asc' } })
    out.push(...metrics.map((m) => serializeMetric(url, m, metricFields)))
  }
  if (include.includes('custom-metric')) {
    const ids = [...new Set(rows.map((r) => r.customMetricId).filter((v): v is string => !!v))]
    const customs = await db.customMetric.findMany({ where: { companyId, id: { in: ids } }, orderBy: { id: 'asc' } })
    out.push(...customs.map((c) => serializeCustomMetric(url, toCustomMetricRow(c), customFields)))
  }
  return out
}

/**
 * The metric or custom metric a figure is mapped to; null when it is mapped to none (the
 * schema's data is nullable there: 200 with data null, not a 404, as for the relationships).
 */
export async function mappedMetricTarget(companyId: number, m: MappedMetricRow, what: 'metric' | 'custom-metric') {
  if (what === 'metric') return m.metricId ? await db.metric.findFirst({ where: { companyId, id: m.metricId } }) : null
  return m.customMetricId ? await getCustomMetric(companyId, m.customMetricId) : null
}
