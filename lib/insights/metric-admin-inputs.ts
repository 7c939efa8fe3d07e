// Bodies of the custom metric and metric mapping screens' /ajax calls (the stores are
// lib/metrics/custom-metrics and lib/metrics/mapped-metrics, shared with /api). The /ajax
// wrapper camelizes body keys, so the definition arrives camelCase and is turned back into the
// vendor's snake_case definition the store validates and keeps.
import { z } from 'zod'
import { customMetricCondition, MAX_METRIC_GROUPS } from '@/lib/metrics/custom-metrics/definition'
import { MAPPED_KINDS } from '@/lib/metrics/mapped-metrics'

const group = z.object({
  metricId: z.string().min(1, 'Choose a metric.').max(64),
  metricFilters: z.array(customMetricCondition).max(20).nullable().optional(),
  valueProperty: z.string().min(1).max(255).nullable().optional(),
})

export const customMetricBody = z
  .object({
    name: z.string().trim().min(1, 'Enter a name.').max(255),
    definition: z.object({
      aggregationMethod: z.enum(['count', 'value']),
      metricGroups: z
        .array(group)
        .min(1, 'A custom metric combines at least one metric.')
        .max(MAX_METRIC_GROUPS, `A custom metric combines at most ${MAX_METRIC_GROUPS} metrics.`),
    }),
  })
  .strict()
  .transform((b) => ({
    name: b.name,
    definition: {
      aggregation_method: b.definition.aggregationMethod,
      metric_groups: b.definition.metricGroups.map((g) => ({
        metric_id: g.metricId,
        metric_filters: g.metricFilters ?? null,
        value_property: g.valueProperty ?? null,
      })),
    },
  }))

export const mappingBody = z
  .object({
    kind: z.enum(MAPPED_KINDS),
    metricId: z.string().min(1).max(64).nullable().optional(),
    customMetricId: z.string().min(1).max(64).nullable().optional(),
  })
  .strict()
