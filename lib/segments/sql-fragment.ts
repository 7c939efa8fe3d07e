// A tiny builder for parameterised SQL: values become `?` placeholders, nested fragments are
// spliced in with their own parameters, so user input never reaches the SQL text.
import { jsonPropertyParam } from '@/lib/db/json-path'

export interface Frag { sql: string; params: unknown[] }

const isFrag = (v: unknown): v is Frag =>
  typeof v === 'object' && v !== null && 'sql' in v && 'params' in v && Array.isArray((v as Frag).params)

export function sql(strings: TemplateStringsArray, ...values: unknown[]): Frag {
  let text = strings[0]!
  const params: unknown[] = []
  values.forEach((v, i) => {
    if (isFrag(v)) {
      text += v.sql
      params.push(...v.params)
    } else {
      text += '?'
      params.push(typeof v === 'boolean' ? (v ? 1 : 0) : v)
    }
    text += strings[i + 1]
  })
  return { sql: text, params }
}

/** Trusted SQL text (column names from our own maps, never user input). */
export const raw = (text: string): Frag => ({ sql: text, params: [] })

export function join(frags: Frag[], sep: string): Frag {
  return { sql: frags.map((f) => f.sql).join(sep), params: frags.flatMap((f) => f.params) }
}

export const TRUE: Frag = raw('1')
export const FALSE: Frag = raw('0')

/** LIKE pattern with %, _ and \ escaped (used with ESCAPE '\'). */
export const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => '\\' + c)

/**
 * The JSON path of one top-level property, to be bound as a parameter (lib/db/json-path.ts
 * checks the name and quotes it; a name it cannot use is a 400 keyed `field`).
 */
export const jsonKeyPath = (key: string, field = 'property') => jsonPropertyParam(key, { field })
