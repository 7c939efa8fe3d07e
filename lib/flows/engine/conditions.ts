// The vendor's profile filter (flow profile_filter, conditional-split, multi-branch branches,
// message additional_filters), evaluated NOW for one profile in ONE query: every condition
// compiles to a SQL predicate over the Profile row `p` (lib/segments' compilers for profile
// properties and metrics), groups are ANDed, the conditions inside a group ORed (the vendor's
// builder: "AND" between groups, "OR" inside one). A condition we cannot evaluate is false, and
// says why. profile-sample is the engine's hash of (profile, action, version).
import { sql as ksql } from 'kysely'
import { select, type Ops } from '@/lib/db/ops'
import { kysely } from '@/lib/db/kysely'
import { toDate } from '@/lib/db/dialect'
import { compileLocation, compileMonthDayIn, compileProfileProperty } from '@/lib/segments/compile-profile-property'
import { compileMetric } from '@/lib/segments/compile-metric'
import { compilePredictive } from '@/lib/segments/compile-predictive'
import { PredictiveRefused, predictiveFromVendor } from '@/lib/api/segments/predictive-condition'
import { sql, join, TRUE, FALSE, type Frag } from '@/lib/segments/sql-fragment'
import type {
  BuiltinField,
  EventFilter,
  MetricCondition,
  ProfilePropertyCondition,
  Timeframe,
} from '@/lib/segments/definition'
import { BUILTIN_FIELDS } from '@/lib/segments/definition'
import { DELIVERED_LIKE } from '@/lib/messaging/types'
import type { ProfileFilter } from '@/lib/flows/definition'
import { unitHash } from './hash'

export interface ConditionScope {
  companyId: number
  profileId: string
  flowId: string
  /** The run being advanced (excluded from "not in flow"); null in a preview before entry. */
  runId: string | null
  actionId: string
  version: number
  now: Date
  timeZone: string
  /** When the run entered the flow: the "since flow start" timeframe. Looked up when needed and not given. */
  runStartedAt?: Date | null
}

export interface FilterResult {
  match: boolean
  /** One line per condition: what it checked and whether it held. */
  reasons: string[]
}

type Cond = Record<string, unknown> & { type: string }
interface Compiled {
  frag: Frag
  label: string
  note?: string
}

const HOUR = 3600
const UNIT_S: Record<string, number> = { hour: HOUR, day: 24 * HOUR, week: 7 * 24 * HOUR }
const DAY_S = 24 * HOUR
const iso = (seconds: number) => new Date(seconds * 1000).toISOString()
const EPOCH = '1970-01-01T00:00:00.000Z'
/** The last second an event's ts (a 32-bit integer on PostgreSQL) can hold: the open end of a window. */
const FOREVER = '2038-01-19T03:14:06.000Z'
/** The 27 member states: the "profile-region european_union" condition. */
const EU = [
  'AT',
  'BE',
  'BG',
  'HR',
  'CY',
  'CZ',
  'DK',
  'EE',
  'FI',
  'FR',
  'DE',
  'GR',
  'HU',
  'IE',
  'IT',
  'LV',
  'LT',
  'LU',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SK',
  'SI',
  'ES',
  'SE',
]

type DateFilter = {
  operator?: string
  date?: string
  start?: string | number
  end?: string | number
  unit?: string
  quantity?: number
  value?: number
}

/** Seconds of `quantity` `unit`s, or undefined when either is not understood. */
function spanSeconds(f: DateFilter): number | undefined {
  const u = UNIT_S[f.unit ?? '']
  return u && typeof f.quantity === 'number' && Number.isFinite(f.quantity) && f.quantity >= 0
    ? f.quantity * u
    : undefined
}
const validIso = (v: unknown): v is string => typeof v === 'string' && !Number.isNaN(Date.parse(v))

/** The calendar days ("MM-DD") from `fromDay` days after today to `toDay` days after today, in the company's zone. */
function monthDays(nowS: number, timeZone: string, fromDay: number, toDay: number): string[] {
  const out = new Set<string>()
  const fmt = new Intl.DateTimeFormat('en-CA', { timeZone, month: '2-digit', day: '2-digit' })
  for (let d = fromDay; d <= toDay && out.size < 366; d++) {
    const parts = fmt.formatToParts(new Date((nowS + d * DAY_S) * 1000))
    out.add(`${parts.find((p) => p.type === 'month')!.value}-${parts.find((p) => p.type === 'day')!.value}`)
  }
  return [...out]
}
const monthOf = (nowS: number, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, month: '2-digit' }).format(new Date(nowS * 1000))

