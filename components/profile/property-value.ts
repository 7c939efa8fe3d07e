// Typed values for the custom-property editor: the merchant picks the type, the text is parsed.
export const PROPERTY_TYPES = ['text', 'number', 'boolean', 'json'] as const
export type PropertyType = (typeof PROPERTY_TYPES)[number]

export function typeOf(v: unknown): PropertyType {
  if (typeof v === 'number') return 'number'
  if (typeof v === 'boolean') return 'boolean'
  if (v !== null && typeof v === 'object') return 'json'
  return 'text'
}

export function toEditText(v: unknown): string {
  if (v === null || v === undefined) return ''
  return typeof v === 'object' ? JSON.stringify(v, null, 2) : String(v)
}

/** The value, or an error key of the "profile" messages. */
export function parsePropertyValue(
  text: string,
  type: PropertyType,
): { value: unknown } | { error: 'invalidNumber' | 'invalidBoolean' | 'invalidJson' } {
  const s = text.trim()
  switch (type) {
    case 'text':
      return { value: text }
    case 'number': {
      const n = Number(s)
      return s !== '' && Number.isFinite(n) ? { value: n } : { error: 'invalidNumber' }
    }
    case 'boolean':
      return s === 'true' || s === 'false' ? { value: s === 'true' } : { error: 'invalidBoolean' }
    case 'json':
      try {
        return { value: JSON.parse(s) }
      } catch {
        return { error: 'invalidJson' }
      }
  }
}
