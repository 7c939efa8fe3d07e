// Raw SQL of the insights queries, written once for both engines: table and column names in
// double quotes (PostgreSQL keeps Prisma's camelCase only when quoted; SQLite accepts them),
// values as bound parameters, the one dialect difference (month of a Unix time) below.
import { sql, type RawBuilder } from 'kysely'
import { dbEngine } from '@/lib/db/client'
import { kysely } from '@/lib/db/kysely'
import { read, select } from '@/lib/db/ops'

export async function rows<R>(query: RawBuilder<R>): Promise<R[]> {
  return read(select(query.compile(kysely())))
}

/** Months since year 0 (year * 12 + month − 1) of a Unix-seconds column, in UTC. */
export function monthIndex(tsColumn: RawBuilder<unknown>): RawBuilder<number> {
  if (dbEngine() === 'postgresql')
    return sql<number>`(cast(extract(year from to_timestamp(${tsColumn}) at time zone 'UTC') as integer) * 12 + cast(extract(month from to_timestamp(${tsColumn}) at time zone 'UTC') as integer) - 1)`
  return sql<number>`(cast(strftime('%Y', ${tsColumn}, 'unixepoch') as integer) * 12 + cast(strftime('%m', ${tsColumn}, 'unixepoch') as integer) - 1)`
}

/** "2026-03" for a month index of monthIndex(). */
export const monthLabel = (index: number): string =>
  `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`

export const monthIndexOf = (d: Date): number => d.getUTCFullYear() * 12 + d.getUTCMonth()

export const num = (v: unknown): number => (v == null ? 0 : Number(v))

/** "2026-03" of a DateTime column (ISO text on SQLite, timestamp on PostgreSQL), in UTC. */
export function monthOfDate(column: RawBuilder<unknown>): RawBuilder<string> {
  if (dbEngine() === 'postgresql') return sql<string>`to_char(${column}, 'YYYY-MM')`
  return sql<string>`substr(${column}, 1, 7)`
}
