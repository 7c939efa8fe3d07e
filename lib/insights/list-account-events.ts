// Recent events across the account, newest first, optionally of one metric: the feed of
// /analytics/metrics/feed and /dashboard/activity. Pages like the metric feed (one event beyond
// the page says whether another follows); metric names come from one query of the page's metrics.
import { z } from 'zod'
import { kysely } from '@/lib/db/kysely'
import { read, select } from '@/lib/db/ops'
import { badRequest } from '@/lib/errors/app-error'
import { metricRefOrThrow } from '@/lib/metrics/get-metric'
import { eventViewQuery, toEventView } from '@/lib/metrics/event-view'
import { MAX_FEED_OFFSET, MAX_FEED_PAGE_SIZE } from '@/lib/metrics/list-metric-events'

export const accountEventsQuery = z
  .object({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    page_size: z.coerce.number().int().min(1).max(MAX_FEED_PAGE_SIZE).default(25),
    metric_id: z.string().min(1).max(64).optional(),
  })
  .strict()

export async function listAccountEvents(companyId: number, q: z.infer<typeof accountEventsQuery>) {
  if ((q.page - 1) * q.page_size > MAX_FEED_OFFSET)
    throw badRequest('This page is too deep.', { page: ['This page is too deep.'] })
  const only = q.metric_id ? await metricRefOrThrow(companyId, q.metric_id) : null
  let query = eventViewQuery().where('e.companyId', '=', companyId)
  if (only) query = query.where('e.metricId', '=', only.id)
  const rows = await read(
    select(
      query
        .orderBy('e.ts', 'desc')
        .orderBy('e.id', 'desc')
        .limit(q.page_size + 1)
        .offset((q.page - 1) * q.page_size),
    ),
  )
  const page = rows.slice(0, q.page_size)
  const ids = [...new Set(page.map((r) => r.metricId))]
  const metrics = ids.length
    ? await read(
        select(
          kysely()
            .selectFrom('Metric')
            .select(['id', 'name'])
            .where('companyId', '=', companyId)
            .where('id', 'in', ids),
        ),
      )
    : []
  const names = new Map(metrics.map((m) => [m.id, m]))
  return {
    events: page.map((r) => toEventView(r, names.get(r.metricId) ?? { id: r.metricId, name: r.metricId })),
    page: q.page,
    pageSize: q.page_size,
    hasNext: rows.length > q.page_size,
  }
}
