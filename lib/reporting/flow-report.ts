// /api/flow-values-reports and /api/flow-series-reports: the 31 statistics per flow message
// (grouped as asked: flow, message, names, channel), over a timeframe, optionally as a series.
// Set-based on both engines: three grouped queries whatever the number of flows — Sends by
// (action, status[, bucket]), human message events by (metric, action[, bucket]), EventAttribution
// of the conversion metric by (action[, bucket]); a series' buckets (hours, days, weeks or months in
// the company's zone) are a CASE over their starts, so unique counts are exact per bucket.
import { sql, type RawBuilder } from 'kysely'
import { dbEngine } from '@/lib/db/client'
import { kysely } from '@/lib/db/kysely'
import { read, select } from '@/lib/db/ops'
import { epochMs, jsonText } from '@/lib/db/dialect'
import { MESSAGE_METRICS } from '@/lib/messaging/message-events'
import { humanEngagementSql } from '@/lib/messaging/tracking/machine-activity'
import { FLOW_SEND_SOURCE } from './send-scope'
import { STATISTICS, computeStatistics, emptyCounts, type RawCounts, type Statistic } from './statistics'
import { sendChannel, sumCounts } from './campaign-values'
import { apiDateTime, bucketStarts, type ParsedRequest, type ReportSpec } from './report-request'

export const FLOW_GROUP_BY = [
  'flow_id',
  'flow_message_id',
  'flow_message_name',
  'flow_name',
  'send_channel',
  'tag_id',
  'tag_name',
  'text_message_format',
  'variation',
  'variation_name',
] as const
const SCALAR = ['equals', 'contains-any'] as const
export const flowReportSpec = (series: boolean): ReportSpec => ({
  type: series ? 'flow-series-report' : 'flow-values-report',
  statistics: STATISTICS,
  conversionMetric: true,
  series,
  groupBy: {
    allowed: FLOW_GROUP_BY,
    required: ['flow_id', 'flow_message_id'],
    default: ['flow_id', 'flow_message_id', 'send_channel'],
  },
  filters: {
    flow_id: SCALAR,
    flow_name: SCALAR,
    flow_message_id: SCALAR,
    flow_message_name: SCALAR,
    send_channel: SCALAR,
  },
})

const KINDS: Record<string, 'open' | 'click' | 'spam' | 'unsubscribe'> = {
  [MESSAGE_METRICS.email.opened]: 'open',
  [MESSAGE_METRICS.push.opened]: 'open',
  [MESSAGE_METRICS.email.clicked]: 'click',
  [MESSAGE_METRICS.sms.clicked]: 'click',
  [MESSAGE_METRICS.whatsapp.clicked]: 'click',
  [MESSAGE_METRICS.email.spam]: 'spam',
  [MESSAGE_METRICS.email.unsubscribed]: 'unsubscribe',
  [MESSAGE_METRICS.sms.unsubscribed]: 'unsubscribe',
  [MESSAGE_METRICS.whatsapp.unsubscribed]: 'unsubscribe',
}

interface Meta {
  flowId: string
  flowName: string
  messageId: string
  messageName: string
  actionId: string
  channel: string
}

/** The action id of a flow Send's sourceId or an event's $message ('<actionId>:<runId>'). */
function actionOf(expr: RawBuilder<string | null> | ReturnType<typeof sql.ref>): RawBuilder<string> {
  return dbEngine() === 'postgresql'
    ? sql<string>`split_part(${expr}, ':', 1)`
    : sql<string>`substr(${expr}, 1, instr(${expr}, ':') - 1)`
}
/** The series bucket (index) of a time in seconds: a CASE over the bucket starts, so distinct counts are exact per bucket. */
function bucketOf(seconds: RawBuilder<number> | ReturnType<typeof sql.ref>, starts: Date[] | null): RawBuilder<number> {
  if (!starts || starts.length < 2) return sql<number>`${sql.lit(0)}`
  const whens = starts
    .slice(1)
    .map((b, i) => sql`when ${seconds} < ${sql.lit(Math.floor(b.getTime() / 1000))} then ${sql.lit(i)}`)
  return sql<number>`(case ${sql.join(whens, sql` `)} else ${sql.lit(starts.length - 1)} end)`
}

