// The metric trigger's trigger_filter evaluated on an event's properties (OpenAPI
// MetricTrigger.trigger_filter: condition_groups of MetricPropertyCondition, each with a
// string / numeric / boolean / date / list / existence filter). Groups are ANDed, the conditions
// inside one group ORed (the vendor's filter semantics). A condition on a field the event does
// not have is false (only `existence not-set` is true there); text compares case-insensitively
// (regex excepted). Pure: no database, no clock read.

export type TriggerFilter = { condition_groups?: Array<{ conditions?: unknown[] }> } | null | undefined

interface Condition {
  type?: string
  field?: string
  filter?: Record<string, unknown>
}

const MISSING = Symbol('missing')

/** The value at `field`: the exact key first (vendor properties may contain dots), then a dotted path. */
export function fieldValue(props: Record<string, unknown>, field: string): unknown {
  if (Object.prototype.hasOwnProperty.call(props, field)) return props[field]
  let cur: unknown = props
  for (const part of field.split('.')) {
    if (cur === null || typeof cur !== 'object' || !Object.prototype.hasOwnProperty.call(cur, part)) return MISSING
    cur = (cur as Record<string, unknown>)[part]
  }
  return cur
}

const asNumber = (v: unknown): number | null => {
  if (typeof v === 'number' && Number.isFinite(v)) return v
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v)
  if (typeof v === 'boolean') return null
  return null
}

const asString = (v: unknown): string | null => {
  if (typeof v === 'string') return v
  if (typeof v === 'number' || typeof v === 'boolean') return String(v)
  return null
}

const asTime = (v: unknown): number | null => {
  if (typeof v === 'number' && Number.isFinite(v)) return v < 1e11 ? v * 1000 : v
  if (typeof v !== 'string' || !v.trim()) return null
  const t = Date.parse(v)
  return Number.isNaN(t) ? null : t
}

const UNIT_MS: Record<string, number> = { hour: 3_600_000, day: 86_400_000, week: 604_800_000 }

function safeRegex(pattern: string): RegExp | null {
  try {
    return new RegExp(pattern)
  } catch {
    return null
  }
}

function stringFilter(op: string, raw: unknown, value: unknown): boolean {
  if (op === 'in' || op === 'not-in') {
    const list = Array.isArray(value) ? value.map((x) => String(x).toLowerCase()) : []
    const s = asString(raw)?.toLowerCase() ?? null
    if (s === null) return false
    return op === 'in' ? list.includes(s) : !list.includes(s)
  }
  const original = asString(raw)
  if (original === null) return false
  const pattern = value == null ? '' : String(value)
  if (op === 'regex' || op === 'nregex') {
    const r = safeRegex(pattern)
    return r ? (op === 'regex' ? r.test(original) : !r.test(original)) : false
  }
  // Text compares case-insensitively, as the segment engine's text conditions do.
  const s = original.toLowerCase()
  const v = pattern.toLowerCase()
  switch (op) {
    case 'equals':
      return s === v
    case 'not-equals':
      return s !== v
    case 'contains':
      return s.includes(v)
    case 'not-contains':
      return !s.includes(v)
    case 'starts-with':
      return s.startsWith(v)
    case 'not-starts-with':
      return !s.startsWith(v)
    case 'ends-with':
      return s.endsWith(v)
    case 'not-ends-with':
      return !s.endsWith(v)
    default:
      return false
  }
}

function numericFilter(f: Record<string, unknown>, raw: unknown): boolean {
  const n = asNumber(raw)
  if (n === null) return false
  const op = String(f.operator)
  if (op === 'between') {
    const a = asNumber(f.start),
      b = asNumber(f.end)
    return a !== null && b !== null && n >= a && n <= b
  }
  const v = asNumber(f.value)
  if (v === null) return false
  switch (op) {
    case 'equals':
      return n === v
    case 'not-equals':
      return n !== v
    case 'greater-than':
      return n > v
    case 'greater-than-or-equal':
      return n >= v
    case 'less-than':
      return n < v
    case 'less-than-or-equal':
      return n <= v
    default:
      return false
  }
}

function booleanFilter(f: Record<string, unknown>, raw: unknown): boolean {
  const b = typeof raw === 'boolean' ? raw : raw === 'true' ? true : raw === 'false' ? false : null
  return b !== null && f.operator === 'equals' && b === f.value
}

