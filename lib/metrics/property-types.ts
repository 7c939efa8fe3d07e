// Property names with a type, inferred from stored JSON (json_each's types): the metric
// dimensions and the profile properties share it. Types: string, number, boolean, date, list, object.
export type PropertyType = 'string' | 'number' | 'boolean' | 'date' | 'list' | 'object'

/** SQL: the type of a json_each row `j`, telling ISO dates from other text. */
export const JSON_TYPE_SQL = `CASE j.type
  WHEN 'integer' THEN 'number' WHEN 'real' THEN 'number' WHEN 'true' THEN 'boolean' WHEN 'false' THEN 'boolean'
  WHEN 'array' THEN 'list' WHEN 'object' THEN 'object'
  WHEN 'text' THEN CASE WHEN j.value GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]*' THEN 'date' ELSE 'string' END
  ELSE NULL END`

/** Picks each key's most frequent type from (key, type, n) rows; keys seen only as null are strings. */
export function pickTypes(rows: Array<{ key: string; type: PropertyType | null; n: number }>): Array<{ name: string; type: PropertyType; seen: number }> {
  const byKey = new Map<string, { type: PropertyType | null; best: number; seen: number }>()
  for (const r of rows) {
    const k = byKey.get(r.key) ?? { type: null, best: 0, seen: 0 }
    k.seen += r.n
    if (r.type && r.n > k.best) Object.assign(k, { type: r.type, best: r.n })
    byKey.set(r.key, k)
  }
  return [...byKey.entries()]
    .map(([name, k]) => ({ name, type: k.type ?? 'string', seen: k.seen }))
    .sort((a, b) => b.seen - a.seen || a.name.localeCompare(b.name))
}
