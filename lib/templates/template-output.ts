// How values print in a template, and Django's HTML escaping.
import { Drop, toValue } from 'liquidjs'

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' }

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c])
}

/** The printed form of a value: nothing for a missing value or null, items joined by ", " for a list. */
export function toText(value: unknown): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'string') return value
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : ''
  if (typeof value === 'boolean') return value ? 'true' : 'false'
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString()
  if (Array.isArray(value)) return value.map(toText).join(', ')
  // LiquidJS literals (nil, empty, blank) and drops print through their value
  if (value instanceof Drop) return toText(toValue(value) === value ? '' : toValue(value))
  if (typeof value === 'object') {
    // Liquid drops (forloop) print through valueOf; plain data prints as JSON
    try {
      return JSON.stringify(value) ?? ''
    } catch {
      return ''
    }
  }
  return ''
}

/** Django's truthiness: None, False, 0, "", an empty list and an empty mapping are false. */
export function isDjangoTruthy(value: unknown): boolean {
  if (value instanceof Drop) value = toValue(value)
  if (value === null || value === undefined || value === false) return false
  if (typeof value === 'number') return value !== 0 && !Number.isNaN(value)
  if (typeof value === 'string') return value.length > 0
  if (Array.isArray(value)) return value.length > 0
  if (value instanceof Date) return true
  if (typeof value === 'object') {
    const proto = Object.getPrototypeOf(value)
    if (proto === Object.prototype || proto === null) return Object.keys(value).length > 0
  }
  return true
}

/** Parses a number the way Django's numeric filters accept it (numbers and numeric strings). */
export function toNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null
  if (typeof value === 'string' && /^\s*[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?\s*$/i.test(value)) return Number(value)
  return null
}
