// The vendor's profile-predictive-analytics conditions ↔ our predictive condition, both ways.
// Numeric dimensions take the vendor's numeric operators; the date dimension (the vendor calls
// it expected_date_of_next_purchase in conditions) takes static dates, a static range and
// "in the next N days"; anything else is refused with the pointer of the filter.
import {
  PREDICTIVE_NUMERIC_DIMENSIONS,
  type PredictiveCondition,
  type PredictiveOperator,
} from '@/lib/segments/definition'

type Obj = Record<string, unknown>

export class PredictiveRefused extends Error {
  constructor(
    readonly where: string,
    message: string,
  ) {
    super(message)
  }
}

const NUMERIC: Record<string, PredictiveOperator> = {
  equals: 'equals',
  'not-equals': 'not_equals',
  'greater-than': 'greater_than',
  'greater-than-or-equal': 'greater_or_equal',
  'less-than': 'less_than',
  'less-than-or-equal': 'less_or_equal',
}
const VENDOR_NUMERIC = Object.fromEntries(Object.entries(NUMERIC).map(([k, v]) => [v, k]))
const VENDOR_DATE_DIMENSION = 'expected_date_of_next_purchase'
const DAYS_PER: Record<string, number> = { day: 1, week: 7 }

export function predictiveFromVendor(c: Obj, where: string): PredictiveCondition {
  const dimension = String(c.dimension)
  const f = c.filter && typeof c.filter === 'object' ? (c.filter as Obj) : null
  if (!f) throw new PredictiveRefused(`${where}/filter`, 'Expected a filter (an object).')
  const op = String(f.operator)
  if ((PREDICTIVE_NUMERIC_DIMENSIONS as readonly string[]).includes(dimension)) {
    if (f.type !== 'numeric' || !NUMERIC[op] || typeof f.value !== 'number' || !Number.isFinite(f.value))
      throw new PredictiveRefused(`${where}/filter`, `Expected a numeric filter for ${dimension}.`)
    return { kind: 'predictive', dimension: dimension as never, operator: NUMERIC[op]!, value: f.value }
  }
  if (dimension === VENDOR_DATE_DIMENSION || dimension === 'expected_date_of_next_order') {
    const base = { kind: 'predictive' as const, dimension: 'expected_date_of_next_order' as const }
    if (f.type === 'date' && (op === 'before' || op === 'after') && typeof f.date === 'string')
      return { ...base, operator: op, value: f.date }
    if (f.type === 'date' && op === 'between-static' && typeof f.start === 'string' && typeof f.end === 'string')
      return { ...base, operator: 'between', value: [f.start, f.end] }
    if (f.type === 'date' && op === 'in-the-next' && DAYS_PER[String(f.unit)] && Number.isInteger(f.quantity))
      return { ...base, operator: 'in_next_days', value: Number(f.quantity) * DAYS_PER[String(f.unit)]! }
    throw new PredictiveRefused(
      `${where}/filter`,
      `The date filter "${op}" on ${dimension} cannot be represented in this segment definition: use before, after, between-static or in-the-next (days or weeks).`,
    )
  }
  throw new PredictiveRefused(
    where,
    `The profile-predictive-analytics dimension "${dimension}" cannot be represented in this segment definition.`,
  )
}

export function predictiveToVendor(c: PredictiveCondition): Record<string, unknown> & { type: string } {
  if (c.dimension !== 'expected_date_of_next_order')
    return {
      type: 'profile-predictive-analytics',
      dimension: c.dimension,
      filter: { type: 'numeric', operator: VENDOR_NUMERIC[c.operator], value: c.value },
    }
  const v = c.value
  const filter =
    c.operator === 'in_next_days'
      ? { type: 'date', operator: 'in-the-next', unit: 'day', quantity: v }
      : c.operator === 'between'
        ? { type: 'date', operator: 'between-static', start: (v as string[])[0], end: (v as string[])[1] }
        : { type: 'date', operator: c.operator, date: v }
  return { type: 'profile-predictive-analytics', dimension: VENDOR_DATE_DIMENSION, filter }
}
