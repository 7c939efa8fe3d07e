// A tiny builder for parameterised SQL over Kysely's `sql` tag: values become bound parameters
// (`?` on SQLite, `$n` on PostgreSQL), nested fragments are spliced in with their own
// parameters, so user input never reaches the SQL text. Compile a fragment with
// `frag.compile(kysely())` or splice it into a Kysely query.
import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  sql as ksql,
  type CompiledQuery,
  type RawBuilder,
} from 'kysely'
import { dbEngine, type DbEngine } from '@/lib/db/client'
import { StoredValuesPlugin } from '@/lib/db/kysely'
import { jsonPropertyParam } from '@/lib/db/json-path'

export type Frag = RawBuilder<unknown>

const isFrag = (v: unknown): v is Frag => typeof v === 'object' && v !== null && 'toOperationNode' in v

/** Booleans are bound as 1/0 on both engines: the compiler compares them with 1/0 expressions. */
export function sql(strings: TemplateStringsArray, ...values: unknown[]): Frag {
  return ksql(strings, ...values.map((v) => (isFrag(v) ? v : typeof v === 'boolean' ? (v ? 1 : 0) : v)))
}

/** Trusted SQL text (column names from our own maps, never user input). */
export const raw = (text: string): Frag => ksql.raw(text)

export function join(frags: Frag[], sep: string): Frag {
  return ksql.join(frags, ksql.raw(sep))
}

/**
 * A parameter whose value is given when the compiled query runs, not when it is built, so one
 * compiled query (SQL text and parameter list) serves many calls: `now` (+ offset seconds, for
 * "in the last N days" windows), the ids and the company of a live re-evaluation. See
 * bindSlots().
 */
export class Slot {
  constructor(
    readonly name: 'now' | 'ids' | 'companyId',
    readonly offset = 0,
  ) {}
}

/** "Now" in Unix seconds, or 'bound': a Slot filled in at run time (cached compiled predicates). */
export type NowSeconds = number | 'bound'

/** now + seconds: a number, or the slot for it. */
export const nowPlus = (now: NowSeconds, seconds: number): number | Slot =>
  now === 'bound' ? new Slot('now', seconds) : now + seconds

/** The compiled query with its slots filled in. */
export function bindSlots<R>(
  q: CompiledQuery<R>,
  values: { now?: number; ids?: string; companyId?: number },
): CompiledQuery<R> {
  const parameters = q.parameters.map((p) => {
    if (!(p instanceof Slot)) return p
    const v = values[p.name]
    if (v === undefined) throw new Error(`No value for the ${p.name} slot`)
    return p.name === 'now' ? (v as number) + p.offset : v
  })
  return { ...q, parameters }
}

export const TRUE: Frag = raw('(1 = 1)')
export const FALSE: Frag = raw('(1 = 0)')

/** LIKE pattern with %, _ and \ escaped (used with ESCAPE '\'). */
export const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => '\\' + c)

/**
 * The JSON path of one top-level property, to be bound as a parameter (lib/db/json-path.ts
 * checks the name and quotes it; a name it cannot use is a 400 keyed `field`). SQLite: the
 * quoted path `$."…"`; PostgreSQL: the key itself (for `->` / `->>`).
 */
export const jsonKeyPath = (key: string, field = 'property') =>
  jsonPropertyParam(key, { field, dialect: dbEngine() === 'postgresql' ? 'postgres' : 'sqlite' })

export const isPostgres = () => dbEngine() === 'postgresql'

const offline = new Map<DbEngine, Kysely<unknown>>()

/** Compiles a fragment for an engine without a connection (tests, size checks). */
export function compileOffline(frag: Frag, engine: DbEngine = dbEngine()): CompiledQuery {
  let k = offline.get(engine)
  if (!k) {
    k = new Kysely<unknown>({
      dialect: {
        createAdapter: () => (engine === 'postgresql' ? new PostgresAdapter() : new SqliteAdapter()),
        createDriver: () => new DummyDriver(),
        createIntrospector: (db) =>
          engine === 'postgresql' ? new PostgresIntrospector(db) : new SqliteIntrospector(db),
        createQueryCompiler: () => (engine === 'postgresql' ? new PostgresQueryCompiler() : new SqliteQueryCompiler()),
      },
      plugins: [new StoredValuesPlugin(engine)],
    })
    offline.set(engine, k)
  }
  return frag.compile(k)
}
