// What happened to the messages a flow action sent: its Send rows (sourceType 'flow_action_run',
// sourceId '<actionId>:<runId>', read with sourceId LIKE '<actionId>:%'), the
// message events recorded per send (Received/Opened/Clicked/Bounced/Unsubscribed, properties
// $send_id, lib/messaging/message-events.ts) and the conversions attributed to each send
// (EventAttribution: the recipient's last human open or click within the /settings/attribution
// windows earns the order, so each order counts for one message). Shared by statistics-v2 and
// the A/B test analytics.
import { sql, type SqlBool } from 'kysely'
import { kysely } from '@/lib/db/kysely'
import { read, select } from '@/lib/db/ops'
import { escapeLike, jsonText, toDate } from '@/lib/db/dialect'
import { MESSAGE_METRICS } from '@/lib/messaging/message-events'

/** The default email attribution window in days (/settings/attribution: 120 hours). */
export const ATTRIBUTION_DAYS = 5
const CHUNK = 500

export interface SendFacts {
  sendId: string
  actionId: string
  profileId: string
  channel: string
  status: string
  /** The message the send carried: context.$flow_message. */
  messageId: string | null
  /** The A/B test arm (context.$variation, else the message id). */
  variation: string | null
  at: Date
  delivered: boolean
  opened: boolean
  clicked: boolean
  bounced: boolean
  unsubscribed: boolean
  spam: boolean
  converted: boolean
  revenue: number
}

const DELIVERED = new Set(['sent', 'delivered', 'unknown'])
const ATTEMPTED = new Set(['sending', 'sent', 'delivered', 'unknown', 'bounced', 'failed'])

function metricNames() {
  const e = MESSAGE_METRICS
  return {
    opened: [e.email.opened, e.push.opened, e.whatsapp.read] as string[],
    clicked: [e.email.clicked, e.sms.clicked, e.whatsapp.clicked] as string[],
    bounced: [e.email.bounced, e.push.bounced, e.sms.failed, e.whatsapp.failed, e.email.dropped] as string[],
    unsubscribed: [e.email.unsubscribed, e.sms.unsubscribed, e.whatsapp.unsubscribed] as string[],
    spam: [e.email.spam] as string[],
  }
}

function contextIds(context: string | null): { messageId: string | null; variation: string | null } {
  if (!context) return { messageId: null, variation: null }
  try {
    const c = JSON.parse(context) as Record<string, unknown>
    const messageId = typeof c.$flow_message === 'string' ? c.$flow_message : null
    return { messageId, variation: typeof c.$variation === 'string' ? c.$variation : messageId }
  } catch {
    return { messageId: null, variation: null }
  }
}

/**
 * Facts of every attempted send of the given actions created in [from, to) (only real sends:
 * queued, deferred and skipped ones are left out, they reached no one yet).
 */
export async function sendFacts(
  companyId: number,
  actionIds: string[],
  range: { from?: Date | null; to?: Date | null } = {},
): Promise<SendFacts[]> {
  const db = kysely()
  const out: SendFacts[] = []
  for (const actionId of actionIds) {
    let q = db
      .selectFrom('Send')
      .select(['id', 'profileId', 'channel', 'status', 'context', 'createdAt', 'sentAt'])
      .where('companyId', '=', companyId)
      .where('sourceType', '=', 'flow_action_run')
      // LIKE, not a ':'..';' range: a PostgreSQL collation other than C may not order ':' before ';'.
      .where(sql<SqlBool>`${sql.ref('sourceId')} like ${escapeLike(actionId) + ':%'} escape '\\'`)
    if (range.from) q = q.where('createdAt', '>=', range.from)
    if (range.to) q = q.where('createdAt', '<', range.to)
    const rows = await read(select(q))
    for (const r of rows) {
      if (!ATTEMPTED.has(r.status)) continue
      out.push({
        sendId: r.id,
        actionId,
        profileId: r.profileId,
        channel: r.channel,
        status: r.status,
        ...contextIds(r.context),
        at: toDate(r.sentAt) ?? toDate(r.createdAt)!,
        delivered: DELIVERED.has(r.status),
        opened: false,
        clicked: false,
        bounced: r.status === 'bounced',
        unsubscribed: false,
        spam: false,
        converted: false,
        revenue: 0,
      })
    }
  }
  if (!out.length) return out
  await markEvents(companyId, out)
  await markConversions(companyId, out)
  return out
}

