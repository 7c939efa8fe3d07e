// snake_case ⇄ camelCase key transformation (seed 000 §7 "Request keys are transformed").
const toCamel = (k: string) => k.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase())
const toSnake = (k: string) => k.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase()

function isPlain(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && Object.getPrototypeOf(v) === Object.prototype
}

function transform(value: unknown, fn: (k: string) => string): unknown {
  if (Array.isArray(value)) return value.map((v) => transform(v, fn))
  if (!isPlain(value)) return value
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(value)) out[fn(k)] = transform(v, fn)
  return out
}

export const camelizeKeys = <T = unknown>(v: unknown) => transform(v, toCamel) as T
export const snakeizeKeys = <T = unknown>(v: unknown) => transform(v, toSnake) as T
