// POST /api/campaign-values-reports: validation (pointers into the body), the timeframe in the
// company's zone, grouping, and the response (results[{groupings, statistics}], no data.id).
import { ApiError, type ErrorSource } from '@/lib/api/api-error'
import { flattenAnd, parseFilter, FilterSyntaxError, type FilterCondition } from '@/lib/api/filter-parser'
import { db } from '@/lib/db/client'
import { STATISTICS, computeStatistics, pick, type Statistic } from './statistics'
import { TIMEFRAME_KEYS, customRange, keyRange, spanTooLong, type Range, type TimeframeKey } from './timeframe'
import { campaignMessageCounts, sendChannel, sumCounts, type CampaignFilter } from './campaign-values'

/** The reporting endpoints' rate limit (burst 1/s, steady 2/min; the daily 225 is not enforced yet). */
/** The reporting endpoints' limits (parity brief): 1/s, 2/m and 225 a day. */
export const REPORT_RATE = { burst: 1, steady: 2, daily: 225 }

export const CAMPAIGN_GROUP_BY = [
  'campaign_id',
  'campaign_message_id',
  'campaign_message_name',
  'group',
  'group_name',
  'send_channel',
  'tag_id',
  'tag_name',
  'text_message_format',
  'variation',
  'variation_name',
] as const
export const CAMPAIGN_REQUIRED_GROUP_BY = ['campaign_id', 'campaign_message_id'] as const
const CAMPAIGN_DEFAULT_GROUP_BY = ['campaign_id', 'campaign_message_id', 'send_channel']
const SEND_CHANNELS = ['email', 'sms', 'push-notification', 'whatsapp']
const SCALAR_FILTER_OPS = ['equals', 'contains-any']
const CAMPAIGN_FILTER_FIELDS = ['campaign_id', 'campaign_message_id', 'send_channel']

type Problem = { detail: string; source: ErrorSource }
const at = (p: string, detail: string): Problem => ({ detail, source: { pointer: '/data/attributes' + p } })

export interface ParsedReport {
  statistics: Statistic[]
  range: Range
  conversionMetricId: string
  groupBy: string[]
  filter: CampaignFilter
}

export async function parseValuesReportBody(
  companyId: number,
  body: unknown,
  type: string,
  now: Date,
): Promise<ParsedReport> {
  const problems: Problem[] = []
  const data = (body as { data?: { type?: unknown; attributes?: Record<string, unknown> } } | null)?.data
  if (!data || typeof data !== 'object')
    throw ApiError.many(400, [{ detail: 'The body must be {"data": {...}}.', source: { pointer: '/data' } }])
  if (data.type !== type) problems.push({ detail: `"type" must be "${type}".`, source: { pointer: '/data/type' } })
  const a = data.attributes && typeof data.attributes === 'object' ? data.attributes : {}

  // statistics*
  let statistics: Statistic[] = []
  if (!Array.isArray(a.statistics) || a.statistics.length === 0)
    problems.push(at('/statistics', 'statistics is required: a non-empty list of statistic names.'))
  else
    for (const [i, s] of a.statistics.entries()) {
      if (typeof s !== 'string' || !(STATISTICS as readonly string[]).includes(s))
        problems.push(
          at(
            `/statistics/${i}`,
            `"${String(s)}" is not a valid statistic. Valid statistics: ${STATISTICS.join(', ')}.`,
          ),
        )
      else if (!statistics.includes(s as Statistic)) statistics.push(s as Statistic)
    }
  if (problems.some((p) => p.source.pointer?.includes('/statistics'))) statistics = []

  // conversion_metric_id*
  const cm = a.conversion_metric_id
  if (typeof cm !== 'string' || !cm) problems.push(at('/conversion_metric_id', 'conversion_metric_id is required.'))
  else if (!(await db.metric.findFirst({ where: { companyId, id: cm }, select: { id: true } })))
    problems.push(at('/conversion_metric_id', `The metric "${cm}" does not exist.`))

  // timeframe*
  const company = await db.company.findUnique({ where: { id: companyId }, select: { timezone: true } })
  const tz = company?.timezone || 'UTC'
  let range: Range | null = null
  const tf = a.timeframe as Record<string, unknown> | undefined
  if (!tf || typeof tf !== 'object')
    problems.push(at('/timeframe', 'timeframe is required: {"key": …} or {"start": …, "end": …}.'))
  else if (tf.key !== undefined) {
    if (typeof tf.key !== 'string' || !(TIMEFRAME_KEYS as readonly string[]).includes(tf.key))
      problems.push(
        at(
          '/timeframe/key',
          `"${String(tf.key)}" is not a valid timeframe key. Valid keys: ${TIMEFRAME_KEYS.join(', ')}.`,
        ),
      )
    else range = keyRange(tf.key as TimeframeKey, now, tz)
  } else if (typeof tf.start !== 'string' || typeof tf.end !== 'string') {
    problems.push(at('/timeframe', 'A custom timeframe needs both "start" and "end".'))
  } else {
    const r = customRange(tf.start, tf.end, tz)
    if ('error' in r) problems.push(at('/timeframe', r.error))
    else if (spanTooLong(r)) problems.push(at('/timeframe', 'The timeframe cannot be longer than 1 year.'))
    else range = r
  }

  // group_by
  let groupBy = CAMPAIGN_DEFAULT_GROUP_BY
  if (a.group_by !== undefined && a.group_by !== null) {
    if (
      !Array.isArray(a.group_by) ||
      a.group_by.some((g) => typeof g !== 'string' || !(CAMPAIGN_GROUP_BY as readonly string[]).includes(g))
    ) {
      problems.push(at('/group_by', `group_by must be a list of: ${CAMPAIGN_GROUP_BY.join(', ')}.`))
    } else {
      const missing = CAMPAIGN_REQUIRED_GROUP_BY.filter((r) => !(a.group_by as string[]).includes(r))
      if (missing.length)
        problems.push(
          at(
            '/group_by',
            `group_by must include ${CAMPAIGN_REQUIRED_GROUP_BY.join(' and ')} (missing: ${missing.join(', ')}).`,
          ),
        )
      else groupBy = [...new Set(a.group_by as string[])]
    }
  }

  // filter
  const filter: CampaignFilter = {}
  if (a.filter !== undefined && a.filter !== null && a.filter !== '') {
    if (typeof a.filter !== 'string') problems.push(at('/filter', 'filter must be a string.'))
    else {
      try {
        const conds = flattenAnd(parseFilter(a.filter))
        const seen = new Set<string>()
        for (const c of conds) {
          const err = checkCondition(c, seen)
          if (err) {
            problems.push(at('/filter', err))
            continue
          }
          const values = (Array.isArray(c.value) ? c.value : [c.value]).map(String)
          if (c.field === 'campaign_id') filter.campaignIds = values
          if (c.field === 'campaign_message_id') filter.messageIds = values
          if (c.field === 'send_channel') filter.channels = values
        }
      } catch (e) {
        if (!(e instanceof FilterSyntaxError)) throw e
        problems.push(at('/filter', `Invalid filter: ${e.message}`))
      }
    }
  }
  if (problems.length) throw ApiError.many(400, problems)
  return { statistics, range: range!, conversionMetricId: cm as string, groupBy, filter }
}

