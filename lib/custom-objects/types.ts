// Custom objects: the shapes shared by the /api family, the worker and the screens.
export const FIELD_TYPES = ['boolean', 'float', 'int', 'string', 'timestamp'] as const
export type FieldType = (typeof FIELD_TYPES)[number]
export const PROFILE_ID_TYPES = ['email', 'external-id', 'phone', 'klaviyo-id'] as const
export type ProfileIdType = (typeof PROFILE_ID_TYPES)[number]

/** A field of an object type: its schema property and where its value is in a source record. */
export interface ObjectField {
  id: number
  name: string
  type: FieldType
  /** Path in the source record ("$.a.b" or "a.b"); defaults to the field name. */
  path: string
}

export interface ObjectTypeRow {
  id: string
  companyId: number
  key: string
  title: string
  namespace: string
  status: string
  fields: ObjectField[]
  required: string[]
  dataSourceId: string | null
  idPath: string
  profileIdType: ProfileIdType | null
  profilePath: string | null
  createdAt: Date
  updatedAt: Date
}

/** Reads a value at "$.a.b" / "a.b" in a JSON object. */
export function valueAt(record: unknown, path: string): unknown {
  const parts = path
    .replace(/^\$\.?/, '')
    .split('.')
    .filter(Boolean)
  let cur: unknown = record
  for (const p of parts) {
    if (cur === null || typeof cur !== 'object') return undefined
    cur = (cur as Record<string, unknown>)[p]
  }
  return cur
}

/** A value coerced to its field type; undefined when it cannot be (the field is left out). */
export function coerce(v: unknown, type: FieldType): unknown {
  if (v === undefined || v === null) return undefined
  switch (type) {
    case 'string':
      return typeof v === 'object' ? JSON.stringify(v) : String(v)
    case 'int': {
      const n = typeof v === 'number' ? v : Number(v)
      return Number.isFinite(n) ? Math.trunc(n) : undefined
    }
    case 'float': {
      const n = typeof v === 'number' ? v : Number(v)
      return Number.isFinite(n) ? n : undefined
    }
    case 'boolean':
      if (typeof v === 'boolean') return v
      if (v === 'true' || v === 1) return true
      if (v === 'false' || v === 0) return false
      return undefined
    case 'timestamp': {
      const d = new Date(typeof v === 'number' ? (v < 1e12 ? v * 1000 : v) : String(v))
      return Number.isNaN(d.getTime()) ? undefined : d.toISOString()
    }
  }
}

/** The record id a source record is kept under (string or number at the path). */
export function recordIdOf(record: unknown, path: string): string | null {
  const v = valueAt(record, path)
  if (typeof v === 'string' && v.trim() && v.length <= 255) return v.trim()
  if (typeof v === 'number' && Number.isFinite(v)) return String(v)
  return null
}

/** A URL key from a title: lower-case words joined by dashes. */
export function keyFromTitle(title: string): string {
  const k = title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
  return k || 'object'
}

/** The /objects builder's steps, in order (the {step} of its URL). */
export const BUILDER_STEPS = ['name', 'fields', 'profile', 'review'] as const
export type BuilderStep = (typeof BUILDER_STEPS)[number]
