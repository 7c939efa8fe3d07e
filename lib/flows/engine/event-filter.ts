// The vendor's trigger_filter on the triggering event's properties, evaluated in memory:
// { condition_groups: [{ conditions: [{ type: 'event-property', field, filter: { type, operator, value } }] }] }.
// Groups are ANDed, the conditions inside a group ORed (as profile filters). Unknown filter
// types are false, with the reason.
export interface EventFilterResult { match: boolean; reasons: string[] }

const lower = (v: unknown) => String(v ?? '').toLowerCase()

function valueAt(props: Record<string, unknown>, field: string): unknown {
  const key = field.replace(/^\$?event\./, '').replace(/^properties\[['"](.+)['"]\]$/, '$1')
  if (key in props) return props[key]
  return key.split('.').reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), props)
}

function test(v: unknown, f: { type?: string; operator?: string; value?: unknown }): boolean | string {
  const set = v !== undefined && v !== null && v !== ''
  switch (f.type) {
    case 'existence': return f.operator === 'is-set' ? set : !set
    case 'string': {
      const a = lower(v)
      const b = lower(f.value)
      switch (f.operator) {
        case 'equals': return set && a === b
        case 'not-equals': return a !== b
        case 'contains': return set && a.includes(b)
        case 'not-contains': return !a.includes(b)
        case 'starts-with': return set && a.startsWith(b)
        case 'not-starts-with': return !a.startsWith(b)
        case 'ends-with': return set && a.endsWith(b)
        case 'not-ends-with': return !a.endsWith(b)
        case 'in': return Array.isArray(f.value) && set && f.value.map(lower).includes(a)
        case 'not-in': return !(Array.isArray(f.value) && f.value.map(lower).includes(a))
      }
      return `string operator '${f.operator}' is not supported`
    }
    case 'numeric': {
      const a = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN
      const b = Number(f.value)
      if (Number.isNaN(a)) return f.operator === 'not-equals'
      switch (f.operator) {
        case 'equals': return a === b
        case 'not-equals': return a !== b
        case 'greater-than': return a > b
        case 'greater-than-or-equal': return a >= b
        case 'less-than': return a < b
        case 'less-than-or-equal': return a <= b
      }
      return `numeric operator '${f.operator}' is not supported`
    }
    case 'boolean': return (v === true || v === 'true') === (f.value === true || f.value === 'true')
    case 'list': {
      const items = Array.isArray(v) ? v.map(lower) : []
      if (f.operator === 'contains') return items.includes(lower(f.value))
      if (f.operator === 'not-contains') return !items.includes(lower(f.value))
      if (f.operator === 'length-equals') return items.length === Number(f.value)
      return `list operator '${f.operator}' is not supported`
    }
  }
  return `filter type '${f.type}' is not supported`
}

export function evaluateEventFilter(filter: unknown, props: Record<string, unknown> | null | undefined): EventFilterResult {
  const groups = ((filter as { condition_groups?: Array<{ conditions?: unknown[] }> } | null)?.condition_groups ?? []).filter((g) => g.conditions?.length)
  if (!groups.length) return { match: true, reasons: [] }
  const reasons: string[] = []
  let match = true
  for (const g of groups) {
    let any = false
    for (const raw of g.conditions!) {
      const c = raw as { type?: string; field?: string; property?: string; filter?: { type?: string; operator?: string; value?: unknown } }
      const field = String(c.field ?? c.property ?? '')
      const r = test(valueAt(props ?? {}, field), c.filter ?? {})
      const held = r === true
      any ||= held
      reasons.push(typeof r === 'string' ? `${field}: ${r}: false` : `${field} ${c.filter?.operator} ${JSON.stringify(c.filter?.value ?? null)}: ${held}`)
    }
    match &&= any
  }
  return { match, reasons }
}
