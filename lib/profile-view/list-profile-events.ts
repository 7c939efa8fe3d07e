// The activity timeline of one profile: newest first, keyset paging on (ts, id) so a page never
// repeats or skips an event while new ones arrive, optionally one metric only.
import { prep } from '@/lib/db/sqlite'
import { parseJsonObject } from './parse-json-object'
import type { TimelinePage } from './profile-detail-types'

export const TIMELINE_PAGE_SIZE = 25
export const TIMELINE_CURSOR = /^\d{1,12}\.\d{1,12}$/

export const encodeTimelineCursor = (ts: number, id: number) => `${ts}.${id}`

function decodeCursor(cursor: string): { ts: number; id: number } {
  const [ts, id] = cursor.split('.').map(Number)
  return { ts: ts!, id: id! }
}

interface Row {
  id: number; metricId: string; ts: number; value: number | null; currency: string | null; uniqueId: string | null
  properties: string; metricName: string; integration: string
}

// "+e.companyId" and the CROSS JOIN (SQLite keeps its table order) keep the planner off the
// (companyId, …) indexes, which would walk the whole account's events in time order; the
// profile's own index reads only this person's events.
function statement(withMetric: boolean, withCursor: boolean) {
  return prep(`SELECT e.id AS id, e.metricId AS metricId, e.ts AS ts, e.value AS value, e.currency AS currency,
      e.uniqueId AS uniqueId, e.properties AS properties, m.name AS metricName, m.integration AS integration
    FROM Event e CROSS JOIN Metric m ON m.id = e.metricId AND +m.companyId = +e.companyId
    WHERE e.profileId = ? AND +e.companyId = ?
      ${withMetric ? 'AND e.metricId = ?' : ''}
      ${withCursor ? 'AND (e.ts < ? OR (e.ts = ? AND e.id < ?))' : ''}
    ORDER BY e.ts DESC, e.id DESC LIMIT ?`)
}

export async function listProfileEvents(
  companyId: number,
  profileId: string,
  opts: { cursor?: string; metricId?: string; pageSize?: number } = {},
): Promise<TimelinePage> {
  const pageSize = opts.pageSize ?? TIMELINE_PAGE_SIZE
  const after = opts.cursor ? decodeCursor(opts.cursor) : null
  const args: unknown[] = [profileId, companyId]
  if (opts.metricId) args.push(opts.metricId)
  if (after) args.push(after.ts, after.ts, after.id)
  args.push(pageSize + 1)
  const rows = statement(!!opts.metricId, !!after).all(...args) as Row[]
  const page = rows.slice(0, pageSize)
  const last = page[page.length - 1]
  return {
    events: page.map((e) => ({
      id: e.id,
      metricId: e.metricId,
      metricName: e.metricName,
      integration: e.integration,
      datetime: new Date(e.ts * 1000).toISOString(),
      timestamp: e.ts,
      value: e.value,
      currency: e.currency,
      uniqueId: e.uniqueId,
      properties: parseJsonObject(e.properties),
    })),
    nextCursor: rows.length > pageSize && last ? encodeTimelineCursor(last.ts, last.id) : null,
  }
}