async function flowMessages(companyId: number, filter: Record<string, string[]>): Promise<Meta[]> {
  let q = kysely()
    .selectFrom('FlowMessage as m')
    .innerJoin('Flow as f', (j) => j.onRef('f.id', '=', 'm.flowId').on('f.companyId', '=', companyId))
    .select(['m.id', 'm.flowId', 'm.actionId', 'm.channel', 'm.name', 'f.name as flowName'])
    .where('m.companyId', '=', companyId)
  if (filter.flow_id) q = q.where('m.flowId', 'in', filter.flow_id)
  if (filter.flow_message_id) q = q.where('m.id', 'in', filter.flow_message_id)
  const rows = (await read(select(q))).map((r) => ({
    flowId: r.flowId,
    flowName: r.flowName,
    messageId: r.id,
    messageName: r.name ?? '',
    actionId: r.actionId,
    channel: r.channel,
  }))
  return rows.filter(
    (m) =>
      (!filter.flow_name || filter.flow_name.includes(m.flowName)) &&
      (!filter.flow_message_name || filter.flow_message_name.includes(m.messageName)) &&
      (!filter.send_channel || filter.send_channel.includes(sendChannel(m.channel))),
  )
}

/** Raw counts per action id and bucket (one bucket without a series). */
async function countsByAction(
  companyId: number,
  actions: string[],
  p: ParsedRequest,
  starts: Date[] | null,
): Promise<Map<string, RawCounts[]>> {
  const n = starts ? starts.length : 1
  const out = new Map(actions.map((a) => [a, Array.from({ length: n }, emptyCounts)]))
  const from = Math.floor(p.range.start.getTime() / 1000)
  const to = Math.floor(p.range.end.getTime() / 1000)
  const bucket = (slot: unknown): number => Number(slot)
  const wanted = new Set(actions)

  // Sends by action and status (and slot for a series; one slot 0 otherwise).
  const sendAction = actionOf(sql.ref('Send.sourceId'))
  const sendSlot = bucketOf(sql<number>`(${epochMs(sql.ref('Send.createdAt'))} / 1000)`, starts)
  const sq = kysely()
    .selectFrom('Send')
    .select([sendAction.as('action'), 'status', sendSlot.as('slot')])
    .where('companyId', '=', companyId)
    .where('sourceType', '=', FLOW_SEND_SOURCE)
    .where('createdAt', '>=', p.range.start)
    .where('createdAt', '<', p.range.end)
  const sendRows = await read(
    select(
      kysely()
        .selectFrom(sq.as('s'))
        .select(['s.action', 's.status', 's.slot', sql<number>`count(*)`.as('n')])
        .groupBy(['s.action', 's.status', 's.slot']),
    ),
  )
  for (const r of sendRows) {
    if (!wanted.has(r.action)) continue
    const i = bucket(r.slot)
    if (i < 0) continue
    const c = out.get(r.action)![i]!
    const k = Number(r.n)
    if (['sent', 'delivered', 'bounced', 'failed'].includes(r.status)) c.recipients += k
    if (r.status === 'sent' || r.status === 'delivered') c.delivered += k
    if (r.status === 'bounced') c.bounced += k
    if (r.status === 'failed') c.failed += k
  }

  // Message events of people (machine opens and clicks left out), by metric and action.
  const metrics = await read(
    select(
      kysely()
        .selectFrom('Metric')
        .select(['id', 'name'])
        .where('companyId', '=', companyId)
        .where('name', 'in', Object.keys(KINDS)),
    ),
  )
  if (metrics.length) {
    const kindOf = new Map(metrics.map((m) => [m.id, KINDS[m.name]!]))
    const inner = kysely()
      .selectFrom('Event')
      .select([
        'metricId',
        'profileId',
        actionOf(jsonText(sql.ref('Event.properties'), '$message')).as('action'),
        bucketOf(sql.ref('Event.ts'), starts).as('slot'),
      ])
      .where('companyId', '=', companyId)
      .where(
        'metricId',
        'in',
        metrics.map((m) => m.id),
      )
      .where(jsonText(sql.ref('Event.properties'), '$source_type'), '=', FLOW_SEND_SOURCE)
      .where(humanEngagementSql(sql.ref('Event.properties')))
      .where('ts', '>=', from)
      .where('ts', '<', to)
    const eq = kysely()
      .selectFrom(inner.as('e'))
      .select([
        'e.metricId',
        'e.action',
        'e.slot',
        sql<number>`count(*)`.as('n'),
        sql<number>`count(distinct ${sql.ref('e.profileId')})`.as('u'),
      ])
      .groupBy(['e.metricId', 'e.action', 'e.slot'])
    for (const r of await read(select(eq))) {
      if (!wanted.has(r.action)) continue
      const i = bucket(r.slot)
      if (i < 0) continue
      const c = out.get(r.action)![i]!
      const k = Number(r.n),
        u = Number(r.u)
      switch (kindOf.get(r.metricId)) {
        case 'open':
          c.opens += k
          c.opensUnique += u
          break
        case 'click':
          c.clicks += k
          c.clicksUnique += u
          break
        case 'spam':
          c.spam += u
          break
        case 'unsubscribe':
          c.unsubscribes += k
          c.unsubscribeUniques += u
          break
      }
    }
  }

  // Conversions of the chosen metric the flow's messages earned.
  const ai = kysely()
    .selectFrom('EventAttribution')
    .select(['messageId', 'profileId', 'value', bucketOf(sql.ref('ts'), starts).as('slot')])
    .where('companyId', '=', companyId)
    .where('sourceType', '=', 'flow')
    .where('metricId', '=', p.conversionMetricId!)
    .where('ts', '>=', from)
    .where('ts', '<', to)
  const aq = kysely()
    .selectFrom(ai.as('a'))
    .select([
      'a.messageId',
      'a.slot',
      sql<number>`count(*)`.as('n'),
      sql<number>`count(distinct ${sql.ref('a.profileId')})`.as('u'),
      sql<number>`coalesce(sum(${sql.ref('a.value')}), 0)`.as('v'),
    ])
    .groupBy(['a.messageId', 'a.slot'])
  for (const r of await read(select(aq))) {
    if (!wanted.has(r.messageId)) continue
    const i = bucket(r.slot)
    if (i < 0) continue
    const c = out.get(r.messageId)![i]!
    c.conversions += Number(r.n)
    c.conversionUniques += Number(r.u)
    c.conversionValue += Number(r.v)
  }
  return out
}

