// One event by id, within the company (GET /ajax/data/event/{id}).
import { prep } from '@/lib/db/sqlite'
import { notFound } from '@/lib/http/app-error'
import { toEventView, EVENT_VIEW_COLUMNS, type EventRow } from './event-view'

export function getEventOrThrow(companyId: number, id: number) {
  const row = prep(`SELECT ${EVENT_VIEW_COLUMNS}, m.name AS metricName
    FROM Event e JOIN Metric m ON m.id = e.metricId AND m.companyId = e.companyId
    LEFT JOIN Profile p ON p.id = e.profileId AND p.companyId = e.companyId
    WHERE e.id = ? AND e.companyId = ?`).get(id, companyId) as (EventRow & { metricName: string }) | undefined
  if (!row) throw notFound('This event does not exist.')
  return { event: toEventView(row, { id: row.metricId, name: row.metricName }) }
}
