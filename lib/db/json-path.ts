// Property names inside JSON columns (Profile.properties, Event.properties): the ONE place a
// user-supplied name becomes something the database reads as a path. Segment conditions, metric
// filters and breakdowns, the segment preview and every later caller go through here.
//
// - A name is checked once (propertyNameProblem); the zod schemas call it, so a bad name is a
//   400 naming its field before anything is saved, and the SQL builders call it again, so no
//   code path can build a path from an unchecked name.
// - The path is a bound parameter, never SQL text. On SQLite it is `$."<key>"` with every
//   character that the path syntax or JSON reads specially (", \, control characters) written
//   as a \uXXXX escape: SQLite compares path keys after unescaping, so `a.b`, `x"y`, `a\`,
//   `$`, `[0]` or `*` address exactly the key of that name, never a nested path.
// - Refused: empty names, names over MAX_PROPERTY_NAME_LENGTH, names with NUL (PostgreSQL's
//   text and jsonb cannot hold U+0000 at all, so such a name could never match there) and
//   names that are not well-formed UTF-16 (a lone surrogate has no UTF-8 form to compare).
// - PostgreSQL: keys are bound as plain text for `col -> $n` / `col ->> $n` (or a text[] for
//   `#>`), so the same checked name is the parameter as is (jsonPropertyParam(name, { dialect:
//   'postgres' })). lib/db/dialect.ts's JSON helpers take their SQLite paths from here too.
import { z } from 'zod'
import { badRequest } from '@/lib/errors/app-error'

export const MAX_PROPERTY_NAME_LENGTH = 255

export type JsonDialect = 'sqlite' | 'postgres'

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/

/** Why `name` cannot be used as a property name, or null when it can. */
export function propertyNameProblem(name: unknown): string | null {
  if (typeof name !== 'string' || name.length === 0) return 'A property name is required.'
  if (name.length > MAX_PROPERTY_NAME_LENGTH)
    return `A property name has at most ${MAX_PROPERTY_NAME_LENGTH} characters.`
  if (name.includes('\u0000')) return 'A property name cannot contain a NUL character.'
  if (LONE_SURROGATE.test(name)) return 'A property name must be valid Unicode text.'
  return null
}

/** Throws a 400 whose field error is keyed `field` when the name cannot be used. */
export function assertPropertyName(name: unknown, field: string): asserts name is string {
  const problem = propertyNameProblem(name)
  if (problem) throw badRequest(problem, { [field]: [problem] })
}

/** A zod string that is a usable property name (the issue sits on the field itself). */
export const propertyNameSchema = z.string().superRefine((name, ctx) => {
  const problem = propertyNameProblem(name)
  if (problem) ctx.addIssue({ code: 'custom', message: problem })
})

// Everything JSON escapes, plus DEL: the path stays printable and unambiguous.
const ESCAPED = /[\u0000-\u001f"\\\u007f]/g
const escapeChar = (c: string) => '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0')

/**
 * SQLite's JSON path for object keys (nested when several), each key checked and quoted:
 * `$."a.b"."c"`, bound as one parameter. Throws a 400 keyed `field` for a name that cannot be used.
 */
export function sqliteJsonPath(path: string | readonly string[], field = 'property'): string {
  const keys = typeof path === 'string' ? [path] : path
  return (
    '$' +
    keys
      .map((k) => {
        assertPropertyName(k, field)
        return `."${k.replace(ESCAPED, escapeChar)}"`
      })
      .join('')
  )
}

/**
 * The bound parameter that addresses the top-level key `name` of a JSON column: SQLite's
 * `json_extract(col, ?)`, `json_type(col, ?)`, `json_each(col, ?)` take it as their path;
 * PostgreSQL's `col -> ?` / `col ->> ?` take the checked name itself. Throws a 400 keyed
 * `field` for a name that cannot be used.
 */
export function jsonPropertyParam(name: string, opts: { field?: string; dialect?: JsonDialect } = {}): string {
  if (opts.dialect === 'postgres') {
    assertPropertyName(name, opts.field ?? 'property')
    return name
  }
  return sqliteJsonPath(name, opts.field ?? 'property')
}