async function metricIds(companyId: number, names: string[]): Promise<Map<string, string>> {
  if (!names.length) return new Map()
  const rows = await read(
    select(
      kysely()
        .selectFrom('Metric')
        .select(['id', 'name'])
        .where('companyId', '=', companyId)
        .where('name', 'in', names),
    ),
  )
  return new Map(rows.map((r) => [r.id, r.name]))
}

async function markEvents(companyId: number, facts: SendFacts[]) {
  const names = metricNames()
  const ids = await metricIds(companyId, Object.values(names).flat())
  if (!ids.size) return
  const kindOf = new Map<string, keyof typeof names>()
  for (const [id, name] of ids)
    for (const k of Object.keys(names) as Array<keyof typeof names>) if (names[k].includes(name)) kindOf.set(id, k)
  const byId = new Map(facts.map((f) => [f.sendId, f]))
  const minTs = Math.floor(Math.min(...facts.map((f) => f.at.getTime())) / 1000) - 60
  const sendIdExpr = jsonText(sql.ref('Event.properties'), '$send_id')
  const all = [...byId.keys()]
  for (let i = 0; i < all.length; i += CHUNK) {
    const chunk = all.slice(i, i + CHUNK)
    const rows = await read(
      select(
        kysely()
          .selectFrom('Event')
          .select(['metricId', sendIdExpr.as('sendId')])
          .where('companyId', '=', companyId)
          .where('metricId', 'in', [...ids.keys()])
          .where('ts', '>=', minTs)
          .where(sendIdExpr, 'in', chunk),
      ),
    )
    for (const r of rows) {
      const f = r.sendId ? byId.get(r.sendId) : undefined
      const kind = kindOf.get(r.metricId)
      if (!f || !kind) continue
      f[kind] = true
      // An open or click proves delivery even when the provider never confirmed it.
      if (kind === 'opened' || kind === 'clicked') f.delivered = true
    }
  }
}

/** Conversions: those attributed to each send (lib/attribution: last human open or click within the window). */
async function markConversions(companyId: number, facts: SendFacts[]) {
  const byId = new Map(facts.map((f) => [f.sendId, f]))
  const all = [...byId.keys()]
  for (let i = 0; i < all.length; i += CHUNK) {
    const rows = await read(
      select(
        kysely()
          .selectFrom('EventAttribution')
          .select(['sendId', 'value'])
          .where('companyId', '=', companyId)
          .where('sourceType', '=', 'flow')
          .where('sendId', 'in', all.slice(i, i + CHUNK)),
      ),
    )
    for (const r of rows) {
      const f = byId.get(r.sendId)
      if (!f) continue
      f.converted = true
      f.revenue += Number(r.value ?? 0) || 0
    }
  }
}

export interface SendTotals {
  recipients: number
  delivered: number
  opens: number
  clicks: number
  bounces: number
  unsubscribes: number
  spamComplaints: number
  conversions: number
  revenue: number
  openRate: number
  clickRate: number
  bounceRate: number
  unsubscribeRate: number
  conversionRate: number
  revenuePerRecipient: number
}

const rate = (n: number, d: number) => (d ? Math.round((n / d) * 10_000) / 10_000 : 0)

export function totalsOf(facts: SendFacts[]): SendTotals {
  const t = {
    recipients: facts.length,
    delivered: 0,
    opens: 0,
    clicks: 0,
    bounces: 0,
    unsubscribes: 0,
    spamComplaints: 0,
    conversions: 0,
    revenue: 0,
  }
  for (const f of facts) {
    if (f.delivered) t.delivered++
    if (f.opened) t.opens++
    if (f.clicked) t.clicks++
    if (f.bounced) t.bounces++
    if (f.unsubscribed) t.unsubscribes++
    if (f.spam) t.spamComplaints++
    if (f.converted) t.conversions++
    t.revenue += f.revenue
  }
  t.revenue = Math.round(t.revenue * 100) / 100
  return {
    ...t,
    openRate: rate(t.opens, t.delivered),
    clickRate: rate(t.clicks, t.delivered),
    bounceRate: rate(t.bounces, t.recipients),
    unsubscribeRate: rate(t.unsubscribes, t.delivered),
    conversionRate: rate(t.conversions, t.recipients),
    revenuePerRecipient: t.recipients ? Math.round((t.revenue / t.recipients) * 100) / 100 : 0,
  }
}
