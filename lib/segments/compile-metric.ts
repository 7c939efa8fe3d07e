// "What someone has done": a metric condition → a correlated subquery on Event that walks the
// (profileId, metricId, ts) index for one profile. Counts stop early with LIMIT, so "at least
// 3 times" never counts a heavy user's thousands of events. Same SQL shape on both engines.
import type { EventFilter, MetricCondition } from './definition'
import { sql, raw, join, nowPlus, TRUE, type Frag, type NowSeconds } from './sql-fragment'
import { boolish, endExclusive, jsonVal, numeric, startOf, textCompare, type Val } from './compile-values'

function filterSql(f: EventFilter): Frag {
  // $value is the event's own value column, the rest are event properties.
  const x: Val =
    f.property === '$value'
      ? { kind: 'number', col: raw('e."value"') }
      : jsonVal(raw('e."properties"'), f.property, 'property')
  const equals = (): Frag =>
    typeof f.value === 'number'
      ? sql`${numeric(x)} = ${f.value}`
      : typeof f.value === 'boolean'
        ? sql`${boolish(x)} = ${f.value}`
        : textCompare(x, 'equals', f.value)
  switch (f.operator) {
    case 'equals':
      return equals()
    // Missing, or of another type ("L" against 5): equals() is NULL there, and that is "not equal".
    case 'not_equals':
      return sql`(${equals()}) IS NOT TRUE`
    case 'contains':
      return textCompare(x, 'contains', String(f.value))
    case 'greater_than':
      return sql`${numeric(x)} > ${f.value}`
    case 'less_than':
      return sql`${numeric(x)} < ${f.value}`
  }
}

/**
 * Timeframes: "in the last N days" is the window [now - N days, now], so an event dated in the
 * future does not count as recent; "between" is [start of the first day, start of the day after
 * the last) in the company's time zone; "all time" is every recorded event, future-dated ones
 * included. Only "in the last N days" moves with the clock (and is refreshed periodically,
 * see isTimeRelative); cutting "all time" at now would make every segment time-relative.
 */
export function compileMetric(c: MetricCondition, now: NowSeconds, timeZone = 'UTC'): Frag {
  // No e.companyId here: the profile is already scoped to the company and profile ids are
  // global, and leaving it out keeps the subquery on the covering index.
  const parts: Frag[] = [sql`e."profileId" = p."id"`, sql`e."metricId" = ${c.metricId}`]
  const tf = c.timeframe
  if (tf.type === 'in_last_days')
    parts.push(sql`e."ts" >= ${nowPlus(now, -tf.days * 86400)}`, sql`e."ts" <= ${nowPlus(now, 0)}`)
  else if (tf.type === 'between')
    parts.push(sql`e."ts" >= ${startOf(tf.start, timeZone)}`, sql`e."ts" < ${endExclusive(tf.end, timeZone)}`)
  for (const f of c.filters ?? []) parts.push(filterSql(f))
  const where = join(parts, ' AND ')
  const exists = sql`EXISTS (SELECT 1 FROM "Event" e WHERE ${where})`
  const none = sql`NOT ${exists}`
  if (c.comparison === 'zero_times') return none

  const n = c.count
  if ((c.aggregate ?? 'count') === 'sum_value') {
    const sum = sql`(SELECT COALESCE(SUM(e."value"), 0) FROM "Event" e WHERE ${where})`
    const op = c.comparison === 'at_least' ? '>=' : c.comparison === 'at_most' ? '<=' : '='
    return sql`${sum} ${raw(op)} ${n}`
  }
  const capped = (limit: number) =>
    sql`(SELECT COUNT(*) FROM (SELECT 1 FROM "Event" e WHERE ${where} LIMIT ${limit}) AS capped)`
  switch (c.comparison) {
    case 'at_least':
      return n <= 0 ? TRUE : n === 1 ? exists : sql`${capped(n)} >= ${n}`
    case 'at_most':
      return n === 0 ? none : sql`${capped(n + 1)} <= ${n}`
    case 'exactly':
      return n === 0 ? none : sql`${capped(n + 1)} = ${n}`
  }
}
