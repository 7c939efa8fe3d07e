// One metric of a company; another company's id is simply not found.
import { db } from '@/lib/db/client'
import { prep } from '@/lib/db/sqlite'
import { notFound } from '@/lib/http/app-error'

const validId = (id: unknown): id is string => typeof id === 'string' && id.length > 0 && id.length <= 64

export async function getMetricOrThrow(companyId: number, id: string) {
  const metric = validId(id) ? await db.metric.findFirst({ where: { id, companyId } }) : null
  if (!metric) throw notFound('This metric does not exist.')
  return metric
}

/** The engine's lookup: one indexed read on the query's own connection, no Prisma round trip. */
export function metricRefOrThrow(companyId: number, id: string): { id: string; name: string } {
  const row = validId(id) ? (prep('SELECT id, name FROM Metric WHERE id = ? AND companyId = ?').get(id, companyId) as { id: string; name: string } | undefined) : undefined
  if (!row) throw notFound('This metric does not exist.')
  return row
}

/** The time of the metric's first event (alltime starts there), or null without events. */
export function firstEventAt(companyId: number, metricId: string): Date | null {
  const r = prep('SELECT MIN(ts) AS t FROM Event WHERE companyId = ? AND metricId = ?').get(companyId, metricId) as { t: number | null }
  return r.t == null ? null : new Date(r.t * 1000)
}
