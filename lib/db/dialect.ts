// The few real differences between SQLite and PostgreSQL, as Kysely expressions, so hot-path
// SQL is written once (lib/db/kysely.ts). Every value, JSON key and path is a bound parameter;
// nothing is concatenated into SQL text. Each helper reads the engine from DATABASE_URL when
// called. Columns that hold JSON are text on both engines (Prisma String).
import { sql, type Expression, type RawBuilder } from 'kysely'
import { dbEngine } from '@/lib/db/client'
import { sqliteJsonPath } from '@/lib/db/json-path'
import { sqlDate } from '@/lib/db/sqlite'

type Expr = Expression<unknown>
export type JsonPath = string | readonly string[]

const keys = (path: JsonPath): string[] => (typeof path === 'string' ? [path] : [...path])

/** SQLite JSON path for object keys, each checked and quoted (lib/db/json-path.ts: the one place). */
export { sqliteJsonPath }

function pgPath(path: JsonPath): RawBuilder<unknown> {
  return sql`cast(${keys(path)} as text[])`
}

/**
 * The value at key (or nested keys) of a JSON object column, as text: strings as they are,
 * numbers and booleans as their JSON text ('12', '1.5', 'true'), JSON null or missing → NULL.
 * (Objects and arrays come back as JSON text whose spacing differs between the engines.)
 */
export function jsonText(column: Expr, path: JsonPath): RawBuilder<string | null> {
  if (dbEngine() === 'postgresql') return sql<string | null>`(cast(${column} as jsonb) #>> ${pgPath(path)})`
  const p = sqliteJsonPath(path)
  return sql<
    string | null
  >`(case json_type(${column}, ${p}) when 'true' then 'true' when 'false' then 'false' when 'null' then null else cast(json_extract(${column}, ${p}) as text) end)`
}

/**
 * The value at key as a number: JSON numbers, and strings that are exactly a JSON number
 * ("12", " 1.5 ", "1e3"), so numbers stored as text compare numerically; anything else NULL.
 */
export function jsonNumber(column: Expr, path: JsonPath): RawBuilder<number | null> {
  if (dbEngine() === 'postgresql') {
    const v = sql`(cast(${column} as jsonb) #> ${pgPath(path)})`
    return sql<
      number | null
    >`(case jsonb_typeof(${v}) when 'number' then cast(${v} #>> '{}' as double precision) when 'string' then case when btrim(${v} #>> '{}') ~ '^-?(0|[1-9][0-9]*)(\\.[0-9]+)?([eE][-+]?[0-9]+)?$' then cast(btrim(${v} #>> '{}') as double precision) end end)`
  }
  const p = sqliteJsonPath(path)
  const t = sql`trim(json_extract(${column}, ${p}))`
  return sql<
    number | null
  >`(case json_type(${column}, ${p}) when 'integer' then json_extract(${column}, ${p}) when 'real' then json_extract(${column}, ${p}) when 'text' then case when json_valid(${t}) and json_type(${t}) in ('integer', 'real') then cast(${t} as real) end end)`
}

/** True when the JSON object column has the key (even with a null value). */
export function jsonHasKey(column: Expr, path: JsonPath): RawBuilder<boolean> {
  if (dbEngine() === 'postgresql') return sql<boolean>`((cast(${column} as jsonb) #> ${pgPath(path)}) is not null)`
  return sql<boolean>`(json_type(${column}, ${sqliteJsonPath(path)}) is not null)`
}

/**
 * The elements of a JSON array column as rows with one text column `value`, for FROM/JOIN:
 *   db.selectFrom('ApiKey').innerJoin(jsonArrayElements('ApiKey.scopes', 's'), (j) => j.onTrue())…
 * or in a subquery. Use it for arrays of strings (other elements differ: SQLite gives numbers
 * as numbers, PostgreSQL as text).
 */
export function jsonArrayElements<A extends string>(column: Expr | string, alias: A) {
  const col = typeof column === 'string' ? sql.ref(column) : column
  if (dbEngine() === 'postgresql')
    return sql<{ value: string }>`jsonb_array_elements_text(cast(${col} as jsonb))`.as(alias)
  return sql<{ value: string }>`json_each(${col})`.as(alias)
}

/** True when the JSON array column holds the string value. */
export function jsonArrayContains(column: Expr, value: string): RawBuilder<boolean> {
  if (dbEngine() === 'postgresql')
    return sql<boolean>`(cast(${column} as jsonb) @> jsonb_build_array(cast(${value} as text)))`
  return sql<boolean>`exists (select 1 from json_each(${column}) where json_each.type = 'text' and json_each.value = ${value})`
}

/** Milliseconds since the epoch of a DateTime column (Prisma stores ISO text on SQLite). */
export function epochMs(column: Expr): RawBuilder<number> {
  if (dbEngine() === 'postgresql') return sql<number>`cast(round(extract(epoch from ${column}) * 1000) as bigint)`
  return sql<number>`cast(round((julianday(${column}) - 2440587.5) * 86400000.0) as integer)`
}

/** A DateTime column plus ms milliseconds (negative to subtract), in the column's own format. */
export function addMs(column: Expr, ms: number | Expression<number>): RawBuilder<Date | string> {
  if (dbEngine() === 'postgresql')
    return sql<Date>`(${column} + cast(${ms} as double precision) * interval '1 millisecond')`
  return sql<string>`strftime('%Y-%m-%dT%H:%M:%f+00:00', ${column}, (cast(${ms} as real) / 1000.0) || ' seconds')`
}

/** The current time in the format of DateTime columns (compare it with them, or store it). */
export function now(): RawBuilder<Date | string> {
  if (dbEngine() === 'postgresql') return sql<Date>`cast(now() at time zone 'UTC' as timestamp(3))`
  return sql<string>`strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now')`
}

