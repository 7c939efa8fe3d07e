// The vendor's profile filter (flow profile_filter, conditional-split, multi-branch branches,
// message additional_filters), evaluated NOW for one profile in ONE query: every condition
// compiles to a SQL predicate over the Profile row `p` (lib/segments' compilers for profile
// properties and metrics), groups are ANDed, the conditions inside a group ORed (the vendor's
// builder: "AND" between groups, "OR" inside one). A condition we cannot evaluate is false, and
// says why. profile-sample is the engine's hash of (profile, action, version).
import { sql as ksql } from 'kysely'
import { select, type Ops } from '@/lib/db/ops'
import { kysely } from '@/lib/db/kysely'
import { compileProfileProperty } from '@/lib/segments/compile-profile-property'
import { compileMetric } from '@/lib/segments/compile-metric'
import { sql, join, TRUE, FALSE, type Frag } from '@/lib/segments/sql-fragment'
import type { BuiltinField, MetricCondition, ProfilePropertyCondition } from '@/lib/segments/definition'
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
}

export interface FilterResult {
  match: boolean
  /** One line per condition: what it checked and whether it held. */
  reasons: string[]
}

type Cond = Record<string, unknown> & { type: string }
interface Compiled { frag: Frag; label: string; note?: string }

const HOUR = 3600
const UNIT_S: Record<string, number> = { hour: HOUR, day: 24 * HOUR, week: 7 * 24 * HOUR }

