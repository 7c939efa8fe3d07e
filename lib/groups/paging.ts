// Offset paging for the /ajax screens: an opaque cursor (the offset) and one row fetched
// beyond the page to know whether there is a next one.
import { z } from 'zod'
import { camelizeKeys } from '@/lib/text/keys'

export const pageFields = {
  cursor: z
    .string()
    .regex(/^\d{1,9}$/, 'Not a valid cursor.')
    .optional(),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
}

export interface Page<T> {
  data: T[]
  nextCursor: string | null
  total: number
}

export const offsetOf = (q: { cursor?: string }) => (q.cursor ? Number(q.cursor) : 0)

/** `rows` holds up to pageSize + 1 rows read from offsetOf(q). */
export function page<T>(rows: T[], q: { cursor?: string; pageSize: number }, total: number): Page<T> {
  const offset = offsetOf(q)
  const more = rows.length > q.pageSize
  return { data: rows.slice(0, q.pageSize), nextCursor: more ? String(offset + q.pageSize) : null, total }
}

/** Query strings arrive in snake_case (page_size); the schemas speak camelCase. */
export const camelQuery = <T extends z.ZodType>(schema: T) => z.preprocess((v) => camelizeKeys(v), schema)
