// The report library (/analytics/reports/library): ready-made definitions that open in the
// builder. Written with metric names, resolved to the account's metric ids when listed; an entry
// whose metric the account does not have yet is listed as unavailable rather than hidden, so the
// library reads the same everywhere.
import { db } from '@/lib/db/client'
import type { ReportDefinitionInput } from './report-definition'

type Template = Omit<ReportDefinitionInput, 'source'> & {
  source: ReportDefinitionInput['source'] | { type: 'metric_name'; name: string }
}

export interface LibraryEntry {
  key: string
  category: 'revenue' | 'messages' | 'products' | 'audience'
  definition: Template
}

const ORDERS = { type: 'metric_name' as const, name: 'Placed Order' }

export const REPORT_LIBRARY: LibraryEntry[] = [
  {
    key: 'revenue_by_campaign',
    category: 'revenue',
    definition: {
      source: ORDERS,
      measurements: ['sum_value', 'count'],
      groupBy: [{ type: 'campaign' }],
      timeframe: { range: 'last_90_days' },
      chart: 'bar',
    },
  },
  {
    key: 'revenue_by_flow',
    category: 'revenue',
    definition: {
      source: ORDERS,
      measurements: ['sum_value', 'count'],
      groupBy: [{ type: 'flow' }],
      timeframe: { range: 'last_90_days' },
      chart: 'bar',
    },
  },
  {
    key: 'revenue_per_week',
    category: 'revenue',
    definition: {
      source: ORDERS,
      measurements: ['sum_value', 'count', 'unique'],
      groupBy: [{ type: 'time', granularity: 'weekly' }],
      timeframe: { range: 'last_12_months' },
      compare: false,
      chart: 'line',
    },
  },
  {
    key: 'flow_performance_by_message',
    category: 'messages',
    definition: {
      source: { type: 'messages', channel: 'email', messageType: 'flow', event: 'opened' },
      measurements: ['count', 'unique'],
      groupBy: [{ type: 'flow' }, { type: 'event_property', name: 'Subject' }],
      timeframe: { range: 'last_30_days' },
      chart: 'table',
    },
  },
  {
    key: 'campaign_clicks',
    category: 'messages',
    definition: {
      source: { type: 'messages', channel: 'email', messageType: 'campaign', event: 'clicked' },
      measurements: ['unique', 'count'],
      groupBy: [{ type: 'campaign' }],
      timeframe: { range: 'last_90_days' },
      chart: 'bar',
    },
  },
  {
    key: 'orders_by_product',
    category: 'products',
    definition: {
      source: { type: 'metric_name', name: 'Ordered Product' },
      measurements: ['count', 'sum_value'],
      groupBy: [{ type: 'event_property', name: 'ProductName' }],
      timeframe: { range: 'last_90_days' },
      compare: true,
      chart: 'bar',
    },
  },
  {
    key: 'orders_by_country',
    category: 'audience',
    definition: {
      source: ORDERS,
      measurements: ['count', 'unique', 'sum_value'],
      groupBy: [{ type: 'profile_property', name: 'country' }],
      timeframe: { range: 'last_365_days' },
      chart: 'bar',
    },
  },
  {
    key: 'site_activity_per_day',
    category: 'audience',
    definition: {
      source: { type: 'metric_name', name: 'Active on Site' },
      measurements: ['unique'],
      groupBy: [{ type: 'time', granularity: 'daily' }],
      timeframe: { range: 'last_30_days' },
      chart: 'line',
    },
  },
]

export interface ResolvedLibraryEntry {
  key: string
  category: LibraryEntry['category']
  /** Ready for the builder; null when the account lacks the entry's metric. */
  definition: ReportDefinitionInput | null
  missingMetric: string | null
}

export async function listReportLibrary(companyId: number): Promise<ResolvedLibraryEntry[]> {
  const names = [
    ...new Set(
      REPORT_LIBRARY.flatMap((e) => (e.definition.source.type === 'metric_name' ? [e.definition.source.name] : [])),
    ),
  ]
  const metrics = await db.metric.findMany({
    where: { companyId, name: { in: names } },
    select: { id: true, name: true },
  })
  const ids = new Map(metrics.map((m) => [m.name, m.id]))
  return REPORT_LIBRARY.map((e) => {
    const s = e.definition.source
    if (s.type !== 'metric_name')
      return {
        key: e.key,
        category: e.category,
        definition: e.definition as ReportDefinitionInput,
        missingMetric: null,
      }
    const id = ids.get(s.name)
    return {
      key: e.key,
      category: e.category,
      definition: id ? { ...e.definition, source: { type: 'metric', metricId: id } } : null,
      missingMetric: id ? null : s.name,
    }
  })
}
