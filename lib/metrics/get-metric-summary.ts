// One metric with its event count and first and last event times (GET /ajax/data/metric/{id}).
import { kysely } from '@/lib/db/kysely'
import { read, selectFirst } from '@/lib/db/ops'
import { getMetricOrThrow } from './get-metric'

export async function getMetricSummary(companyId: number, id: string) {
  const m = await getMetricOrThrow(companyId, id)
  const s = await read(
    selectFirst(
      kysely()
        .selectFrom('Event')
        .select((eb) => [eb.fn.countAll().as('n'), eb.fn.min('ts').as('first'), eb.fn.max('ts').as('last')])
        .where('companyId', '=', companyId)
        .where('metricId', '=', m.id),
    ),
  )
  const iso = (t: unknown) => (t == null ? null : new Date(Number(t) * 1000).toISOString())
  return {
    metric: {
      id: m.id,
      name: m.name,
      integration: m.integration,
      integrationCategory: m.integrationCategory,
      createdAt: m.createdAt.toISOString(),
      updatedAt: m.updatedAt.toISOString(),
      eventCount: Number(s?.n ?? 0),
      firstEventAt: iso(s?.first),
      lastEventAt: iso(s?.last),
    },
  }
}
