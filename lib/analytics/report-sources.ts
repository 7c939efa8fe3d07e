// What a report counts, as the metric engine's parts: one or more (metric, extra filters) pairs
// whose results add up. A metric is itself; a custom metric is its metric groups (each with its
// conditions, in the vendor's spelling, turned into the engine's operators); a message source is
// the channel's message metric restricted to campaign or flow sends by the events' $source_type.
import { db } from '@/lib/db/client'
import { badRequest } from '@/lib/errors/app-error'
import type { MetricFilter } from '@/lib/metrics/filters'
import { getCustomMetric } from '@/lib/metrics/custom-metrics/get-custom-metrics'
import { MESSAGE_METRICS } from '@/lib/messaging/message-events'
import { CAMPAIGN_SEND_SOURCE, FLOW_SEND_SOURCE } from '@/lib/reporting/send-scope'
import type { ReportSource } from './report-definition'

export interface SourcePart {
  metricId: string
  where: MetricFilter[]
}

export interface ResolvedSource {
  label: string
  /** Empty when the account has no such events yet (a message metric not created): zero rows. */
  parts: SourcePart[]
}

const OPS: Record<string, Record<string, string>> = {
  numeric: {
    equals: 'equal',
    'greater-than': 'gt',
    'greater-than-or-equal': 'gte',
    'less-than': 'lt',
    'less-than-or-equal': 'lte',
    'not-equals': 'ne',
  },
  string: {
    in: 'in',
    contains: 'contains',
    'ends-with': 'ends_with',
    'starts-with': 'starts_with',
    equals: 'equal',
    'not-contains': 'not_contains',
    'not-equals': 'ne',
  },
  existence: { 'is-set': 'is_set', 'not-set': 'is_not_set' },
  boolean: { equals: 'equal' },
  list: { contains: 'contains', 'not-contains': 'not_contains' },
}

interface Condition {
  property: string
  filter: { type: string; operator: string; value?: unknown }
}

function customFilter(c: Condition): MetricFilter {
  const op = OPS[c.filter.type]?.[c.filter.operator]
  if (!op) {
    const message = `Reports cannot run the custom metric's "${c.filter.operator}" condition yet.`
    throw badRequest(message, { 'source.customMetricId': [message] })
  }
  return { field: c.property, op, value: c.filter.value }
}

export async function resolveSource(companyId: number, source: ReportSource): Promise<ResolvedSource> {
  if (source.type === 'metric') {
    const m = await db.metric.findFirst({ where: { companyId, id: source.metricId }, select: { id: true, name: true } })
    if (!m) throw badRequest('This metric does not exist.', { 'source.metricId': ['This metric does not exist.'] })
    return { label: m.name, parts: [{ metricId: m.id, where: [] }] }
  }
  if (source.type === 'custom_metric') {
    const cm = await getCustomMetric(companyId, source.customMetricId)
    const missing = 'This custom metric does not exist.'
    if (!cm) throw badRequest(missing, { 'source.customMetricId': [missing] })
    const ids = cm.definition.metric_groups.map((g) => g.metric_id)
    // A group naming a metric of another account (or a deleted one) counts nothing.
    const own = new Set(
      (await db.metric.findMany({ where: { companyId, id: { in: ids } }, select: { id: true } })).map((m) => m.id),
    )
    const parts = cm.definition.metric_groups
      .filter((g) => own.has(g.metric_id))
      .map((g) => ({ metricId: g.metric_id, where: ((g.metric_filters ?? []) as Condition[]).map(customFilter) }))
    return { label: cm.name, parts }
  }
  const events = MESSAGE_METRICS[source.channel] as Record<string, string>
  const name = events[source.event]!
  const m = await db.metric.findFirst({ where: { companyId, name }, select: { id: true } })
  const sourceType = source.messageType === 'campaign' ? CAMPAIGN_SEND_SOURCE : FLOW_SEND_SOURCE
  return {
    label: `${name} (${source.messageType === 'campaign' ? 'campaigns' : 'flows'})`,
    parts: m ? [{ metricId: m.id, where: [{ field: '$source_type', op: 'equal', value: sourceType }] }] : [],
  }
}
