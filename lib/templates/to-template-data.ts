// Copies a render context into plain data: functions, symbols and class instances other than
// Date are dropped, so a template can reach nothing but data (LiquidJS calls a function it finds).

const MAX_DEPTH = 32

export function toTemplateData(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== 'object')
    return typeof value === 'function' || typeof value === 'symbol' ? undefined : value
  if (depth >= MAX_DEPTH) return undefined
  if (value instanceof Date) return value
  if (Array.isArray(value)) return value.map((v) => toTemplateData(v, depth + 1))
  const proto = Object.getPrototypeOf(value)
  if (proto !== Object.prototype && proto !== null) return undefined
  const out: Record<string, unknown> = {}
  for (const key of Object.keys(value)) {
    const v = (value as Record<string, unknown>)[key]
    if (typeof v === 'function' || typeof v === 'symbol' || key === '__proto__') continue
    out[key] = toTemplateData(v, depth + 1)
  }
  return out
}
