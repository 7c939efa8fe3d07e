// What a message report is about, as two SQL conditions: which Sends (a flow action's, a
// campaign's messages') and which message events (opened, clicked… whose $message names them).
// The report queries (send-reports.ts) take a scope, so a flow message report and a campaign
// report run the same queries over different sends.
import { sql, type RawBuilder } from 'kysely'
import { kysely } from '@/lib/db/kysely'
import { read, select } from '@/lib/db/ops'
import { escapeLike, jsonText } from '@/lib/db/dialect'

export const FLOW_SEND_SOURCE = 'flow_action_run'
export const CAMPAIGN_SEND_SOURCE = 'campaign_message'

export interface SendScope {
  companyId: number
  /** The report's Sends, over the Send table (or an alias of it). */
  sends(alias: string): RawBuilder<boolean>
  /** The message events about those Sends, over the Event table (or an alias of it). */
  events(alias: string): RawBuilder<boolean>
}

const col = (alias: string, c: string) => sql.ref(`${alias}.${c}`)

/** `column LIKE '<actionId>:%'` with the escape character spelled out (SQLite has no default). */
export function sourceOfAction(column: string, actionId: string): RawBuilder<boolean> {
  return sql<boolean>`${sql.ref(column)} like ${escapeLike(actionId) + ':%'} escape '\\'`
}

/** A flow action's sends: sourceId '<actionId>:<runId>', a LIKE prefix that range-scans the index. */
export function flowActionScope(companyId: number, actionId: string): SendScope {
  return {
    companyId,
    sends: (a) =>
      sql<boolean>`(${col(a, 'sourceType')} = ${FLOW_SEND_SOURCE} and ${sourceOfAction(`${a}.sourceId`, actionId)})`,
    events: (a) =>
      sql<boolean>`${jsonText(col(a, 'properties'), '$message')} like ${escapeLike(actionId) + ':%'} escape '\\'`,
  }
}

/** A campaign's sends: sourceType 'campaign_message', sourceId one of its message ids. */
export function campaignMessagesScope(companyId: number, messageIds: string[]): SendScope {
  const ids = messageIds.length ? messageIds : ['']
  const list = sql.join(ids.map((id) => sql`${id}`))
  return {
    companyId,
    sends: (a) =>
      sql<boolean>`(${col(a, 'sourceType')} = ${CAMPAIGN_SEND_SOURCE} and ${col(a, 'sourceId')} in (${list}))`,
    events: (a) =>
      sql<boolean>`(${jsonText(col(a, 'properties'), '$source_type')} = ${CAMPAIGN_SEND_SOURCE} and ${jsonText(col(a, 'properties'), '$message')} in (${list}))`,
  }
}

/** The scope's Sends (table Send). */
export const scopeSends = (s: SendScope) =>
  kysely().selectFrom('Send').where('Send.companyId', '=', s.companyId).where(s.sends('Send'))

/** The scope's events of one metric (table Event). */
export const scopeEvents = (s: SendScope, metricId: string) =>
  kysely()
    .selectFrom('Event')
    .where('Event.companyId', '=', s.companyId)
    .where('Event.metricId', '=', metricId)
    .where(s.events('Event'))

/** Metric ids of the message events by their report key (absent: the company has none yet). */
export async function messageMetricIds(companyId: number, names: Record<string, string>): Promise<Map<string, string>> {
  const rows = await read(
    select(
      kysely()
        .selectFrom('Metric')
        .select(['id', 'name'])
        .where('companyId', '=', companyId)
        .where('name', 'in', Object.values(names)),
    ),
  )
  const byName = new Map(rows.map((r) => [r.name, r.id]))
  const out = new Map<string, string>()
  for (const [k, n] of Object.entries(names)) if (byName.has(n)) out.set(k, byName.get(n)!)
  return out
}

/** Sends that reached the provider (counted as delivered unless they bounced). */
export const SENT_STATUSES = ['sent', 'delivered', 'bounced'] as const

export const DAY_MS = 86_400_000
