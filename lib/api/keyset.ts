// Keyset (cursor) pagination over Prisma: order by (sort field, id) and continue strictly
// after the last row's pair. NULLs sort first ascending and last descending (SQLite's own order;
// asked for explicitly, since PostgreSQL's is the reverse), and the conditions below follow
// that, so nullable sort fields (email) page correctly on both engines.
import { encodeCursor, type CursorKey } from './cursor'
import { invalidParam } from './api-error'

type Where = Record<string, unknown>

type Order = 'asc' | 'desc' | { sort: 'asc' | 'desc'; nulls: 'first' | 'last' }

/** nullable: the field may be NULL (pass the same as to keysetWhere). */
export function keysetOrder(field: string, desc: boolean, nullable = false): Array<Record<string, Order>> {
  const dir = desc ? 'desc' : 'asc'
  const first: Order = nullable ? { sort: dir, nulls: desc ? 'last' : 'first' } : dir
  return field === 'id' ? [{ id: dir }] : [{ [field]: first }, { id: dir }]
}

export function keysetWhere(
  field: string,
  desc: boolean,
  cursor: CursorKey | null,
  kind: 'date' | 'text' | 'number' = 'text',
  nullable = false,
  idKind: 'string' | 'number' = 'string',
): Where | undefined {
  if (!cursor) return undefined
  const [rawValue, id] = cursor
  // A cursor is opaque but client-supplied: its parts must have the types of this listing.
  const bad = () => invalidParam('page[cursor]', 'The page cursor is not valid for this listing.')
  if (typeof id !== idKind || (typeof id === 'number' && !Number.isSafeInteger(id))) throw bad()
  const after = desc ? 'lt' : 'gt'
  if (field === 'id') return { id: { [after]: id } }
  let value: unknown = rawValue
  if (rawValue != null) {
    if (kind === 'date') {
      const d = typeof rawValue === 'string' ? new Date(rawValue) : null
      if (!d || Number.isNaN(d.getTime())) throw bad()
      value = d
    } else if (
      kind === 'number' ? typeof rawValue !== 'number' || !Number.isFinite(rawValue) : typeof rawValue !== 'string'
    ) {
      throw bad()
    }
  } else if (!nullable) {
    throw bad()
  }
  if (value === null) {
    // Inside the NULL block: ascending, every non-null row comes after it; descending, nothing.
    return desc
      ? { [field]: null, id: { lt: id } }
      : { OR: [{ [field]: null, id: { gt: id } }, { [field]: { not: null } }] }
  }
  const ors: Where[] = [{ [field]: { [after]: value } }, { [field]: value, id: { [after]: id } }]
  if (desc && nullable) ors.push({ [field]: null })
  return { OR: ors }
}

/** Splits the extra row fetched to know whether there is a next page. */
export function pageOf<T extends { id: string | number }>(
  rows: T[],
  size: number,
  field: string,
  read: (row: T) => unknown,
) {
  const more = rows.length > size
  const page = more ? rows.slice(0, size) : rows
  const last = page[page.length - 1]
  let next: string | null = null
  if (more && last) {
    const v = field === 'id' ? null : read(last)
    next = encodeCursor([v instanceof Date ? v.toISOString() : ((v as string | number | null) ?? null), last.id])
  }
  return { page, next }
}
