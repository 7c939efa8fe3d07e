// Email deliverability rates from the product's own rows: the email Sends of campaigns and flows
// that reached the provider in a time range (by sentAt), each marked bounced (hard or soft, from
// Send.status and the reason the bounce report set), spam complaint (a complaint report or the
// Marked Email as Spam event of the send) and unsubscribed (the send's Unsubscribed event).
// One per-send subquery, grouped by one dimension at a time in SQL; the message events are found
// by their unique id '<sendId>:<metric>' through the Event unique index, not by parsing JSON.
import { sql } from 'kysely'
import { kysely } from '@/lib/db/kysely'
import { read, select } from '@/lib/db/ops'
import { epochMs, jsonText, textPosition } from '@/lib/db/dialect'
import { MESSAGE_METRICS } from '@/lib/messaging/message-events'
import {
  CAMPAIGN_SEND_SOURCE,
  FLOW_SEND_SOURCE,
  SENT_STATUSES,
  DAY_MS,
  messageMetricIds,
} from '@/lib/reporting/send-scope'
import { MAILBOX_PROVIDERS, providerOf } from './mailbox-providers'
import { adviceFor, deliverabilityScore, type RateName } from './thresholds'
import { messageNames } from './message-names'

import type { EmailDimension } from './dimensions'

export { EMAIL_DIMENSIONS, type EmailDimension } from './dimensions'

export interface EmailCounts {
  sent: number
  delivered: number
  bounced: number
  hardBounced: number
  softBounced: number
  spam: number
  unsubscribed: number
}
export type EmailRates = Record<RateName, number>
export interface EmailRow extends EmailCounts {
  key: string
  /** The message's name (campaign, flow and message) for the 'message' grouping. */
  label?: string
  rates: EmailRates
}

export const DEFAULT_SENDING_DOMAIN = '(account default)'

export function ratesOf(c: EmailCounts): EmailRates {
  const d = c.sent || 1
  return {
    deliveryRate: c.sent ? c.delivered / d : 0,
    bounceRate: c.bounced / d,
    spamRate: c.spam / d,
    unsubscribeRate: c.unsubscribed / d,
  }
}

const emptyCounts = (): EmailCounts => ({
  sent: 0,
  delivered: 0,
  bounced: 0,
  hardBounced: 0,
  softBounced: 0,
  spam: 0,
  unsubscribed: 0,
})

export interface Range {
  from: Date
  to: Date
}

/** One row per send of the range with its flags and the columns a dimension groups by. */
async function perSend(companyId: number, range: Range) {
  const ids = await messageMetricIds(companyId, {
    spam: MESSAGE_METRICS.email.spam,
    unsub: MESSAGE_METRICS.email.unsubscribed,
  })
  const eventOf = (metricId: string | undefined, metric: string) =>
    metricId
      ? sql<boolean>`exists (select 1 from ${sql.table('Event')} e where e.${sql.ref('companyId')} = ${companyId} and e.${sql.ref('profileId')} = ${sql.ref('s.profileId')} and e.${sql.ref('metricId')} = ${metricId} and e.${sql.ref('uniqueId')} = ${sql.ref('s.id')} || ${':' + metric})`
      : sql<boolean>`1 = 0`
  const complaint = sql<boolean>`exists (select 1 from ${sql.table('EmailDeliveryReport')} r where r.${sql.ref('companyId')} = ${companyId} and r.${sql.ref('sendId')} = ${sql.ref('s.id')} and r.${sql.ref('kind')} = 'complaint')`
  const at = textPosition(sql.ref('p.email'), sql.lit('@'))
  const flag = (cond: ReturnType<typeof sql>) => sql<number>`case when ${cond} then 1 else 0 end`
  return kysely()
    .selectFrom('Send as s')
    .leftJoin('Profile as p', (j) => j.onRef('p.id', '=', 's.profileId').on('p.companyId', '=', companyId))
    .where('s.companyId', '=', companyId)
    .where('s.channel', '=', 'email')
    .where('s.sourceType', 'in', [CAMPAIGN_SEND_SOURCE, FLOW_SEND_SOURCE])
    .where('s.status', 'in', [...SENT_STATUSES])
    .where('s.sentAt', '>=', range.from)
    .where('s.sentAt', '<', range.to)
    .select([
      's.sourceType as sourceType',
      's.sourceId as sourceId',
      sql<number>`(${epochMs(sql.ref('s.sentAt'))} / ${sql.lit(DAY_MS)})`.as('day'),
      sql<string>`lower(substr(coalesce(${sql.ref('p.email')}, ''), ${at} + 1))`.as('rdomain'),
      sql<string | null>`lower(${jsonText(sql.ref('s.content'), 'fromEmail')})`.as('fromEmail'),
      flag(sql`${sql.ref('s.status')} = 'bounced'`).as('bounced'),
      flag(sql`${sql.ref('s.status')} = 'bounced' and ${sql.ref('s.reason')} = 'soft_bounce'`).as('soft'),
      flag(sql`${complaint} or ${eventOf(ids.get('spam'), MESSAGE_METRICS.email.spam)}`).as('spam'),
      flag(eventOf(ids.get('unsub'), MESSAGE_METRICS.email.unsubscribed)).as('unsub'),
    ])
}

