// A Kysely query of a fixed shape, compiled once per engine and then reused with new values.
//
// Why: the ingestion hot path runs the same few statements (look a profile up, insert an
// event) thousands of times a second on SQLite; building and compiling the Kysely tree each
// time would cost more than the statement itself. `queryTemplate` builds the query once with
// placeholder values, remembers where each lands among the bound parameters, and afterwards
// only fills them in. The SQL text still comes from Kysely, so it is right for each engine.
//
// Values are bound as given: pass what the engine stores (strings, numbers, null; dates as
// dbDate(d), booleans as dbBool(b)), since the StoredValuesPlugin only sees the placeholders.
import { CompiledQuery, type Compilable } from 'kysely'
import { databaseConfig, dbEngine } from '@/lib/db/client'
import { kysely } from '@/lib/db/kysely'
import { sqlDate } from '@/lib/db/sqlite'

// PostgreSQL: each template's SQL is a named prepared statement, parsed and planned once per
// connection instead of at every run (node-postgres keeps the names per connection). Why: the
// inbound SMS webhook runs about ten statements, most of them templates, and on a busy machine
// the server's parse and plan of each was a good part of its CPU. Names, not texts, are kept
// here, one per template, so the statements a connection holds stay few. Not behind a
// transaction pooler (?pgbouncer=true, docs/pgbouncer.md): a named statement lives on one
// server connection, and the next transaction may run on another.
const g = globalThis as unknown as { __preparedNames?: Map<string, string> }
const preparedNames = () => (g.__preparedNames ??= new Map())

/** The prepared statement name of a template's PostgreSQL SQL, or undefined (send it unnamed). */
export function preparedName(text: string): string | undefined {
  const name = preparedNames().get(text)
  return name && !/[?&]pgbouncer=true(?:&|$)/.test(databaseConfig().url) ? name : undefined
}

const slot = (i: number) => `\u0000query-template-slot-${i}\u0000`

export type QueryTemplate<A extends unknown[], R> = (...args: A) => CompiledQuery<R>

/**
 * `build` receives one placeholder per argument (typed as the argument) and returns the query;
 * every placeholder must be used as a bound value (not inside sql.raw or an identifier).
 */
export function queryTemplate<A extends unknown[], R>(
  arity: A['length'],
  build: (...args: A) => Compilable<R>,
): QueryTemplate<A, R> {
  let compiled: { key: unknown; base: CompiledQuery<R>; slots: number[]; fixed: readonly unknown[] } | undefined
  return (...args: A): CompiledQuery<R> => {
    const key = kysely()
    if (compiled?.key !== key) {
      const placeholders = Array.from({ length: arity }, (_, i) => slot(i)) as unknown as A
      const q = build(...placeholders).compile()
      const slots = q.parameters.map((p) => (typeof p === 'string' ? (placeholders as unknown[]).indexOf(p) : -1))
      compiled = { key, base: CompiledQuery.raw(q.sql, []) as CompiledQuery<R>, slots, fixed: q.parameters }
      const names = preparedNames()
      if (dbEngine() === 'postgresql' && !names.has(q.sql)) names.set(q.sql, `qt${names.size + 1}`)
    }
    const c = compiled
    const params = c.slots.map((s, j) => (s >= 0 ? args[s] : c.fixed[j]))
    // The same query node each time (building one per call is measurable at ingestion rates).
    return { ...c.base, parameters: params }
  }
}

/** A Date as the engine stores DateTime columns (SQLite: ISO text with +00:00; PostgreSQL: ISO UTC). */
export const dbDate = (d: Date = new Date()): string => (dbEngine() === 'postgresql' ? d.toISOString() : sqlDate(d))

/** A boolean as the engine stores it (SQLite: 0/1). */
export const dbBool = (b: boolean): boolean | number => (dbEngine() === 'postgresql' ? b : b ? 1 : 0)

/** A DateTime read from either engine as the canonical text form (ISO with +00:00), or null. */
export function dateText(v: unknown): string | null {
  if (v == null) return null
  if (v instanceof Date) return sqlDate(v)
  return String(v)
}
