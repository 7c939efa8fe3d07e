// Profile property and location conditions → SQL over the Profile row `p`, for either engine.
import type { BuiltinField, LocationCondition, ProfilePropertyCondition } from './definition'
import { countryAliases } from './country-aliases'
import { join, sql, raw, nowPlus, type Frag, type NowSeconds } from './sql-fragment'
import {
  boolish,
  containsItem,
  endExclusive,
  isDateOnly,
  isDayText,
  isNotSet,
  isSet,
  jsonVal,
  numeric,
  startOf,
  textCompare,
  textOf,
  unixSeconds,
  type Val,
} from './compile-values'

const COLUMNS: Record<BuiltinField, string> = {
  email: 'p."email"',
  phone_number: 'p."phoneNumber"',
  first_name: 'p."firstName"',
  last_name: 'p."lastName"',
  organization: 'p."organization"',
  title: 'p."title"',
  locale: 'p."locale"',
  city: 'p."city"',
  region: 'p."region"',
  country: 'p."country"',
  zip: 'p."zip"',
  timezone: 'p."timezone"',
  created: 'p."createdAt"',
  updated: 'p."updatedAt"',
  last_event_date: 'p."lastEventAt"',
}
const DATE_COLUMNS = new Set<BuiltinField>(['created', 'updated', 'last_event_date'])

function valueOf(field: string): Val {
  if (field.startsWith('properties.')) return jsonVal(raw('p."properties"'), field.slice('properties.'.length), 'field')
  const f = field as BuiltinField
  return { kind: DATE_COLUMNS.has(f) ? 'datetime' : 'text', col: raw(COLUMNS[f]) }
}

/**
 * `timeZone` is the company's: a condition's dates are its local days. A stored value that is a
 * bare date is compared with those days as a calendar day (a birthday '1995-01-01' is on
 * 1995-01-01 wherever the company is); any other stored value is an instant. Against a
 * date-time bound, a bare stored date counts from 00:00 UTC.
 */
export function compileProfileProperty(c: ProfilePropertyCondition, now: NowSeconds, timeZone = 'UTC'): Frag {
  const x = valueOf(c.field)
  if (c.operator === 'is_set') return isSet(x)
  if (c.operator === 'is_not_set') return isNotSet(x)
  const v = c.value
  switch (c.valueType) {
    case 'text':
      if (c.field === 'country') return countryCompare(x, c.operator as Parameters<typeof textCompare>[1], String(v))
      return textCompare(x, c.operator as Parameters<typeof textCompare>[1], String(v))
    case 'number': {
      const n = numeric(x)
      switch (c.operator) {
        case 'equals':
          return sql`${n} = ${v}`
        case 'not_equals':
          return sql`(${n} IS NULL OR ${n} <> ${v})`
        case 'greater_than':
          return sql`${n} > ${v}`
        case 'less_than':
          return sql`${n} < ${v}`
        case 'between': {
          const [a, b] = v as number[]
          return sql`${n} BETWEEN ${a} AND ${b}`
        }
      }
      break
    }
    case 'boolean': {
      const b = boolish(x)
      return c.operator === 'equals' ? sql`${b} = ${v}` : sql`(${b} IS NULL OR ${b} <> ${v})`
    }
    case 'date': {
      const d = unixSeconds(x)
      const t = textOf(x)
      const dayText = isDayText(x)
      const byDay = (days: boolean, day: Frag, instant: Frag) =>
        days && dayText ? sql`(CASE WHEN ${dayText} THEN ${day} ELSE ${instant} END)` : instant
      switch (c.operator) {
        case 'before': {
          const s = String(v)
          return byDay(isDateOnly(s), sql`${t} < ${s}`, sql`${d} < ${startOf(s, timeZone)}`)
        }
        case 'after': {
          const s = String(v)
          return byDay(isDateOnly(s), sql`${t} > ${s}`, sql`${d} >= ${endExclusive(s, timeZone)}`)
        }
        case 'between': {
          const [a, b] = (v as string[]).map(String) as [string, string]
          return byDay(
            isDateOnly(a) && isDateOnly(b),
            sql`(${t} >= ${a} AND ${t} <= ${b})`,
            sql`(${d} >= ${startOf(a, timeZone)} AND ${d} < ${endExclusive(b, timeZone)})`,
          )
        }
        case 'in_last_days':
          return sql`(${d} >= ${nowPlus(now, -Number(v) * 86400)} AND ${d} <= ${nowPlus(now, 0)})`
      }
      break
    }
    case 'list': {
      if (x.kind !== 'json') break
      const item = containsItem(x, String(v))
      return c.operator === 'contains_item' ? item : sql`NOT ${item}`
    }
  }
  // The definition schema only lets valid type/operator pairs through.
  throw new Error(`Unsupported operator ${c.operator} for ${c.valueType}`)
}

export function compileLocation(c: LocationCondition): Frag {
  const x: Val = { kind: 'text', col: raw(COLUMNS[c.field]) }
  return c.field === 'country' ? countryCompare(x, c.operator, c.value) : textCompare(x, c.operator, c.value)
}

/** Country equality matches the code and every name of the country ("US" = "United States" = "USA"). */
function countryCompare(x: Val, op: Parameters<typeof textCompare>[1], value: string): Frag {
  const aliases = op === 'equals' || op === 'not_equals' ? countryAliases(value) : null
  if (!aliases) return textCompare(x, op, value)
  const any = sql`(${join(
    aliases.map((a) => textCompare(x, 'equals', a)),
    ' OR ',
  )})`
  return op === 'equals' ? any : sql`(${textOf(x)} IS NULL OR NOT ${any})`
}

/**
 * A date property's month and day ("MM-DD") or month ("MM") is one of `values`: birthdays and
 * anniversaries. Read from the stored text (an ISO date or date-time on both engines), so
 * '1990-05-17' and '1990-05-17T08:00:00Z' are both on May 17.
 */
export function compileMonthDayIn(field: string, part: 'month-day' | 'month', values: string[]): Frag {
  if (!values.length) return sql`(1 = 0)`
  const t = textOf(valueOf(field))
  const piece = part === 'month-day' ? sql`substr(${t}, 6, 5)` : sql`substr(${t}, 6, 2)`
  return sql`(${t} IS NOT NULL AND ${piece} IN (${join(
    values.map((v) => sql`${v}`),
    ', ',
  )}))`
}
