// The event feed of a metric, newest first. It reads one event beyond the page to know whether
// another page follows, instead of counting (seed 002 §7.9).
import { read, select } from '@/lib/db/ops'
import { badRequest } from '@/lib/errors/app-error'
import { metricRefOrThrow } from './get-metric'
import { toEventView, eventViewQuery } from './event-view'

export const MAX_FEED_PAGE_SIZE = 100
/** OFFSET walks the skipped rows: deeper pages than this are refused. */
export const MAX_FEED_OFFSET = 100_000

export async function listMetricEvents(companyId: number, metricId: string, opts: { page: number; pageSize: number }) {
  const metric = await metricRefOrThrow(companyId, metricId)
  if ((opts.page - 1) * opts.pageSize > MAX_FEED_OFFSET)
    throw badRequest('This page is too deep.', { page: ['This page is too deep.'] })
  const rows = await read(
    select(
      eventViewQuery()
        .where('e.companyId', '=', companyId)
        .where('e.metricId', '=', metric.id)
        .orderBy('e.ts', 'desc')
        .orderBy('e.id', 'desc')
        .limit(opts.pageSize + 1)
        .offset((opts.page - 1) * opts.pageSize),
    ),
  )
  return {
    events: rows.slice(0, opts.pageSize).map((r) => toEventView(r, metric)),
    page: opts.page,
    pageSize: opts.pageSize,
    hasNext: rows.length > opts.pageSize,
  }
}
