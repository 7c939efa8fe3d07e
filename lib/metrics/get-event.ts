// One event by id, within the company (GET /ajax/data/event/{id}).
import { read, selectFirst } from '@/lib/db/ops'
import { notFound } from '@/lib/errors/app-error'
import { toEventView, eventViewQuery } from './event-view'

export async function getEventOrThrow(companyId: number, id: number) {
  const row = await read(
    selectFirst(
      eventViewQuery()
        .innerJoin('Metric as m', (j) => j.onRef('m.id', '=', 'e.metricId').onRef('m.companyId', '=', 'e.companyId'))
        .select('m.name as metricName')
        .where('e.id', '=', id)
        .where('e.companyId', '=', companyId),
    ),
  )
  if (!row) throw notFound('This event does not exist.')
  return { event: toEventView(row, { id: row.metricId, name: row.metricName }) }
}
