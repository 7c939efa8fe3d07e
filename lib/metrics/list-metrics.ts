// The metric list with event counts and the last event time (GET /ajax/data/metrics).
import { db } from '@/lib/db/client'
import { containsText } from '@/lib/db/dialect'
import { kysely } from '@/lib/db/kysely'
import { read, select } from '@/lib/db/ops'

export async function listMetrics(companyId: number, opts: { search?: string } = {}) {
  const search = opts.search?.trim()
  const metrics = await db.metric.findMany({
    where: { companyId, ...(search ? { name: containsText(search) } : {}) },
    orderBy: { name: 'asc' },
    take: 1000,
  })
  // One pass over the (companyId, metricId, ts) index, already in metricId order: no sort.
  const stats = new Map(
    (
      await read(
        select(
          kysely()
            .selectFrom('Event')
            .select((eb) => ['metricId', eb.fn.countAll().as('n'), eb.fn.max('ts').as('last')])
            .where('companyId', '=', companyId)
            .groupBy('metricId'),
        ),
      )
    ).map((s) => [s.metricId, s]),
  )
  return {
    metrics: metrics.map((m) => {
      const s = stats.get(m.id)
      return {
        id: m.id,
        name: m.name,
        integration: m.integration,
        integrationCategory: m.integrationCategory,
        createdAt: m.createdAt.toISOString(),
        updatedAt: m.updatedAt.toISOString(),
        eventCount: Number(s?.n ?? 0),
        lastEventAt: s ? new Date(Number(s.last) * 1000).toISOString() : null,
      }
    }),
  }
}
