// GET /ajax/flow/message/{id}/reports/links: clicks per URL (total and unique profiles), most
// clicked first, from the Clicked Email events of the action's sends.
import { sql } from 'kysely'
import { read, select } from '@/lib/db/ops'
import { jsonText } from '@/lib/db/dialect'
import { MESSAGE_METRICS } from '@/lib/messaging/message-events'
import { messageScope } from './report-scope'
import { actionEvents, messageMetricIds } from './message-overview'

export async function messageLinks(companyId: number, messageId: string) {
  const s = await messageScope(companyId, messageId)
  const metrics = await messageMetricIds(companyId, { clicked: MESSAGE_METRICS.email.clicked })
  const id = metrics.get('clicked')
  if (!id) return { links: [], totalClicks: 0, uniqueClickers: 0 }
  const url = jsonText(sql.ref('Event.properties'), 'URL')
  const rows = await read(select(
    actionEvents(s, id).select([url.as('url'), sql<number>`count(*)`.as('clicks'), sql<number>`count(distinct ${sql.ref('profileId')})`.as('uniq')])
      // by position: the JSON path is a bound parameter, so PostgreSQL would not match a repeated expression
      .groupBy(sql`1`).orderBy(sql`count(*)`, 'desc').limit(200),
  ))
  const [all] = await read(select(actionEvents(s, id).select([sql<number>`count(*)`.as('n'), sql<number>`count(distinct ${sql.ref('profileId')})`.as('u')])))
  return {
    links: rows.map((r) => ({ url: r.url ?? '', clicks: Number(r.clicks), uniqueClicks: Number(r.uniq) })),
    totalClicks: Number(all?.n ?? 0), uniqueClickers: Number(all?.u ?? 0),
  }
}