/** since (Unix seconds) of a vendor timeframe filter; null = all time; undefined = not understood. */
function sinceSeconds(tf: unknown, nowS: number): number | null | undefined {
  const t = tf as { operator?: string; quantity?: number; unit?: string } | null | undefined
  if (!t || t.operator === 'alltime') return null
  if (t.operator === 'in-the-last' && typeof t.quantity === 'number' && UNIT_S[t.unit ?? '']) return nowS - t.quantity * UNIT_S[t.unit!]!
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
  const pp = (valueType: ProfilePropertyCondition['valueType'], operator: ProfilePropertyCondition['operator'], value?: ProfilePropertyCondition['value']) =>
    compileProfileProperty({ kind: 'profile_property', field, valueType, operator, value }, nowS, s.timeZone)
  const label = `${c.property} ${f.operator} ${JSON.stringify(f.value ?? null)}`
  switch (f.type) {
    case 'existence':
      return { frag: pp('text', f.operator === 'is-set' ? 'is_set' : 'is_not_set'), label }
    case 'string': {
      const v = f.value
      const text: Record<string, ProfilePropertyCondition['operator']> = {
        equals: 'equals', 'not-equals': 'not_equals', contains: 'contains', 'not-contains': 'not_contains', 'starts-with': 'starts_with', 'ends-with': 'ends_with',
      }
      if (f.operator && text[f.operator]) return { frag: pp('text', text[f.operator]!, String(v ?? '')), label }
      if (f.operator === 'not-starts-with') return { frag: sql`NOT COALESCE(${pp('text', 'starts_with', String(v ?? ''))}, 0 = 1)`, label }
      if (f.operator === 'not-ends-with') return { frag: sql`NOT COALESCE(${pp('text', 'ends_with', String(v ?? ''))}, 0 = 1)`, label }
      if ((f.operator === 'in' || f.operator === 'not-in') && Array.isArray(v)) {
        const any = v.length ? sql`(${join(v.map((x) => pp('text', 'equals', String(x))), ' OR ')})` : FALSE
        return { frag: f.operator === 'in' ? any : sql`NOT COALESCE(${any}, 0 = 1)`, label }
      }
      return `string operator '${f.operator}' is not supported`
    }
    case 'numeric': {
      const n = Number(f.value)
      if (!Number.isFinite(n)) return 'numeric filter without a number'
      switch (f.operator) {
        case 'equals': return { frag: pp('number', 'equals', n), label }
        case 'not-equals': return { frag: pp('number', 'not_equals', n), label }
        case 'greater-than': return { frag: pp('number', 'greater_than', n), label }
        case 'less-than': return { frag: pp('number', 'less_than', n), label }
        case 'greater-than-or-equal': return { frag: sql`(${pp('number', 'greater_than', n)} OR ${pp('number', 'equals', n)})`, label }
        case 'less-than-or-equal': return { frag: sql`(${pp('number', 'less_than', n)} OR ${pp('number', 'equals', n)})`, label }
      }
      return `numeric operator '${f.operator}' is not supported`
    }
    case 'boolean':
      return { frag: pp('boolean', 'equals', f.value === true || f.value === 'true'), label }
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
  const since = sinceSeconds(c.timeframe_filter, nowS)
  if (since === undefined) return 'metric timeframe is not supported'
  const timeframe: MetricCondition['timeframe'] = since == null ? { type: 'all_time' } : { type: 'in_last_days', days: (nowS - since) / 86400 }
  const aggregate = c.measurement === 'sum' || c.measurement === 'value' ? 'sum_value' : 'count'
  const m = (comparison: MetricCondition['comparison'], count: number) => compileMetric({ kind: 'metric', metricId, comparison, count, timeframe, aggregate }, nowS, s.timeZone)
  const k = Math.ceil(n)
  const label = `metric ${metricId} ${c.measurement ?? 'count'} ${mf.operator} ${n}`
  switch (mf.operator) {
    case 'equals': return { frag: n === 0 ? m('zero_times', 0) : m('exactly', n), label }
    case 'not-equals': return { frag: sql`NOT ${n === 0 ? m('zero_times', 0) : m('exactly', n)}`, label }
    case 'greater-than': return { frag: m('at_least', Math.floor(n) + 1), label }
    case 'greater-than-or-equal': return { frag: m('at_least', k), label }
    case 'less-than': return { frag: n <= 0 ? FALSE : m('at_most', Math.ceil(n) - 1), label }
    case 'less-than-or-equal': return { frag: m('at_most', Math.floor(n)), label }
  }
  return `metric operator '${mf.operator}' is not supported`
}

const SEND_CHANNEL: Record<string, string> = { 'profile-not-sent-email': 'email', 'profile-not-sent-sms': 'sms', 'profile-not-sent-push': 'push' }

function compileCondition(c: Cond, s: ConditionScope, nowS: number): Compiled | string {
  switch (c.type) {
    case 'profile-property': return compileProperty(c, s, nowS)
    case 'profile-metric': return compileProfileMetric(c, s, nowS)
    case 'profile-group-membership': {
      const ids = Array.isArray(c.group_ids) ? (c.group_ids as string[]) : []
      if (!ids.length) return 'group membership without groups'
      const member = sql`EXISTS (SELECT 1 FROM "GroupMembership" gm JOIN "Group" g ON g."id" = gm."groupId" WHERE g."companyId" = ${s.companyId} AND gm."profileId" = p."id" AND gm."leftAt" IS NULL AND gm."groupId" IN (${join(ids.map((id) => sql`${id}`), ', ')}))`
      return { frag: c.is_member === false ? sql`NOT ${member}` : member, label: `${c.is_member === false ? 'not in' : 'in'} ${ids.join(', ')}` }
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
      const statuses = join(DELIVERED_LIKE.map((st) => sql`${st}`), ', ')
      return {
        frag: sql`NOT EXISTS (SELECT 1 FROM "Send" s WHERE s."companyId" = ${s.companyId} AND s."profileId" = p."id" AND s."channel" = ${SEND_CHANNEL[c.type]!} AND NOT s."transactional" AND s."status" IN (${statuses}) AND ${window})`,
        label: `not sent ${SEND_CHANNEL[c.type]}`,
      }
    }
    case 'profile-sample': {
      const pct = Number(c.percentage ?? 0)
      const hit = unitHash(s.profileId, s.actionId, s.version, 'sample') * 100 < pct
      return { frag: hit ? TRUE : FALSE, label: `sample ${pct}%` }
    }
    case 'profile-marketing-consent': {
      const consent = (c.consent ?? {}) as { channel?: string; can_receive_marketing?: boolean }
      const channel = consent.channel === 'sms' ? 'sms_marketing' : consent.channel === 'email' ? 'email_marketing' : null
      if (!channel) return `consent channel '${consent.channel}' is not supported`
      const suppressed = sql`EXISTS (SELECT 1 FROM "Suppression" su WHERE su."profileId" = p."id" AND su."channel" = ${channel === 'email_marketing' ? 'email' : 'sms'} AND su."clearedAt" IS NULL)`
      const can = channel === 'email_marketing'
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
  const reasons: string[] = []
  const compiled: Array<Array<Compiled | string>> = filter!.condition_groups.filter((g) => g.conditions?.length)
    .map((g) => g.conditions.map((c) => compileCondition(c as Cond, s, nowS)))
  const cols: Frag[] = []
  compiled.forEach((g, gi) => g.forEach((c, ci) => {
    cols.push(typeof c === 'string' ? sql`${0} AS ${ksqlRef(`c_${gi}_${ci}`)}` : sql`(CASE WHEN ${c.frag} THEN 1 ELSE 0 END) AS ${ksqlRef(`c_${gi}_${ci}`)}`)
  }))
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