/**
 * A vendor date filter on a profile property (StaticDate, StaticDateRange, RelativeDate,
 * RelativeDateRange, RelativeAnniversary, Calendar, Anniversary, Alltime) as a SQL predicate.
 * Relative windows move with the evaluation time; anniversaries compare month and day in the
 * company's time zone.
 */
function compileDateProperty(
  field: ProfilePropertyCondition['field'],
  f: DateFilter,
  s: ConditionScope,
  nowS: number,
): Frag | string {
  const date = (operator: ProfilePropertyCondition['operator'], value?: ProfilePropertyCondition['value']) =>
    compileProfileProperty({ kind: 'profile_property', field, valueType: 'date', operator, value }, nowS, s.timeZone)
  const span = spanSeconds(f)
  switch (f.operator) {
    case 'before':
    case 'after':
      return validIso(f.date) ? date(f.operator, f.date) : 'date filter without a valid date'
    case 'between-static':
      return validIso(f.start) && validIso(f.end) ? date('between', [f.start, f.end]) : 'date range without valid dates'
    case 'in-the-last':
      return span === undefined
        ? 'relative date without a unit and quantity'
        : date('between', [iso(nowS - span), iso(nowS)])
    case 'at-least':
      return span === undefined ? 'relative date without a unit and quantity' : date('before', iso(nowS - span + 1))
    case 'in-the-next':
      return span === undefined
        ? 'relative date without a unit and quantity'
        : date('between', [iso(nowS), iso(nowS + span)])
    case 'between': {
      const u = UNIT_S[f.unit ?? '']
      const a = Number(f.start),
        b = Number(f.end)
      if (!u || !Number.isFinite(a) || !Number.isFinite(b) || a > b)
        return 'relative date range without a unit, start and end'
      return date('between', [iso(nowS - b * u), iso(nowS - a * u)])
    }
    case 'alltime':
      return date('is_set')
    case 'calendar-month': {
      const m = Number(f.value)
      return Number.isInteger(m) && m >= 1 && m <= 12
        ? compileMonthDayIn(field, 'month', [String(m).padStart(2, '0')])
        : 'calendar month must be 1 to 12'
    }
    case 'anniversary':
      return compileMonthDayIn(field, 'month-day', monthDays(nowS, s.timeZone, 0, 0))
    case 'anniversary-month':
      return compileMonthDayIn(field, 'month', [monthOf(nowS, s.timeZone)])
    case 'anniversary-last':
    case 'anniversary-next': {
      if (span === undefined) return 'anniversary window without a unit and quantity'
      const days = Math.max(0, Math.ceil(span / DAY_S))
      return compileMonthDayIn(
        field,
        'month-day',
        f.operator === 'anniversary-last'
          ? monthDays(nowS, s.timeZone, -days, 0)
          : monthDays(nowS, s.timeZone, 0, days),
      )
    }
  }
  return `date operator '${f.operator}' is not supported`
}

/** A metric condition's timeframe (FlowsProfileMetricCondition) as our Timeframe; a string says why not. */
function metricTimeframe(tf: unknown, s: ConditionScope, nowS: number): Timeframe | string {
  const f = (tf ?? { operator: 'alltime' }) as DateFilter
  const span = spanSeconds(f)
  const between = (start: string, end: string): Timeframe => ({ type: 'between', start, end })
  switch (f.operator) {
    case 'alltime':
      return { type: 'all_time' }
    case 'in-the-last':
      return span === undefined
        ? 'metric timeframe without a unit and quantity'
        : { type: 'in_last_days', days: span / DAY_S }
    case 'at-least':
      return span === undefined ? 'metric timeframe without a unit and quantity' : between(EPOCH, iso(nowS - span))
    case 'before':
      return validIso(f.date)
        ? between(EPOCH, iso(Math.floor(Date.parse(f.date) / 1000) - 1))
        : 'metric timeframe without a valid date'
    case 'after':
      return validIso(f.date) ? between(f.date, FOREVER) : 'metric timeframe without a valid date'
    case 'between-static':
      return validIso(f.start) && validIso(f.end) ? between(f.start, f.end) : 'metric timeframe without valid dates'
    case 'between': {
      const u = UNIT_S[f.unit ?? '']
      const a = Number(f.start),
        b = Number(f.end)
      if (!u || !Number.isFinite(a) || !Number.isFinite(b) || a > b)
        return 'metric timeframe without a unit, start and end'
      return between(iso(nowS - b * u), iso(nowS - a * u))
    }
    case 'flow-start': {
      const start = s.runStartedAt ?? s.now
      return between(start.toISOString(), FOREVER)
    }
  }
  return `metric timeframe '${f.operator}' is not supported`
}

