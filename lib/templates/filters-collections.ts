// Django's value and collection filters: default, default_if_none, length, join, slice, first, last, lookup.
import { isDjangoTruthy, toText } from './template-output'

export const defaultFilter = (value: unknown, arg: unknown = ''): unknown => (isDjangoTruthy(value) ? value : arg)
export const defaultIfNone = (value: unknown, arg: unknown = ''): unknown =>
  value === null || value === undefined ? arg : value

export function length(value: unknown): number {
  if (typeof value === 'string') return Array.from(value).length
  if (Array.isArray(value)) return value.length
  if (value && typeof value === 'object' && !(value instanceof Date)) return Object.keys(value).length
  return 0
}

export function join(value: unknown, sep: unknown = ''): unknown {
  const glue = toText(sep)
  if (Array.isArray(value)) return value.map(toText).join(glue)
  if (typeof value === 'string') return Array.from(value).join(glue)
  return value
}

function sliceIndex(text: string | undefined): number | undefined | null {
  if (text === undefined || text.trim() === '') return undefined
  return /^\s*-?\d+\s*$/.test(text) ? Number(text) : null
}

/** Python's slice: "2" (first two), ":2", "1:", "-2:", "::2", "1:-1". */
export function pySlice<T>(items: T[], spec: string): T[] | null {
  const parts = spec.split(':')
  if (parts.length > 3) return null
  const [a, b, c] = parts.map(sliceIndex)
  if (a === null || b === null || c === null) return null
  const len = items.length
  if (parts.length === 1) return a === undefined ? items.slice() : items.slice(0, a)
  const step = c ?? 1
  if (step === 0) return null
  const norm = (i: number | undefined, dflt: number) => {
    if (i === undefined) return dflt
    if (i < 0) i += len
    return step > 0 ? Math.min(Math.max(i, 0), len) : Math.min(Math.max(i, -1), len - 1)
  }
  const start = norm(a, step > 0 ? 0 : len - 1)
  const stop = norm(b, step > 0 ? len : -1)
  const out: T[] = []
  if (step > 0) for (let i = start; i < stop; i += step) out.push(items[i])
  else for (let i = start; i > stop; i += step) out.push(items[i])
  return out
}

export function slice(value: unknown, spec: unknown): unknown {
  const s = typeof spec === 'number' ? String(spec) : typeof spec === 'string' ? spec : null
  if (s === null) return value
  if (Array.isArray(value)) return pySlice(value, s) ?? value
  if (typeof value === 'string') return pySlice(Array.from(value), s)?.join('') ?? value
  return value
}

export function first(value: unknown): unknown {
  if (Array.isArray(value)) return value[0] ?? ''
  if (typeof value === 'string') return Array.from(value)[0] ?? ''
  return ''
}

export function last(value: unknown): unknown {
  if (Array.isArray(value)) return value[value.length - 1] ?? ''
  if (typeof value === 'string') return Array.from(value).pop() ?? ''
  return ''
}

/** {{ event|lookup:"Order Total" }}: a key with spaces; own properties only. */
export function lookup(value: unknown, key: unknown): unknown {
  if (value === null || typeof value !== 'object') return undefined
  const k = typeof key === 'number' ? String(key) : typeof key === 'string' ? key : null
  if (k === null || !Object.prototype.hasOwnProperty.call(value, k)) return undefined
  const found = (value as Record<string, unknown>)[k]
  return typeof found === 'function' ? undefined : found
}