function grouping(m: Meta, groupBy: string[]): Record<string, string | null> {
  const g: Record<string, string | null> = {}
  for (const k of groupBy) {
    g[k] =
      k === 'flow_id'
        ? m.flowId
        : k === 'flow_message_id'
          ? m.messageId
          : k === 'flow_message_name'
            ? m.messageName
            : k === 'flow_name'
              ? m.flowName
              : k === 'send_channel'
                ? sendChannel(m.channel)
                : null
  }
  return g
}

export async function flowReport(companyId: number, p: ParsedRequest) {
  const metas = await flowMessages(companyId, p.filter)
  const starts = p.interval ? bucketStarts(p.range, p.interval, p.timeZone) : null
  const counts = metas.length
    ? await countsByAction(companyId, [...new Set(metas.map((m) => m.actionId))], p, starts)
    : new Map<string, RawCounts[]>()
  const groups = new Map<
    string,
    { groupings: Record<string, string | null>; perBucket: RawCounts[][]; flows: Set<string>; messages: Set<string> }
  >()
  for (const m of metas) {
    const buckets = counts.get(m.actionId)
    if (!buckets || !buckets.some((c) => Object.values(c).some((v) => v !== 0))) continue
    const g = grouping(m, p.groupBy)
    const key = JSON.stringify(g)
    const e =
      groups.get(key) ??
      groups
        .set(key, { groupings: g, perBucket: buckets.map(() => []), flows: new Set(), messages: new Set() })
        .get(key)!
    buckets.forEach((c, i) => e.perBucket[i]!.push(c))
    e.flows.add(m.flowId)
    e.messages.add(m.messageId)
  }
  const stats = p.statistics as Statistic[]
  const results = [...groups.values()].map((g) => {
    const perBucket = g.perBucket.map((list) => computeStatistics(sumCounts(list)))
    const statistics = Object.fromEntries(stats.map((s) => [s, starts ? perBucket.map((b) => b[s]) : perBucket[0]![s]]))
    return { groupings: g.groupings, statistics }
  })
  const flows = new Set([...groups.values()].flatMap((g) => [...g.flows]))
  const messages = new Set([...groups.values()].flatMap((g) => [...g.messages]))
  return {
    data: {
      type: starts ? 'flow-series-report' : 'flow-values-report',
      attributes: { results, ...(starts ? { date_times: starts.map(apiDateTime) } : {}) },
      relationships: {
        flows: { data: [...flows].map((id) => ({ type: 'flow', id })) },
        'flow-messages': { data: [...messages].map((id) => ({ type: 'flow-message', id })) },
      },
    },
  }
}
