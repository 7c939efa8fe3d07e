// A custom metric's definition, as the vendor writes it: metrics combined (each optionally
// filtered on its event properties), counted or summed. Stored as written, so the analytics
// screens and /api/custom-metrics read the same thing.
import { z } from 'zod'

const numeric = z.object({
  type: z.literal('numeric'),
  operator: z.enum([
    'equals',
    'greater-than',
    'greater-than-or-equal',
    'less-than',
    'less-than-or-equal',
    'not-equals',
  ]),
  value: z.number(),
})
const stringIn = z.object({
  type: z.literal('string'),
  operator: z.literal('in'),
  value: z.array(z.string()).min(1).max(100),
})
const stringOp = z.object({
  type: z.literal('string'),
  operator: z.enum([
    'contains',
    'ends-with',
    'equals',
    'not-contains',
    'not-ends-with',
    'not-equals',
    'not-starts-with',
    'nregex',
    'regex',
    'starts-with',
  ]),
  value: z.string().max(1000),
})
const existence = z.object({ type: z.literal('existence'), operator: z.enum(['is-set', 'not-set']) })
const boolean = z.object({ type: z.literal('boolean'), operator: z.literal('equals'), value: z.boolean() })
const listContains = z.object({
  type: z.literal('list'),
  operator: z.enum([
    'contains',
    'not-contains',
    'contains-ends-with',
    'contains-starts-with',
    'not-contains-ends-with',
    'not-contains-starts-with',
  ]),
  value: z.union([z.string().max(1000), z.number().int()]).nullable(),
})
const listSubstring = z.object({
  type: z.literal('list'),
  operator: z.enum(['contains-substring', 'not-contains-substring']),
  value: z.string().max(1000),
})

export const customMetricCondition = z.object({
  property: z.string().min(1).max(255),
  filter: z.union([numeric, stringIn, stringOp, existence, boolean, listContains, listSubstring]),
})

export const customMetricGroup = z.object({
  metric_id: z.string().min(1).max(64),
  metric_filters: z.array(customMetricCondition).max(20).nullable().optional(),
  value_property: z.string().min(1).max(255).nullable().optional(),
})

export const MAX_METRIC_GROUPS = 10

export const customMetricDefinition = z.object({
  aggregation_method: z.enum(['count', 'value']),
  metric_groups: z
    .array(customMetricGroup)
    .min(1, 'A custom metric combines at least one metric.')
    .max(MAX_METRIC_GROUPS, `A custom metric combines at most ${MAX_METRIC_GROUPS} metrics.`),
})

export type CustomMetricDefinition = z.infer<typeof customMetricDefinition>
export type CustomMetricGroup = z.infer<typeof customMetricGroup>

export interface CustomMetricRow {
  id: string
  companyId: number
  name: string
  definition: {
    aggregation_method: 'count' | 'value'
    metric_groups: Array<{ metric_id: string; metric_filters: unknown[] | null; value_property: string | null }>
  }
  createdAt: Date
  updatedAt: Date
}

export function toCustomMetricRow(r: {
  id: string
  companyId: number
  name: string
  aggregation: string
  groups: string
  createdAt: Date
  updatedAt: Date
}): CustomMetricRow {
  let groups: CustomMetricGroup[] = []
  try {
    const v: unknown = JSON.parse(r.groups)
    groups = Array.isArray(v) ? (v as CustomMetricGroup[]) : []
  } catch {
    groups = []
  }
  return {
    id: r.id,
    companyId: r.companyId,
    name: r.name,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
    definition: {
      aggregation_method: r.aggregation === 'value' ? 'value' : 'count',
      metric_groups: groups.map((g) => ({
        metric_id: g.metric_id,
        metric_filters: g.metric_filters ?? null,
        value_property: g.value_property ?? null,
      })),
    },
  }
}

/** The metric ids a definition reads, each once. */
export const metricIdsOf = (d: { metric_groups: ReadonlyArray<{ metric_id: string }> }) => [
  ...new Set(d.metric_groups.map((g) => g.metric_id)),
]