/** The group key of a dimension over the per-send subquery 'x'. */
function keyOf(dimension: EmailDimension) {
  switch (dimension) {
    case 'provider':
    case 'recipient_domain':
      return sql<string>`${sql.ref('x.rdomain')}`
    case 'sending_domain':
      return sql<string>`${sql.ref('x.fromEmail')}`
    case 'message':
      // A flow send's sourceId is '<actionId>:<runId>': the message is the action.
      return sql<string>`case when ${sql.ref('x.sourceType')} = ${FLOW_SEND_SOURCE} then 'flow:' || substr(${sql.ref('x.sourceId')}, 1, ${textPosition(sql.ref('x.sourceId'), sql.lit(':'))} - 1) else 'campaign:' || ${sql.ref('x.sourceId')} end`
    case 'day':
      return sql<string>`${sql.ref('x.day')}`
  }
}

function fold(rows: Map<string, EmailCounts>, key: string, c: EmailCounts) {
  const t = rows.get(key) ?? emptyCounts()
  for (const k of Object.keys(t) as (keyof EmailCounts)[]) t[k] += c[k]
  rows.set(key, t)
}

function keyFromRow(dimension: EmailDimension, raw: unknown): string {
  if (dimension === 'provider') return providerOf(String(raw ?? ''))
  if (dimension === 'sending_domain') {
    const from = String(raw ?? '')
    return from.includes('@') ? from.slice(from.indexOf('@') + 1) : DEFAULT_SENDING_DOMAIN
  }
  if (dimension === 'day') return new Date(Number(raw) * DAY_MS).toISOString().slice(0, 10)
  return String(raw ?? '')
}

/** Counts and rates of the range, grouped by a dimension (rows by sends, most first; days in order). */
export async function emailRatesBy(companyId: number, range: Range, dimension: EmailDimension): Promise<EmailRow[]> {
  const inner = await perSend(companyId, range)
  const key = keyOf(dimension)
  const grouped = await read(
    select(
      kysely()
        .selectFrom(inner.as('x'))
        .select([
          key.as('k'),
          sql<number>`count(*)`.as('sent'),
          sql<number>`sum(${sql.ref('x.bounced')})`.as('bounced'),
          sql<number>`sum(${sql.ref('x.soft')})`.as('soft'),
          sql<number>`sum(${sql.ref('x.spam')})`.as('spam'),
          sql<number>`sum(${sql.ref('x.unsub')})`.as('unsub'),
        ])
        // By position: PostgreSQL does not match a select expression with bound parameters to a
        // repeated one in GROUP BY (each gets its own placeholder).
        .groupBy(sql`1`),
    ),
  )
  const rows = new Map<string, EmailCounts>()
  for (const r of grouped) {
    const sent = Number(r.sent)
    const bounced = Number(r.bounced ?? 0)
    const soft = Number(r.soft ?? 0)
    fold(rows, keyFromRow(dimension, r.k), {
      sent,
      delivered: sent - bounced,
      bounced,
      hardBounced: bounced - soft,
      softBounced: soft,
      spam: Number(r.spam ?? 0),
      unsubscribed: Number(r.unsub ?? 0),
    })
  }
  const out: EmailRow[] = [...rows].map(([k, c]) => ({ key: k, ...c, rates: ratesOf(c) }))
  if (dimension === 'message') {
    const names = await messageNames(
      companyId,
      out.map((r) => r.key),
    )
    for (const r of out) r.label = names.get(r.key) ?? r.key
  }
  if (dimension === 'day') return out.sort((a, b) => a.key.localeCompare(b.key))
  if (dimension === 'provider')
    return out.sort((a, b) => MAILBOX_PROVIDERS.indexOf(a.key as never) - MAILBOX_PROVIDERS.indexOf(b.key as never))
  return out.sort((a, b) => b.sent - a.sent || a.key.localeCompare(b.key))
}

export function totalOf(rows: EmailRow[]): EmailCounts & { rates: EmailRates } {
  const t = emptyCounts()
  for (const r of rows) for (const k of Object.keys(t) as (keyof EmailCounts)[]) t[k] += r[k]
  return { ...t, rates: ratesOf(t) }
}

/** The overview: totals with advice and score, and the rates by provider, sending domain and day. */
export async function emailDeliverability(companyId: number, range: Range) {
  const [byProvider, bySendingDomain, byDay] = await Promise.all([
    emailRatesBy(companyId, range, 'provider'),
    emailRatesBy(companyId, range, 'sending_domain'),
    emailRatesBy(companyId, range, 'day'),
  ])
  const total = totalOf(byProvider)
  return {
    range: { from: range.from.toISOString(), to: range.to.toISOString() },
    total,
    score: deliverabilityScore(total.rates, total.sent),
    advice: adviceFor(total.rates, total.sent),
    byProvider,
    bySendingDomain,
    byDay,
  }
}
