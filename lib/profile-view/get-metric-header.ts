// What the metric page needs before its first request: the metric of this company (else
// null), and whether its events carry values (the "value" measurement) and in which currency.
import { db } from '@/lib/db/client'
import { kysely } from '@/lib/db/kysely'
import { read, selectFirst } from '@/lib/db/ops'

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
  const row = await read(
    selectFirst(
      kysely()
        .selectFrom((eb) =>
          eb
            .selectFrom('Event')
            .select(['value', 'currency'])
            .where('companyId', '=', companyId)
            .where('metricId', '=', id)
            .orderBy('ts', 'desc')
            .limit(VALUE_SAMPLE)
            .as('recent'),
        )
        .select((eb) => [eb.fn.count('recent.value').as('withValue'), eb.fn.max('recent.currency').as('currency')]),
    ),
  )
  return {
    id: metric.id,
    name: metric.name,
    integration: metric.integration,
    createdAt: metric.createdAt.toISOString(),
    hasValues: Number(row?.withValue ?? 0) > 0,
    currency: row?.currency ?? null,
  }
}
