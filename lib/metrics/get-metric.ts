// One metric of a company; another company's id is simply not found.
import { db } from '@/lib/db/client'
import { kysely } from '@/lib/db/kysely'
import { read, selectFirst, type Ops } from '@/lib/db/ops'
import { notFound } from '@/lib/errors/app-error'

const validId = (id: unknown): id is string => typeof id === 'string' && id.length > 0 && id.length <= 64

export async function getMetricOrThrow(companyId: number, id: string) {
  const metric = validId(id) ? await db.metric.findFirst({ where: { id, companyId } }) : null
  if (!metric) throw notFound('This metric does not exist.')
  return metric
}

/** The engine's lookup: one indexed read, no Prisma round trip. */
export function* metricRefOps(companyId: number, id: string): Ops<{ id: string; name: string }> {
  const row = validId(id)
    ? yield* selectFirst(
        kysely().selectFrom('Metric').select(['id', 'name']).where('id', '=', id).where('companyId', '=', companyId),
      )
    : undefined
  if (!row) throw notFound('This metric does not exist.')
  return row
}

export const metricRefOrThrow = (companyId: number, id: string) => read(metricRefOps(companyId, id))

/** The time of the metric's first event (alltime starts there), or null without events. */
export async function firstEventAt(companyId: number, metricId: string): Promise<Date | null> {
  const r = await read(
    selectFirst(
      kysely()
        .selectFrom('Event')
        .select((eb) => eb.fn.min('ts').as('t'))
        .where('companyId', '=', companyId)
        .where('metricId', '=', metricId),
    ),
  )
  return r?.t == null ? null : new Date(Number(r.t) * 1000)
}
