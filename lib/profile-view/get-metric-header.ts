// What the metric page needs before its first request: the metric of this company (else
// null), and whether its events carry values (the "value" measurement) and in which currency.
import { db } from '@/lib/db/client'

/** How many of the newest events are looked at for values: enough to tell, bounded in cost. */
const VALUE_SAMPLE = 1000

export interface MetricHeader {
  id: string
  name: string
  integration: string
  createdAt: string
  hasValues: boolean
  currency: string | null
}

export async function getMetricHeader(companyId: number, id: string): Promise<MetricHeader | null> {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(id)) return null
  const metric = await db.metric.findFirst({ where: { id, companyId } })
  if (!metric) return null
  // One currency per store is the norm; of several, any one of the recent ones will do.
  const [row] = await db.$queryRawUnsafe<Array<{ hasValues: number | bigint | null; currency: string | null }>>(
    `SELECT MAX(value IS NOT NULL) AS hasValues, MAX(currency) AS currency
       FROM (SELECT value, currency FROM Event WHERE companyId = ? AND metricId = ? ORDER BY ts DESC LIMIT ${VALUE_SAMPLE})`,
    companyId, id,
  )
  return {
    id: metric.id, name: metric.name, integration: metric.integration, createdAt: metric.createdAt.toISOString(),
    hasValues: Number(row?.hasValues ?? 0) === 1,
    currency: row?.currency ?? null,
  }
}