/** The vendor's metric property filters (ProfileMetricPropertyFilter) as event filters; a string says which one we cannot apply. */
function metricFilters(list: unknown): EventFilter[] | string {
  if (!Array.isArray(list)) return []
  const out: EventFilter[] = []
  for (const item of list as Array<{
    property?: string
    filter?: { type?: string; operator?: string; value?: unknown } | null
  }>) {
    const property = String(item?.property ?? '')
    const f = item?.filter
    if (!property || !f) continue
    const v = f.value
    const op = f.operator
    if (f.type === 'string' && (op === 'equals' || op === 'not-equals' || op === 'contains') && typeof v === 'string') {
      out.push({ property, operator: op === 'not-equals' ? 'not_equals' : op, value: v })
    } else if (
      f.type === 'numeric' &&
      typeof v === 'number' &&
      (op === 'equals' || op === 'not-equals' || op === 'greater-than' || op === 'less-than')
    ) {
      out.push({
        property,
        operator:
          op === 'not-equals'
            ? 'not_equals'
            : op === 'greater-than'
              ? 'greater_than'
              : op === 'less-than'
                ? 'less_than'
                : 'equals',
        value: v,
      })
    } else if (f.type === 'boolean' && typeof v === 'boolean') {
      out.push({ property, operator: op === 'not-equals' ? 'not_equals' : 'equals', value: v })
    } else {
      return `metric property filter ${property} ${f.type ?? ''} ${op ?? ''} is not supported`
    }
  }
  return out
}

/** since (Unix seconds) of a vendor timeframe filter; null = all time; undefined = not understood. */
function sinceSeconds(tf: unknown, nowS: number): number | null | undefined {
  const t = tf as { operator?: string; quantity?: number; unit?: string } | null | undefined
  if (!t || t.operator === 'alltime') return null
  if (t.operator === 'in-the-last' && typeof t.quantity === 'number' && UNIT_S[t.unit ?? ''])
    return nowS - t.quantity * UNIT_S[t.unit!]!
  return undefined
}

