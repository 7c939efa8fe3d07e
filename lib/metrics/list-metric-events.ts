// The event feed of a metric, newest first. It reads one event beyond the page to know whether
// another page follows, instead of counting (seed 002 §7.9).
import { prep } from '@/lib/db/sqlite'
import { badRequest } from '@/lib/http/app-error'
import { metricRefOrThrow } from './get-metric'
import { toEventView, EVENT_VIEW_COLUMNS, type EventRow } from './event-view'

export const MAX_FEED_PAGE_SIZE = 100
/** OFFSET walks the skipped rows: deeper pages than this are refused. */
export const MAX_FEED_OFFSET = 100_000

export async function listMetricEvents(companyId: number, metricId: string, opts: { page: number; pageSize: number }) {
  const metric = metricRefOrThrow(companyId, metricId)
  if ((opts.page - 1) * opts.pageSize > MAX_FEED_OFFSET) throw badRequest('This page is too deep.', { page: ['This page is too deep.'] })
  const rows = prep(`SELECT ${EVENT_VIEW_COLUMNS}
    FROM Event e LEFT JOIN Profile p ON p.id = e.profileId AND p.companyId = e.companyId
    WHERE e.companyId = ? AND e.metricId = ?
    ORDER BY e.ts DESC, e.id DESC LIMIT ? OFFSET ?`).all(companyId, metric.id, opts.pageSize + 1, (opts.page - 1) * opts.pageSize) as EventRow[]
  return {
    events: rows.slice(0, opts.pageSize).map((r) => toEventView(r, metric)),
    page: opts.page,
    pageSize: opts.pageSize,
    hasNext: rows.length > opts.pageSize,
  }
}