function checkCondition(c: FilterCondition, seen: Set<string>): string | null {
  if (!CAMPAIGN_FILTER_FIELDS.includes(c.field))
    return `Filtering on "${c.field}" is not supported. Allowed fields: ${CAMPAIGN_FILTER_FIELDS.join(', ')}.`
  if (!SCALAR_FILTER_OPS.includes(c.op))
    return `The operator "${c.op}" is not allowed for "${c.field}". Allowed: ${SCALAR_FILTER_OPS.join(', ')}.`
  if (seen.has(c.field)) return `Only one filter per attribute: "${c.field}" is filtered twice.`
  seen.add(c.field)
  if (c.op === 'contains-any' && !Array.isArray(c.value))
    return `"contains-any" needs a list, e.g. contains-any(${c.field},["a","b"]).`
  if (c.op === 'equals' && (Array.isArray(c.value) || c.value === undefined)) return `"equals" takes a single value.`
  const values = Array.isArray(c.value) ? c.value : [c.value]
  if (values.length > 100) return 'A filter list holds at most 100 items.'
  if (c.field === 'send_channel')
    for (const v of values)
      if (!SEND_CHANNELS.includes(String(v)))
        return `"${String(v)}" is not a valid send_channel. Valid: ${SEND_CHANNELS.join(', ')}.`
  return null
}

export async function campaignValuesReport(companyId: number, p: ParsedReport) {
  const rows = await campaignMessageCounts(companyId, p.range, p.filter)
  const groups = new Map<
    string,
    { groupings: Record<string, string | null>; counts: (typeof rows)[number]['counts'][] }
  >()
  for (const r of rows) {
    if (!Object.values(r.counts).some((v) => v !== 0)) continue
    const g: Record<string, string | null> = {}
    for (const k of p.groupBy) {
      g[k] =
        k === 'campaign_id'
          ? r.campaignId
          : k === 'campaign_message_id'
            ? r.messageId
            : k === 'campaign_message_name'
              ? r.messageName
              : k === 'send_channel'
                ? sendChannel(r.channel)
                : null
    }
    const key = JSON.stringify(g)
    const e = groups.get(key) ?? groups.set(key, { groupings: g, counts: [] }).get(key)!
    e.counts.push(r.counts)
  }
  const results = [...groups.values()].map((g) => ({
    groupings: g.groupings,
    statistics: pick(computeStatistics(sumCounts(g.counts)), p.statistics),
  }))
  const campaignIds = [
    ...new Set(
      rows.filter((r) => results.some((x) => x.groupings.campaign_id === r.campaignId)).map((r) => r.campaignId),
    ),
  ]
  return {
    data: {
      type: 'campaign-values-report',
      attributes: { results },
      relationships: { campaigns: { data: campaignIds.map((id) => ({ type: 'campaign', id })) } },
    },
  }
}