/** "email", "first_name", "properties['Favorite Color']", "$timezone" → our field name. */
export function fieldOf(property: string): ProfilePropertyCondition['field'] {
  const m = /^properties\[['"](.+)['"]\]$/.exec(property)
  if (m) return `properties.${m[1]}`
  if ((BUILTIN_FIELDS as readonly string[]).includes(property)) return property as BuiltinField
  if (property === 'phone') return 'phone_number'
  return `properties.${property}`
}

function compileProperty(c: Cond, s: ConditionScope, nowS: number): Compiled | string {
  const field = fieldOf(String(c.property ?? ''))
  const f = (c.filter ?? {}) as { type?: string; operator?: string; value?: unknown }
  const pp = (
    valueType: ProfilePropertyCondition['valueType'],
    operator: ProfilePropertyCondition['operator'],
    value?: ProfilePropertyCondition['value'],
  ) => compileProfileProperty({ kind: 'profile_property', field, valueType, operator, value }, nowS, s.timeZone)
  const label = `${c.property} ${f.operator} ${JSON.stringify(f.value ?? null)}`
  switch (f.type) {
    case 'existence':
      return { frag: pp('text', f.operator === 'is-set' ? 'is_set' : 'is_not_set'), label }
    case 'string': {
      const v = f.value
      const text: Record<string, ProfilePropertyCondition['operator']> = {
        equals: 'equals',
        'not-equals': 'not_equals',
        contains: 'contains',
        'not-contains': 'not_contains',
        'starts-with': 'starts_with',
        'ends-with': 'ends_with',
      }
      if (f.operator && text[f.operator]) return { frag: pp('text', text[f.operator]!, String(v ?? '')), label }
      if (f.operator === 'not-starts-with')
        return { frag: sql`NOT COALESCE(${pp('text', 'starts_with', String(v ?? ''))}, 0 = 1)`, label }
      if (f.operator === 'not-ends-with')
        return { frag: sql`NOT COALESCE(${pp('text', 'ends_with', String(v ?? ''))}, 0 = 1)`, label }
      if ((f.operator === 'in' || f.operator === 'not-in') && Array.isArray(v)) {
        const any = v.length
          ? sql`(${join(
              v.map((x) => pp('text', 'equals', String(x))),
              ' OR ',
            )})`
          : FALSE
        return { frag: f.operator === 'in' ? any : sql`NOT COALESCE(${any}, 0 = 1)`, label }
      }
      return `string operator '${f.operator}' is not supported`
    }
    case 'numeric': {
      const n = Number(f.value)
      if (!Number.isFinite(n)) return 'numeric filter without a number'
      switch (f.operator) {
        case 'equals':
          return { frag: pp('number', 'equals', n), label }
        case 'not-equals':
          return { frag: pp('number', 'not_equals', n), label }
        case 'greater-than':
          return { frag: pp('number', 'greater_than', n), label }
        case 'less-than':
          return { frag: pp('number', 'less_than', n), label }
        case 'greater-than-or-equal':
          return { frag: sql`(${pp('number', 'greater_than', n)} OR ${pp('number', 'equals', n)})`, label }
        case 'less-than-or-equal':
          return { frag: sql`(${pp('number', 'less_than', n)} OR ${pp('number', 'equals', n)})`, label }
      }
      return `numeric operator '${f.operator}' is not supported`
    }
    case 'boolean':
      return { frag: pp('boolean', 'equals', f.value === true || f.value === 'true'), label }
    case 'date': {
      const d = f as DateFilter
      const frag = compileDateProperty(field, d, s, nowS)
      const what =
        d.date ??
        (d.start !== undefined
          ? `${d.start}..${d.end}`
          : d.quantity !== undefined
            ? `${d.quantity} ${d.unit}`
            : (d.value ?? ''))
      return typeof frag === 'string' ? frag : { frag, label: `${c.property} ${d.operator} ${what}`.trim() }
    }
    case 'list':
      if (f.operator === 'contains') return { frag: pp('list', 'contains_item', String(f.value)), label }
      if (f.operator === 'not-contains') return { frag: pp('list', 'not_contains', String(f.value)), label }
      return `list operator '${f.operator}' is not supported`
  }
  return `profile property filter type '${f.type}' is not supported`
}

function compileProfileMetric(c: Cond, s: ConditionScope, nowS: number): Compiled | string {
  const metricId = String(c.metric_id ?? '')
  const mf = (c.measurement_filter ?? {}) as { operator?: string; value?: unknown }
  const n = Number(mf.value ?? 0)
  if (!Number.isFinite(n)) return 'metric condition without a number'
  const timeframe = metricTimeframe(c.timeframe_filter, s, nowS)
  if (typeof timeframe === 'string') return timeframe
  const filters = metricFilters(c.metric_filters)
  if (typeof filters === 'string') return filters
  const aggregate = c.measurement === 'sum' || c.measurement === 'value' ? 'sum_value' : 'count'
  const m = (comparison: MetricCondition['comparison'], count: number) =>
    compileMetric({ kind: 'metric', metricId, comparison, count, timeframe, aggregate, filters }, nowS, s.timeZone)
  const k = Math.ceil(n)
  const label = `metric ${metricId} ${c.measurement ?? 'count'} ${mf.operator} ${n}`
  switch (mf.operator) {
    case 'equals':
      return { frag: n === 0 ? m('zero_times', 0) : m('exactly', n), label }
    case 'not-equals':
      return { frag: sql`NOT ${n === 0 ? m('zero_times', 0) : m('exactly', n)}`, label }
    case 'greater-than':
      return { frag: m('at_least', Math.floor(n) + 1), label }
    case 'greater-than-or-equal':
      return { frag: m('at_least', k), label }
    case 'less-than':
      return { frag: n <= 0 ? FALSE : m('at_most', Math.ceil(n) - 1), label }
    case 'less-than-or-equal':
      return { frag: m('at_most', Math.floor(n)), label }
  }
  return `metric operator '${mf.operator}' is not supported`
}

const SEND_CHANNEL: Record<string, string> = {
  'profile-not-sent-email': 'email',
  'profile-not-sent-sms': 'sms',
  'profile-not-sent-push': 'push',
}

function compileCondition(c: Cond, s: ConditionScope, nowS: number): Compiled | string {
  switch (c.type) {
    case 'profile-property':
      return compileProperty(c, s, nowS)
    case 'profile-metric':
      return compileProfileMetric(c, s, nowS)
    case 'profile-group-membership': {
      const ids = Array.isArray(c.group_ids) ? (c.group_ids as string[]) : []
      if (!ids.length) return 'group membership without groups'
      const member = sql`EXISTS (SELECT 1 FROM "GroupMembership" gm JOIN "Group" g ON g."id" = gm."groupId" WHERE g."companyId" = ${s.companyId} AND gm."profileId" = p."id" AND gm."leftAt" IS NULL AND gm."groupId" IN (${join(
        ids.map((id) => sql`${id}`),
        ', ',
      )}))`
      return {
        frag: c.is_member === false ? sql`NOT ${member}` : member,
        label: `${c.is_member === false ? 'not in' : 'in'} ${ids.join(', ')}`,
      }
    }
    case 'profile-region': {
      const region = c.region === 'european_union' ? EU : c.region === 'united_states' ? ['US'] : null
      if (!region) return `region '${String(c.region)}' is not supported`
      const inRegion = sql`(${join(
        region.map((code) => compileLocation({ kind: 'location', field: 'country', operator: 'equals', value: code })),
        ' OR ',
      )})`
      return {
        frag: c.in_region === false ? sql`NOT COALESCE(${inRegion}, 0 = 1)` : inRegion,
        label: `${c.in_region === false ? 'not in' : 'in'} ${c.region}`,
      }
    }
    case 'profile-not-in-flow': {
      const since = sinceSeconds(c.timeframe_filter, nowS)
      if (since === undefined) return 'not-in-flow timeframe is not supported'
      const window = since == null ? TRUE : sql`r2."createdAt" >= ${new Date(since * 1000)}`
      const other = s.runId ? sql`r2."id" <> ${s.runId}` : TRUE
      return {
        frag: sql`NOT EXISTS (SELECT 1 FROM "FlowRun" r2 WHERE r2."companyId" = ${s.companyId} AND r2."profileId" = p."id" AND r2."flowId" = ${s.flowId} AND ${other} AND ${window})`,
        label: 'not in this flow',
      }
    }
    case 'profile-not-sent-email':
    case 'profile-not-sent-sms':
    case 'profile-not-sent-push': {
      const since = sinceSeconds(c.timeframe_filter, nowS)
      if (since === undefined) return 'timeframe is not supported'
      const window = since == null ? TRUE : sql`s."createdAt" >= ${new Date(since * 1000)}`
      const statuses = join(
        DELIVERED_LIKE.map((st) => sql`${st}`),
        ', ',
      )
      return {
        frag: sql`NOT EXISTS (SELECT 1 FROM "Send" s WHERE s."companyId" = ${s.companyId} AND s."profileId" = p."id" AND s."channel" = ${SEND_CHANNEL[c.type]!} AND NOT s."transactional" AND s."status" IN (${statuses}) AND ${window})`,
        label: `not sent ${SEND_CHANNEL[c.type]}`,
      }
    }
    case 'profile-predictive-analytics': {
      // Issue 23 §3: the account's latest predictions (lib/predictive), as segments read them.
      try {
        const p = predictiveFromVendor(c, '')
        return {
          frag: compilePredictive(p, nowS, s.timeZone),
          label: `${p.dimension} ${p.operator} ${String(p.value)}`,
        }
      } catch (e) {
        if (e instanceof PredictiveRefused) return e.message
        throw e
      }
    }
    case 'profile-sample': {
      const pct = Number(c.percentage ?? 0)
      const hit = unitHash(s.profileId, s.actionId, s.version, 'sample') * 100 < pct
      return { frag: hit ? TRUE : FALSE, label: `sample ${pct}%` }
    }
    case 'profile-marketing-consent': {
      const consent = (c.consent ?? {}) as { channel?: string; can_receive_marketing?: boolean }
      const channel =
        consent.channel === 'sms' ? 'sms_marketing' : consent.channel === 'email' ? 'email_marketing' : null
      if (!channel) return `consent channel '${consent.channel}' is not supported`
      const suppressed = sql`EXISTS (SELECT 1 FROM "Suppression" su WHERE su."profileId" = p."id" AND su."channel" = ${channel === 'email_marketing' ? 'email' : 'sms'} AND su."clearedAt" IS NULL)`
      const can =
        channel === 'email_marketing'
          ? sql`(p."email" IS NOT NULL AND NOT ${suppressed} AND NOT EXISTS (SELECT 1 FROM "ProfileConsent" pc WHERE pc."profileId" = p."id" AND pc."channel" = 'email_marketing' AND pc."status" = 'unsubscribed'))`
          : sql`(p."phoneNumber" IS NOT NULL AND NOT ${suppressed} AND EXISTS (SELECT 1 FROM "ProfileConsent" pc WHERE pc."profileId" = p."id" AND pc."channel" = 'sms_marketing' AND pc."status" = 'subscribed'))`
      return { frag: consent.can_receive_marketing === false ? sql`NOT ${can}` : can, label: `${channel} consent` }
    }
  }
  return `condition type '${c.type}' is not supported`
}

/** True when the filter has no condition at all (every profile qualifies). */
export function isEmptyFilter(f: ProfileFilter | null | undefined): boolean {
  return !f || !f.condition_groups?.length || f.condition_groups.every((g) => !g.conditions?.length)
}

/** Evaluates the filter for the scope's profile now (one query). */
export function* evaluateFilterOps(filter: ProfileFilter | null | undefined, s: ConditionScope): Ops<FilterResult> {
  if (isEmptyFilter(filter)) return { match: true, reasons: [] }
  const nowS = Math.floor(s.now.getTime() / 1000)
  if (s.runStartedAt === undefined && s.runId && JSON.stringify(filter).includes('"flow-start"')) {
    const run = (yield* select<{ createdAt: unknown }>(
      kysely().selectFrom('FlowRun').select('createdAt').where('id', '=', s.runId).where('companyId', '=', s.companyId),
    ))[0]
    s = { ...s, runStartedAt: run ? toDate(run.createdAt) : null }
  }
  const reasons: string[] = []
  const compiled: Array<Array<Compiled | string>> = filter!.condition_groups
    .filter((g) => g.conditions?.length)
    .map((g) => g.conditions.map((c) => compileCondition(c as Cond, s, nowS)))
  const cols: Frag[] = []
  compiled.forEach((g, gi) =>
    g.forEach((c, ci) => {
      cols.push(
        typeof c === 'string'
          ? sql`${0} AS ${ksqlRef(`c_${gi}_${ci}`)}`
          : sql`(CASE WHEN ${c.frag} THEN 1 ELSE 0 END) AS ${ksqlRef(`c_${gi}_${ci}`)}`,
      )
    }),
  )
  const q = sql`SELECT ${join(cols, ', ')} FROM "Profile" p WHERE p."companyId" = ${s.companyId} AND p."id" = ${s.profileId}`
  const row = (yield* select<Record<string, unknown>>(ksql`${q}`.compile(kyselyForCompile())))[0]
  if (!row) return { match: false, reasons: ['profile not found'] }
  let match = true
  compiled.forEach((g, gi) => {
    let any = false
    g.forEach((c, ci) => {
      const held = Number(row[`c_${gi}_${ci}`]) === 1
      any ||= held
      reasons.push(typeof c === 'string' ? `${c}: false` : `${c.label}: ${held}`)
    })
    match &&= any
  })
  return { match, reasons }
}

const kyselyForCompile = () => kysely()
const ksqlRef = (name: string) => ksql.raw(`"${name.replace(/[^a-z0-9_]/gi, '')}"`)