function dateFilter(f: Record<string, unknown>, raw: unknown, now: Date): boolean {
  const t = asTime(raw)
  if (t === null) return false
  const op = String(f.operator)
  const nowMs = now.getTime()
  const span = (q: unknown, unit: unknown) => (asNumber(q) ?? 0) * (UNIT_MS[String(unit)] ?? UNIT_MS.day!)
  switch (op) {
    case 'before': {
      const d = asTime(f.date)
      return d !== null && t < d
    }
    case 'after': {
      const d = asTime(f.date)
      return d !== null && t > d
    }
    case 'between-static': {
      const a = asTime(f.start),
        b = asTime(f.end)
      return a !== null && b !== null && t >= a && t <= b
    }
    case 'in-the-last':
      return t <= nowMs && t >= nowMs - span(f.quantity, f.unit)
    case 'in-the-next':
      return t >= nowMs && t <= nowMs + span(f.quantity, f.unit)
    case 'at-least':
      return t <= nowMs - span(f.quantity, f.unit)
    case 'between': {
      const a = nowMs - span(f.end, f.unit),
        b = nowMs - span(f.start, f.unit)
      return t >= Math.min(a, b) && t <= Math.max(a, b)
    }
    case 'calendar-month':
      return new Date(t).getUTCMonth() + 1 === asNumber(f.value)
    case 'anniversary': {
      const d = new Date(t)
      return d.getUTCMonth() === now.getUTCMonth() && d.getUTCDate() === now.getUTCDate()
    }
    case 'anniversary-month':
      return new Date(t).getUTCMonth() === now.getUTCMonth()
    case 'anniversary-last':
    case 'anniversary-next': {
      // The date's month and day in this year (or the neighbouring one) within the window.
      const d = new Date(t)
      const width = span(f.quantity, f.unit)
      for (const y of [now.getUTCFullYear() - 1, now.getUTCFullYear(), now.getUTCFullYear() + 1]) {
        const a = Date.UTC(y, d.getUTCMonth(), d.getUTCDate())
        if (op === 'anniversary-last' ? a <= nowMs && a >= nowMs - width : a >= nowMs && a <= nowMs + width) return true
      }
      return false
    }
    default:
      return false
  }
}

function listFilter(f: Record<string, unknown>, raw: unknown): boolean {
  if (!Array.isArray(raw)) return false
  const op = String(f.operator)
  if (op === 'contains' || op === 'not-contains') {
    // Items compare as text, case-insensitively (as the string filters do).
    const has = raw.some(
      (x) =>
        x === f.value || (x != null && f.value != null && String(x).toLowerCase() === String(f.value).toLowerCase()),
    )
    return op === 'contains' ? has : !has
  }
  const v = asNumber(f.value)
  if (v === null) return false
  const n = raw.length
  switch (op) {
    case 'length-equals':
      return n === v
    case 'length-greater-than':
      return n > v
    case 'length-greater-than-or-equal':
      return n >= v
    case 'length-less-than':
      return n < v
    case 'length-less-than-or-equal':
      return n <= v
    default:
      return false
  }
}

/** One condition against the properties. Unknown condition or filter types never match. */
export function conditionMatches(c: Condition, props: Record<string, unknown>, now: Date): boolean {
  if (!c || typeof c !== 'object' || typeof c.field !== 'string' || !c.filter || typeof c.filter !== 'object')
    return false
  if (c.type !== undefined && c.type !== 'metric-property') return false
  const f = c.filter
  const raw = fieldValue(props, c.field)
  if (f.type === 'existence') {
    const set = raw !== MISSING && raw !== null && raw !== ''
    return f.operator === 'is-set' ? set : f.operator === 'not-set' ? !set : false
  }
  if (raw === MISSING || raw === null || raw === undefined) return false
  switch (f.type) {
    case 'string':
      return stringFilter(String(f.operator), raw, f.value)
    case 'numeric':
      return numericFilter(f, raw)
    case 'boolean':
      return booleanFilter(f, raw)
    case 'date':
      return dateFilter(f, raw, now)
    case 'list':
      return listFilter(f, raw)
    default:
      return false
  }
}

/** True when the event's properties pass the filter (no filter, or no groups: always). */
export function matchesTriggerFilter(filter: TriggerFilter, props: Record<string, unknown>, now: Date): boolean {
  const groups = filter?.condition_groups
  if (!Array.isArray(groups) || !groups.length) return true
  return groups.every((g) => {
    const conds = Array.isArray(g?.conditions) ? g.conditions : []
    if (!conds.length) return true
    return conds.some((c) => conditionMatches(c as Condition, props, now))
  })
}
