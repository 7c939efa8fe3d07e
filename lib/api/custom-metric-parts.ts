// What the /api/custom-metrics and /api/mapped-metrics handlers share: the bodies, the rate
// limits the vendor sets for writes, and the metrics a custom metric names (include=metrics).
import { z } from 'zod'
import { db } from '@/lib/db/client'
import { customMetricDefinition, metricIdsOf, type CustomMetricRow } from '@/lib/metrics/custom-metrics/definition'
import { METRIC_FIELDS, serializeMetric } from './serialize-metric'
import { sparseFields } from './query-params'

export const CUSTOM_METRIC_WRITE_RATE = { burst: 1, steady: 15, daily: 15 }

export const createCustomMetricBody = z.object({
  data: z.object({
    type: z.literal('custom-metric'),
    attributes: z.object({
      name: z.string().trim().min(1, 'Name the custom metric.').max(255),
      definition: customMetricDefinition,
    }),
  }),
})

export const updateCustomMetricBody = z.object({
  data: z.object({
    type: z.literal('custom-metric'),
    id: z.string().min(1),
    attributes: z.object({
      name: z.string().trim().min(1).max(255).nullable().optional(),
      definition: customMetricDefinition.nullable().optional(),
    }),
  }),
})

/** The metrics of the given custom metrics, each once, as included resources. */
export async function includedMetrics(companyId: number, url: URL, ids: string[]) {
  const unique = [...new Set(ids)]
  if (!unique.length) return []
  const fields = sparseFields(url, 'metric', METRIC_FIELDS)
  const metrics = await db.metric.findMany({ where: { companyId, id: { in: unique } }, orderBy: { id: 'asc' } })
  return metrics.map((m) => serializeMetric(url, m, fields))
}

export const metricIdsOfAll = (rows: CustomMetricRow[]) => rows.flatMap((r) => metricIdsOf(r.definition))
