/** @jest-environment node */
// lib/db/dialect.ts: the SQL text each helper gives on each engine, compiled by Kysely without a
// connection (the engine comes from DATABASE_URL, switched here per case). That the text means
// the same on both engines is checked against real databases in tests/integration/db-dialect.test.ts.
import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  sql,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type RawBuilder,
} from 'kysely'
import { containsText, placeholder, storedTimeOfMs, sumOrZero, textPosition, typedParam } from '@/lib/db/dialect'

type Engine = 'sqlite' | 'postgresql'
const URLS: Record<Engine, string> = {
  sqlite: 'file:./dialect-sql-unit.db',
  postgresql: 'postgresql://app@127.0.0.1:5432/app',
}

function offline(engine: Engine) {
  return new Kysely<unknown>({
    dialect: {
      createAdapter: () => (engine === 'postgresql' ? new PostgresAdapter() : new SqliteAdapter()),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => (engine === 'postgresql' ? new PostgresIntrospector(db) : new SqliteIntrospector(db)),
      createQueryCompiler: () => (engine === 'postgresql' ? new PostgresQueryCompiler() : new SqliteQueryCompiler()),
    },
  })
}

const saved = process.env.DATABASE_URL
afterEach(() => {
  process.env.DATABASE_URL = saved
})

/** Runs make() with DATABASE_URL of the engine and compiles its expression in a SELECT. */
function on<T>(engine: Engine, make: () => T): T {
  process.env.DATABASE_URL = URLS[engine]
  return make()
}
const compiled = (engine: Engine, make: () => RawBuilder<unknown>) => {
  const q = sql`select ${on(engine, make)}`.compile(offline(engine))
  return { sql: q.sql, parameters: q.parameters }
}

test.each<[Engine, string]>([
  ['sqlite', 'select total("e"."value")'],
  ['postgresql', 'select coalesce(sum("e"."value"), 0)'],
])('sumOrZero on %s', (engine, text) => {
  expect(compiled(engine, () => sumOrZero(sql.ref('e.value')))).toEqual({ sql: text, parameters: [] })
})

test.each<[Engine, string, unknown[]]>([
  ['sqlite', 'select ?', [7]],
  ['postgresql', 'select cast($1 as integer)', [7]],
])('typedParam on %s', (engine, text, parameters) => {
  expect(compiled(engine, () => typedParam(7, 'integer'))).toEqual({ sql: text, parameters })
})

test.each<[Engine, string]>([
  ['sqlite', 'select instr("p"."email", ?)'],
  ['postgresql', 'select strpos("p"."email", $1)'],
])('textPosition on %s', (engine, text) => {
  expect(compiled(engine, () => textPosition(sql.ref('p.email'), '@'))).toEqual({ sql: text, parameters: ['@'] })
})

test('placeholder: $i on PostgreSQL, ? on SQLite', () => {
  expect(on('postgresql', () => [placeholder(1), placeholder(3)])).toEqual(['$1', '$3'])
  expect(on('sqlite', () => [placeholder(1), placeholder(3)])).toEqual(['?', '?'])
})

test('containsText: Prisma insensitive mode on PostgreSQL only', () => {
  expect(on('postgresql', () => containsText('Ab'))).toEqual({ contains: 'Ab', mode: 'insensitive' })
  expect(on('sqlite', () => containsText('Ab'))).toEqual({ contains: 'Ab' })
})

test('storedTimeOfMs: the engine is read once, when the converter is made', () => {
  const ms = Date.UTC(2024, 1, 3, 4, 5, 6, 789)
  const pg = on('postgresql', storedTimeOfMs)
  const lite = on('sqlite', storedTimeOfMs)
  expect(pg(ms)).toBe('2024-02-03T04:05:06.789Z')
  expect(lite(ms)).toBe('2024-02-03T04:05:06.789+00:00')
})
