// The query as it reaches the database: a CTE per allowed table it names, of the same name and
// holding only the account's rows, in front of it (a CTE shadows the table of the same name on
// both engines), and the whole wrapped so at most cap + 1 rows come back.
import type { CheckedSelect } from './check-select'

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`

export function scopedQuery(
  c: CheckedSelect,
  companyId: number,
  schema: string,
  cap: number,
  engine: 'sqlite' | 'postgresql' = 'sqlite',
): string {
  if (!Number.isSafeInteger(companyId) || companyId <= 0) throw new RangeError('companyId')
  const names: [string, string][] =
    engine === 'postgresql' ? Object.entries(c.spellings).sort() : c.tables.map((t) => [t, t])
  const ctes = names.map(
    ([name, t]) => `${quote(name)} AS (SELECT * FROM ${quote(schema)}.${quote(t)} WHERE "companyId" = ${companyId})`,
  )
  let body = c.sql
  if (ctes.length) {
    body = c.startsWithWith
      ? `WITH ${c.recursive ? 'RECURSIVE ' : ''}${ctes.join(', ')}, ${body.replace(/^\s*with\s+(recursive\s+)?/i, '')}`
      : `WITH ${ctes.join(', ')} ${body}`
  }
  return `SELECT * FROM (\n${body}\n) AS staff_query LIMIT ${cap + 1}`
}
