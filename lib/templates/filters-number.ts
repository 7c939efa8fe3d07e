// Django's numeric filters: floatformat, add, pluralize; and currency_format through Intl.
import type { FilterImplOptions } from 'liquidjs'
import { templateEnv } from './template-env'
import { toNumber } from './template-output'

/** A decimal as sign and digit strings, from the shortest round-trip form (like Python's repr → Decimal). */
function toDecimal(value: unknown): { negative: boolean; int: string; frac: string } | null {
  let text: string
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null
    text = String(value)
  } else if (typeof value === 'string' && toNumber(value) !== null) text = value.trim()
  else return null
  const m = /^([+-]?)(\d*)\.?(\d*)(?:e([+-]?\d+))?$/i.exec(text)
  if (!m) return null
  const negative = m[1] === '-'
  let digits = (m[2] || '') + (m[3] || '')
  let point = (m[2] || '').length + Number(m[4] ?? 0)
  if (point < 0) {
    digits = '0'.repeat(-point) + digits
    point = 0
  }
  if (point > digits.length) digits += '0'.repeat(point - digits.length)
  const int = digits.slice(0, point).replace(/^0+(?=\d)/, '') || '0'
  return { negative, int, frac: digits.slice(point) }
}

/** Rounds half away from zero (Decimal ROUND_HALF_UP) to `places` decimals. */
function roundDecimal(int: string, frac: string, places: number): { int: string; frac: string } {
  const padded = frac.padEnd(places + 1, '0')
  const kept = int + padded.slice(0, places)
  if (padded[places] < '5') return { int, frac: padded.slice(0, places) }
  const digits = kept.split('')
  let i = digits.length - 1
  while (i >= 0) {
    if (digits[i] === '9') {
      digits[i] = '0'
      i--
    } else {
      digits[i] = String(Number(digits[i]) + 1)
      break
    }
  }
  let all = digits.join('')
  if (i < 0) all = `1${all}`
  const intLen = all.length - places
  return { int: all.slice(0, intLen) || '0', frac: all.slice(intLen) }
}

function group(int: string): string {
  return int.replace(/\B(?=(\d{3})+(?!\d))/g, ',')
}

/** {{ x|floatformat }}, floatformat:2, floatformat:"-2", floatformat:"2g" with Django's rules. */
export function floatformat(value: unknown, arg: unknown = -1): string {
  const d = toDecimal(value)
  if (!d) return ''
  let spec = arg === undefined || arg === null ? '-1' : String(arg)
  let grouping = false
  while (/[gu]$/.test(spec)) {
    if (spec.endsWith('g')) grouping = true
    spec = spec.slice(0, -1)
  }
  const p = spec === '' ? -1 : Number(spec)
  if (!Number.isInteger(p)) return typeof value === 'string' ? value : String(value)
  const hasFraction = /[1-9]/.test(d.frac)
  let int: string
  let frac: string
  if (!hasFraction && p <= 0) ({ int, frac } = { int: d.int, frac: '' })
  else ({ int, frac } = roundDecimal(d.int, d.frac, Math.abs(p)))
  const nonZero = /[1-9]/.test(int + frac)
  return `${d.negative && nonZero ? '-' : ''}${grouping ? group(int) : int}${frac ? `.${frac}` : ''}`
}

function asInteger(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? Math.trunc(value) : null
  if (typeof value === 'boolean') return value ? 1 : 0
  if (typeof value === 'string' && /^\s*[+-]?\d+\s*$/.test(value)) return Number(value)
  return null
}

/** Django's add: integer addition when both sides are integers, else concatenation of strings or lists, else nothing. */
export function add(value: unknown, arg: unknown): unknown {
  const a = asInteger(value)
  const b = asInteger(arg)
  if (a !== null && b !== null) return a + b
  if (typeof value === 'string' && typeof arg === 'string') return value + arg
  if (Array.isArray(value) && Array.isArray(arg)) return [...value, ...arg]
  return ''
}

/** Django's pluralize: "s" by default, "es", or "y,ies" (singular,plural). */
export function pluralize(value: unknown, arg: unknown = 's'): string {
  let spec = String(arg ?? 's')
  if (!spec.includes(',')) spec = `,${spec}`
  const bits = spec.split(',')
  if (bits.length > 2) return ''
  const [singular, plural] = bits
  if (typeof value === 'number' || typeof value === 'string') {
    const n = toNumber(value)
    if (n === null) return ''
    return n === 1 ? singular : plural
  }
  if (Array.isArray(value)) return value.length === 1 ? singular : plural
  if (value && typeof value === 'object') return Object.keys(value).length === 1 ? singular : plural
  return ''
}

const currencyFormats = new Map<string, Intl.NumberFormat>()

/** {{ total|currency_format:"EUR" }}, currency_format:"EUR","de-DE" or currency_format:"EUR,de-DE". */
export const currencyFormat: FilterImplOptions = function (value: unknown, currencyArg?: unknown, localeArg?: unknown) {
  const amount = toNumber(value)
  if (amount === null) return ''
  const env = templateEnv(this.context)
  let currency = typeof currencyArg === 'string' && currencyArg ? currencyArg : env.currency
  let locale = typeof localeArg === 'string' && localeArg ? localeArg : env.locale
  if (currency.includes(',')) {
    const [c, l] = currency.split(',').map((s) => s.trim())
    currency = c
    if (l) locale = l
  }
  currency = currency.toUpperCase()
  const key = `${locale}|${currency}`
  let format = currencyFormats.get(key)
  if (!format) {
    try {
      format = new Intl.NumberFormat(locale, { style: 'currency', currency })
    } catch {
      return `${amount.toFixed(2)} ${currency}`
    }
    if (currencyFormats.size > 500) currencyFormats.clear()
    currencyFormats.set(key, format)
  }
  return format.format(amount)
}
