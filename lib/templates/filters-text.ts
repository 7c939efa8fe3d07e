// Django's text filters. Inputs may be anything a template hands over; they never throw.
import { escapeHtml, toText } from './template-output'

const chars = (s: string) => Array.from(s)

/** Python's str.title() followed by Django's two fixes (they're, 1st). */
export function title(value: unknown): string {
  return toText(value)
    .replace(/\p{L}+/gu, (w) => w[0].toUpperCase() + w.slice(1).toLowerCase())
    .replace(/([a-z])'([A-Z])/g, (m) => m.toLowerCase())
    .replace(/\d([A-Z])/g, (m) => m.toLowerCase())
}

export function capfirst(value: unknown): string {
  const text = toText(value)
  return text ? text[0].toUpperCase() + text.slice(1) : text
}

export const upper = (value: unknown): string => toText(value).toUpperCase()
export const lower = (value: unknown): string => toText(value).toLowerCase()

function toLength(arg: unknown): number | null {
  const n = typeof arg === 'number' ? arg : typeof arg === 'string' && /^\s*-?\d+\s*$/.test(arg) ? Number(arg) : NaN
  return Number.isInteger(n) ? n : null
}

/** Truncates to N characters, the "…" included. */
export function truncatechars(value: unknown, arg: unknown): string {
  const text = toText(value)
  const n = toLength(arg)
  if (n === null) return text
  if (n <= 0) return ''
  const cs = chars(text)
  return cs.length > n ? `${cs.slice(0, n - 1).join('')}…` : text
}

/** Keeps N words, then " …". */
export function truncatewords(value: unknown, arg: unknown): string {
  const text = toText(value)
  const n = toLength(arg)
  if (n === null) return text
  const words = text.split(/\s+/).filter(Boolean)
  if (n <= 0) return ''
  return words.length > n ? `${words.slice(0, n).join(' ')} …` : words.join(' ')
}

export function striptags(value: unknown): string {
  let text = toText(value)
  for (let i = 0; i < 10; i++) {
    const next = text.replace(/<[^<>]*>/g, '').replace(/<!--[\s\S]*?-->/g, '')
    if (next === text) break
    text = next
  }
  return text
}

/** Python's urllib.parse.quote(value, safe="/"); the argument replaces the safe characters. */
export function urlencode(value: unknown, safe: unknown = '/'): string {
  const keep = typeof safe === 'string' ? safe : '/'
  return encodeURIComponent(toText(value))
    .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%[0-9A-F]{2}/g, (enc) => {
      const c = String.fromCharCode(parseInt(enc.slice(1), 16))
      return keep.includes(c) ? c : enc
    })
}

export const escape = (value: unknown): string => escapeHtml(toText(value))

export function linebreaksbr(value: unknown): string {
  return escapeHtml(toText(value)).replace(/\r\n|\r|\n/g, '<br>')
}

/** {{ flag|yesno:"yeah,no,maybe" }} */
export function yesno(value: unknown, arg: unknown = 'yes,no,maybe'): string {
  const bits = String(arg ?? 'yes,no,maybe').split(',')
  if (bits.length < 2) return toText(value)
  const [yes, no, maybe = no] = bits
  if (value === null || value === undefined) return maybe
  return value && !(Array.isArray(value) && value.length === 0) && value !== '' && value !== 0 ? yes : no
}
