// The company's custom metrics; another company's id is simply not found.
import { db } from '@/lib/db/client'
import { toCustomMetricRow, type CustomMetricRow } from './definition'

export async function listCustomMetrics(companyId: number): Promise<CustomMetricRow[]> {
  const rows = await db.customMetric.findMany({ where: { companyId }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] })
  return rows.map(toCustomMetricRow)
}

export async function getCustomMetric(companyId: number, id: string): Promise<CustomMetricRow | null> {
  const r = await db.customMetric.findFirst({ where: { companyId, id } })
  return r ? toCustomMetricRow(r) : null
}
