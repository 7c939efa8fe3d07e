// The activity timeline of one profile: newest first, keyset paging on (ts, id) so a page never
// repeats or skips an event while new ones arrive, optionally one metric only.
import { sql } from 'kysely'
import { dbEngine } from '@/lib/db/client'
import { kysely } from '@/lib/db/kysely'
import { read, select } from '@/lib/db/ops'
import { companyOf } from './get-profile-detail'
import { parseJsonObject } from './parse-json-object'
import type { TimelinePage } from './profile-detail-types'
import { listProfileMessages } from './list-profile-messages'

export const TIMELINE_PAGE_SIZE = 25
export const TIMELINE_CURSOR = /^\d{1,12}\.\d{1,12}$/

export const encodeTimelineCursor = (ts: number, id: number) => `${ts}.${id}`

function decodeCursor(cursor: string): { ts: number; id: number } {
  const [ts, id] = cursor.split('.').map(Number)
  return { ts: ts!, id: id! }
}

interface Row {
  id: number
  metricId: string
  ts: number
  value: number | null
  currency: string | null
  uniqueId: string | null
  properties: string
  metricName: string
  integration: string
}

// SQLite: "+e.companyId" and the CROSS JOIN (SQLite keeps its table order) keep the planner off
// the (companyId, …) indexes, which would walk the whole account's events in time order; the
// profile's own index reads only this person's events. PostgreSQL plans by statistics. The
// cursor's numbers are bigint: a 12-digit cursor must not overflow PostgreSQL's integer columns.
function query(
  profileId: string,
  companyId: number,
  metricId: string | undefined,
  after: { ts: number; id: number } | null,
  limit: number,
) {
  const join = dbEngine() === 'postgresql' ? sql`join` : sql`cross join`
  return sql<Row>`select e.id as id, e."metricId" as "metricId", e.ts as ts, e."value" as "value", e.currency as currency,
      e."uniqueId" as "uniqueId", e.properties as properties, m.name as "metricName", m.integration as integration
    from "Event" e ${join} "Metric" m on m.id = e."metricId" and ${companyOf('m')} = ${companyOf('e')}
    where e."profileId" = ${profileId} and ${companyOf('e')} = ${companyId}
      ${metricId ? sql`and e."metricId" = ${metricId}` : sql``}
      ${after ? sql`and (e.ts < cast(${after.ts} as bigint) or (e.ts = cast(${after.ts} as bigint) and e.id < cast(${after.id} as bigint)))` : sql``}
    order by e.ts desc, e.id desc limit ${limit}`.compile(kysely())
}

export async function listProfileEvents(
  companyId: number,
  profileId: string,
  opts: { cursor?: string; metricId?: string; pageSize?: number } = {},
): Promise<TimelinePage> {
  const pageSize = opts.pageSize ?? TIMELINE_PAGE_SIZE
  const after = opts.cursor ? decodeCursor(opts.cursor) : null
  const rows = await read(select(query(profileId, companyId, opts.metricId, after, pageSize + 1)))
  const page = rows.slice(0, pageSize)
  const last = page[page.length - 1]
  const nextCursor = rows.length > pageSize && last ? encodeTimelineCursor(last.ts, last.id) : null
  // The profile's messages of the same seconds (see list-profile-messages.ts); not under a metric filter.
  const messages = opts.metricId
    ? []
    : await listProfileMessages(companyId, profileId, {
        lowerSec: nextCursor && last ? last.ts : null,
        upperSec: after ? after.ts : null,
      })
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
    messages,
    nextCursor,
  }
}