/**
 * The sum of a column over the group, 0 (not NULL) over no rows: SQLite's TOTAL (always a
 * float), COALESCE(SUM, 0) on PostgreSQL.
 */
export function sumOrZero(column: Expr): RawBuilder<number> {
  return dbEngine() === 'postgresql' ? sql<number>`coalesce(sum(${column}), 0)` : sql<number>`total(${column})`
}

/** Escapes % _ and \ for a LIKE pattern (the helpers below use ESCAPE '\'). */
export const escapeLike = (s: string): string => s.replace(/[\\%_]/g, (c) => '\\' + c)

/** Case-insensitive LIKE with a pattern (% and _ are wildcards; escape user text with escapeLike). */
export function ilike(column: Expr, pattern: string): RawBuilder<boolean> {
  if (dbEngine() === 'postgresql') return sql<boolean>`(${column} ilike ${pattern} escape '\\')`
  return sql<boolean>`(${column} like ${pattern} escape '\\')`
}

/** Case-insensitive "contains" of user text (no wildcards). */
export const containsInsensitive = (column: Expr, text: string) => ilike(column, '%' + escapeLike(text) + '%')

/** Case-insensitive equality (ASCII letters on SQLite, all letters on PostgreSQL). */
export function equalsInsensitive(column: Expr, text: string): RawBuilder<boolean> {
  return sql<boolean>`(lower(${column}) = lower(${text}))`
}

/** The 1-based position of needle in text, 0 when it is absent (instr on SQLite, strpos on PostgreSQL). */
export function textPosition(text: Expr, needle: Expr | string): RawBuilder<number> {
  return dbEngine() === 'postgresql' ? sql<number>`strpos(${text}, ${needle})` : sql<number>`instr(${text}, ${needle})`
}

/**
 * A case-insensitive Prisma `contains` filter (the search boxes): SQLite's LIKE already ignores
 * case (ASCII letters), PostgreSQL needs mode 'insensitive', which the SQLite client refuses.
 */
export function containsText(text: string): { contains: string; mode?: 'insensitive' } {
  return dbEngine() === 'postgresql' ? { contains: text, mode: 'insensitive' } : { contains: text }
}

/**
 * A bound value in a SELECT list (INSERT … SELECT, UNION rows): PostgreSQL needs its type, since
 * an untyped parameter is text there; SQLite takes the value as it is.
 */
export function typedParam(v: unknown, type: 'integer' | 'text' | 'timestamp(3)'): RawBuilder<unknown> {
  return dbEngine() === 'postgresql' ? sql`cast(${v} as ${sql.raw(type)})` : sql`${v}`
}

/**
 * The storage form of a time given in epoch milliseconds, as a function chosen once for the
 * engine (as dbDate, without reading DATABASE_URL per row: the seed writes millions of them).
 */
export function storedTimeOfMs(): (ms: number) => string {
  return dbEngine() === 'postgresql' ? (ms) => new Date(ms).toISOString() : (ms) => sqlDate(new Date(ms))
}

/** The i-th (1-based) bound parameter in hand-written SQL text: $i on PostgreSQL, ? on SQLite. */
export const placeholder = (i: number): string => (dbEngine() === 'postgresql' ? `$${i}` : '?')

/** The larger / smaller of two values (max(a, b) on SQLite, GREATEST on PostgreSQL). */
export function greatest<T>(a: Expression<T>, b: Expression<T> | T): RawBuilder<T> {
  return dbEngine() === 'postgresql' ? sql<T>`greatest(${a}, ${b})` : sql<T>`max(${a}, ${b})`
}
export function least<T>(a: Expression<T>, b: Expression<T> | T): RawBuilder<T> {
  return dbEngine() === 'postgresql' ? sql<T>`least(${a}, ${b})` : sql<T>`min(${a}, ${b})`
}

/**
 * The SET of an upsert that takes the listed columns from the row that was refused:
 *   .onConflict((oc) => oc.columns(['companyId', 'name']).doUpdateSet(fromExcluded(['enabled', 'updatedAt'])))
 * (INSERT … ON CONFLICT … DO UPDATE works the same on both engines.)
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each column takes its own type
export function fromExcluded<C extends string>(columns: readonly C[]): Record<C, RawBuilder<any>> {
  return Object.fromEntries(columns.map((c) => [c, sql`excluded.${sql.ref(c)}`])) as Record<C, RawBuilder<never>>
}

/** A DateTime read from either engine (ISO text on SQLite, Date on PostgreSQL). */
export function toDate(v: unknown): Date | null {
  if (v == null) return null
  return v instanceof Date ? v : new Date(String(v))
}

/** A Boolean read from either engine (0/1 on SQLite, true/false on PostgreSQL). */
export const toBool = (v: unknown): boolean => v === true || v === 1 || v === '1' || v === 't'

/**
 * `companyId = ?` for a lookup of many rows by primary key (`… AND id IN (…)`), written as
 * `+companyId` so that SQLite's planner cannot answer it from a companyId-prefixed index: with
 * a long IN list and no statistics it picked one and read every row of the company (pages of
 * the delivery worker grew from 3 to 15 ms between 10,000 and 50,000 profiles). An index on
 * (companyId, id) fixed those lookups but turned the audience join of a campaign quadratic, so
 * the scoping stays in the query and the primary key drives. PostgreSQL reads the same SQL
 * (unary plus on an integer).
 */
export const companyIdForIds = (companyId: number): RawBuilder<boolean> =>
  sql<boolean>`+${sql.ref('companyId')} = ${companyId}`
