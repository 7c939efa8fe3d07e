// Mapped metrics (/api/mapped-metrics): which metric, or custom metric, the reports read for
// each business figure. Revenue is the attribution settings' conversion metric
// (/settings/attribution), so the two screens can never disagree; the other figures are
// MappedMetric rows. A figure never mapped reads the metric of its conventional name. Mapping one
// is lib/attribution/update-mapped-metric.ts (it may write the attribution settings).
import { db } from '@/lib/db/client'
import { notFound } from '@/lib/errors/app-error'
import { DEFAULT_CONVERSION_METRIC } from './conversion-metric'

export const MAPPED_KINDS = [
  'added_to_cart',
  'cancelled_sales',
  'ordered_product',
  'refunded_sales',
  'revenue',
  'started_checkout',
  'viewed_product',
] as const
export type MappedKind = (typeof MAPPED_KINDS)[number]
export const isMappedKind = (v: string): v is MappedKind => (MAPPED_KINDS as readonly string[]).includes(v)

const CONVENTIONAL_NAME: Record<MappedKind, string> = {
  added_to_cart: 'Added to Cart',
  cancelled_sales: 'Cancelled Order',
  ordered_product: 'Ordered Product',
  refunded_sales: 'Refunded Order',
  revenue: DEFAULT_CONVERSION_METRIC,
  started_checkout: 'Started Checkout',
  viewed_product: 'Viewed Product',
}

export interface MappedMetricRow {
  kind: MappedKind
  metricId: string | null
  customMetricId: string | null
  updatedAt: Date
}

export async function listMappedMetrics(companyId: number): Promise<MappedMetricRow[]> {
  const [company, settings, rows, conventional] = await Promise.all([
    db.company.findUnique({ where: { id: companyId }, select: { createdAt: true } }),
    db.attributionSettings.findUnique({ where: { companyId } }),
    db.mappedMetric.findMany({ where: { companyId } }),
    db.metric.findMany({
      where: { companyId, name: { in: Object.values(CONVENTIONAL_NAME) } },
      select: { id: true, name: true },
      orderBy: { createdAt: 'asc' },
    }),
  ])
  // Never changed: the account's own start is the last time the mapping was decided.
  const since = company?.createdAt ?? new Date(0)
  const byName = new Map<string, string>()
  for (const m of conventional) if (!byName.has(m.name)) byName.set(m.name, m.id)
  return MAPPED_KINDS.map((kind) => {
    if (kind === 'revenue') {
      const metricId = settings?.conversionMetricId ?? byName.get(CONVENTIONAL_NAME.revenue) ?? null
      return { kind, metricId, customMetricId: null, updatedAt: settings?.updatedAt ?? since }
    }
    const row = rows.find((r) => r.kind === kind)
    if (row) return { kind, metricId: row.metricId, customMetricId: row.customMetricId, updatedAt: row.updatedAt }
    return { kind, metricId: byName.get(CONVENTIONAL_NAME[kind]) ?? null, customMetricId: null, updatedAt: since }
  })
}

export async function getMappedMetric(companyId: number, kind: string): Promise<MappedMetricRow> {
  if (!isMappedKind(kind))
    throw notFound(`A mapped metric with id ${kind} was not found. Mapped metrics: ${MAPPED_KINDS.join(', ')}.`)
  return (await listMappedMetrics(companyId)).find((m) => m.kind === kind)!
}
