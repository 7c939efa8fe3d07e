/** @jest-environment node */
// lib/db/dialect.ts and lib/db/kysely.ts on the engine of this pass: SQLite in the first Jest
// pass, PostgreSQL in the second (tests/postgres.list), each against a real database.
import { testEngine, useTestDatabase } from '../helpers/test-db'
useTestDatabase()
import { sql } from 'kysely'
import { db, dbEngine } from '@/lib/db/client'
import { kysely, runSync } from '@/lib/db/kysely'
import { writeTx } from '@/lib/db/sqlite'
import {
  addMs,
  containsInsensitive,
  containsText,
  epochMs,
  equalsInsensitive,
  fromExcluded,
  greatest,
  ilike,
  jsonArrayContains,
  jsonArrayElements,
  jsonHasKey,
  jsonNumber,
  jsonText,
  least,
  now,
  sumOrZero,
  textPosition,
  toBool,
  toDate,
  typedParam,
} from '@/lib/db/dialect'

const WEIRD = {
  'a.b': 'dotted',
  'q"x': 'quoted',
  '\'; DROP TABLE "Profile"; --': 'injection',
  'sp ace': 'space',
  'ü€': 'unicode',
  'back\\slash': 'bs',
}
let companyId: number

beforeAll(async () => {
  const c = await db.company.create({ data: { name: 'Dialect', publicApiKey: 'DIALEC' } })
  companyId = c.id
  const props = [
    { plan: 'Gold', n: 12, s: '42', bad: '1-2', t: true, f: false, z: null, deep: { x: { y: 7 } }, ...WEIRD },
    { plan: 'silver', n: 1.5, s: ' 1e3 ', bad: 'abc', deep: { x: { y: 'seven' } } },
    {},
  ]
  for (const [i, p] of props.entries()) {
    await db.profile.create({
      data: {
        id: `P${i}`,
        companyId,
        email: `Person${i}@Example.test`,
        properties: JSON.stringify(p),
        createdAt: new Date(Date.UTC(2024, 0, 1 + i, 12)),
      },
    })
  }
  await db.apiKey.create({
    data: {
      companyId,
      label: 'k',
      prefix: 'pk_1',
      keyHash: 'h1',
      scopes: JSON.stringify(['events:read', 'profiles:write']),
    },
  })
  await db.apiKey.create({ data: { companyId, label: 'k2', prefix: 'pk_2', keyHash: 'h2', scopes: '[]' } })
})

test('the engine of this pass', () => {
  expect(dbEngine()).toBe(testEngine() === 'postgres' ? 'postgresql' : 'sqlite')
})

const byId = async <T>(expr: (ref: ReturnType<typeof sql.ref>) => import('kysely').RawBuilder<T>) => {
  const rows = await kysely()
    .selectFrom('Profile')
    .select(['id', expr(sql.ref('properties')).as('v')])
    .where('companyId', '=', companyId)
    .orderBy('id')
    .execute()
  return Object.fromEntries(rows.map((r) => [r.id, (r as { v: unknown }).v]))
}

test('jsonText: strings, numbers and booleans as text, null and missing as NULL, nested paths', async () => {
  expect(await byId((p) => jsonText(p, 'plan'))).toEqual({ P0: 'Gold', P1: 'silver', P2: null })
  expect(await byId((p) => jsonText(p, 'n'))).toEqual({ P0: '12', P1: '1.5', P2: null })
  expect(await byId((p) => jsonText(p, 't'))).toEqual({ P0: 'true', P1: null, P2: null })
  expect(await byId((p) => jsonText(p, 'f'))).toEqual({ P0: 'false', P1: null, P2: null })
  expect(await byId((p) => jsonText(p, 'z'))).toEqual({ P0: null, P1: null, P2: null })
  expect(await byId((p) => jsonText(p, ['deep', 'x', 'y']))).toEqual({ P0: '7', P1: 'seven', P2: null })
})

test('jsonText: keys are bound, whatever characters they hold', async () => {
  for (const [key, value] of Object.entries(WEIRD))
    expect(await byId((p) => jsonText(p, key))).toEqual({ P0: value, P1: null, P2: null })
  expect(
    await kysely()
      .selectFrom('Profile')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow(),
  ).toEqual({ n: 3 })
})

test('jsonNumber: JSON numbers and numeric text; anything else NULL', async () => {
  expect(await byId((p) => jsonNumber(p, 'n'))).toEqual({ P0: 12, P1: 1.5, P2: null })
  expect(await byId((p) => jsonNumber(p, 's'))).toEqual({ P0: 42, P1: 1000, P2: null })
  expect(await byId((p) => jsonNumber(p, 'bad'))).toEqual({ P0: null, P1: null, P2: null })
  expect(await byId((p) => jsonNumber(p, 'plan'))).toEqual({ P0: null, P1: null, P2: null })
  expect(await byId((p) => jsonNumber(p, ['deep', 'x', 'y']))).toEqual({ P0: 7, P1: null, P2: null })
  const over10 = await kysely()
    .selectFrom('Profile')
    .select('id')
    .where(jsonNumber(sql.ref('properties'), 'n'), '>', 10)
    .execute()
  expect(over10).toEqual([{ id: 'P0' }])
})

test('jsonHasKey', async () => {
  const has = await byId((p) => jsonHasKey(p, 'z'))
  expect(Object.fromEntries(Object.entries(has).map(([k, v]) => [k, toBool(v)]))).toEqual({
    P0: true,
    P1: false,
    P2: false,
  })
})

test('JSON arrays: elements as rows, contains', async () => {
  const rows = await kysely()
    .selectFrom('ApiKey')
    .innerJoin(jsonArrayElements('ApiKey.scopes', 's'), (j) => j.onTrue())
    .select(['ApiKey.prefix', 's.value'])
    .orderBy('s.value')
    .execute()
  expect(rows).toEqual([
    { prefix: 'pk_1', value: 'events:read' },
    { prefix: 'pk_1', value: 'profiles:write' },
  ])
  const withScope = await kysely()
    .selectFrom('ApiKey')
    .select('prefix')
    .where(jsonArrayContains(sql.ref('scopes'), 'profiles:write'))
    .execute()
  expect(withScope).toEqual([{ prefix: 'pk_1' }])
  expect(
    await kysely()
      .selectFrom('ApiKey')
      .select('prefix')
      .where(jsonArrayContains(sql.ref('scopes'), "x' or 1=1 --"))
      .execute(),
  ).toEqual([])
})

test('time: epoch ms of Prisma dates, adding ms, now(), Date and boolean parameters', async () => {
  const rows = await kysely()
    .selectFrom('Profile')
    .select(['id', epochMs(sql.ref('createdAt')).as('ms'), 'createdAt'])
    .orderBy('id')
    .execute()
  expect(rows.map((r) => Number(r.ms))).toEqual([0, 1, 2].map((i) => Date.UTC(2024, 0, 1 + i, 12)))
  expect(rows.map((r) => toDate(r.createdAt)!.getTime())).toEqual([0, 1, 2].map((i) => Date.UTC(2024, 0, 1 + i, 12)))

  // A Date parameter compares with Prisma-written DateTime columns on both engines.
  const after = await kysely()
    .selectFrom('Profile')
    .select('id')
    .where('createdAt', '>', new Date(Date.UTC(2024, 0, 2, 0)))
    .orderBy('id')
    .execute()
  expect(after.map((r) => r.id)).toEqual(['P1', 'P2'])
  // createdAt + 1 day > the next profile's createdAt - 1 h
  const plusDay = await kysely()
    .selectFrom('Profile')
    .select(['id', addMs(sql.ref('createdAt'), 86_400_000 + 1).as('later')])
    .where('id', '=', 'P0')
    .executeTakeFirstOrThrow()
  expect(toDate(plusDay.later)!.getTime()).toBe(Date.UTC(2024, 0, 2, 12) + 1)
  const minus = await kysely()
    .selectFrom('Profile')
    .select('id')
    .where(addMs(sql.ref('createdAt'), -86_400_000), '>=', new Date(Date.UTC(2024, 0, 2, 12)))
    .execute()
  expect(minus).toEqual([{ id: 'P2' }])

  const t = await kysely()
    .selectNoFrom([now().as('now'), epochMs(now()).as('ms')])
    .executeTakeFirstOrThrow()
  expect(Math.abs(toDate(t.now)!.getTime() - Date.now())).toBeLessThan(5000)
  expect(Math.abs(Number(t.ms) - Date.now())).toBeLessThan(5000)

  // Prisma's DEFAULT CURRENT_TIMESTAMP and now() agree (UTC sessions on PostgreSQL).
  const k = await db.apiKey.findFirstOrThrow({ where: { prefix: 'pk_1' } })
  expect(Math.abs(k.createdAt.getTime() - Date.now())).toBeLessThan(60_000)

  await kysely()
    .updateTable('Company')
    .set({ isTestAccount: true, updatedAt: new Date() })
    .where('id', '=', companyId)
    .execute()
  const c = await kysely()
    .selectFrom('Company')
    .select('isTestAccount')
    .where('isTestAccount', '=', true)
    .where('id', '=', companyId)
    .executeTakeFirstOrThrow()
  expect(toBool(c.isTestAccount)).toBe(true)
  expect((await db.company.findUniqueOrThrow({ where: { id: companyId } })).isTestAccount).toBe(true)
})

test('case-insensitive matching, with LIKE wildcards in user text taken literally', async () => {
  const email = sql.ref('email')
  const ids = async (w: import('kysely').Expression<boolean>) =>
    (await kysely().selectFrom('Profile').select('id').where(w).orderBy('id').execute()).map((r) => r.id)
  expect(await ids(equalsInsensitive(email, 'PERSON1@example.TEST'))).toEqual(['P1'])
  expect(await ids(containsInsensitive(email, 'EXAMPLE'))).toEqual(['P0', 'P1', 'P2'])
  expect(await ids(containsInsensitive(email, '%'))).toEqual([])
  expect(await ids(containsInsensitive(email, 'n_@'))).toEqual([])
  expect(await ids(ilike(email, 'person_@%'))).toEqual(['P0', 'P1', 'P2'])
})

test('containsText: a Prisma search box that ignores case on both engines', async () => {
  const found = await db.profile.findMany({
    where: { companyId, email: containsText('PERSON1@EXAMPLE') },
    select: { id: true },
  })
  expect(found.map((p) => p.id)).toEqual(['P1'])
})

test('textPosition: 1-based, 0 when absent', async () => {
  const r = await kysely()
    .selectNoFrom([
      textPosition(sql.lit('ab@cd'), '@').as('at'),
      textPosition(sql.lit('abcd'), sql.lit('@')).as('none'),
    ])
    .executeTakeFirstOrThrow()
  expect([Number(r.at), Number(r.none)]).toEqual([3, 0])
})

test('sumOrZero: the sum over the rows, 0 over none', async () => {
  const sumFor = async (id: number) =>
    Number(
      (
        await kysely()
          .selectFrom('Profile')
          .select(sumOrZero(sql.lit(2)).as('s'))
          .where('companyId', '=', id)
          .executeTakeFirstOrThrow()
      ).s,
    )
  expect([await sumFor(companyId), await sumFor(-1)]).toEqual([6, 0])
})

test('typedParam: bound values in an INSERT … SELECT keep their column types', async () => {
  const at = new Date(Date.UTC(2024, 5, 1))
  await kysely()
    .insertInto('FeatureFlag')
    .columns(['companyId', 'name', 'enabled', 'updatedAt'])
    .expression(
      kysely().selectNoFrom([
        typedParam(companyId, 'integer').as('companyId'),
        typedParam('typed', 'text').as('name'),
        sql`${true}`.as('enabled'),
        typedParam(at, 'timestamp(3)').as('updatedAt'),
      ]),
    )
    .execute()
  const flag = await db.featureFlag.findFirstOrThrow({ where: { companyId, name: 'typed' } })
  expect(flag.updatedAt.toISOString()).toBe(at.toISOString())
  await db.featureFlag.delete({ where: { id: flag.id } })
})

test('upsert with ON CONFLICT, greatest/least', async () => {
  const upsert = (enabled: boolean) =>
    kysely()
      .insertInto('FeatureFlag')
      .values({ companyId, name: 'beta', enabled, updatedAt: new Date() })
      .onConflict((oc) => oc.columns(['companyId', 'name']).doUpdateSet(fromExcluded(['enabled', 'updatedAt'])))
      .execute()
  await upsert(true)
  await upsert(false)
  const flags = await db.featureFlag.findMany({ where: { companyId } })
  expect(flags.map((f) => [f.name, f.enabled])).toEqual([['beta', false]])
  await kysely()
    .insertInto('FeatureFlag')
    .values({ companyId, name: 'beta', enabled: true, updatedAt: new Date() })
    .onConflict((oc) => oc.doNothing())
    .execute()
  expect((await db.featureFlag.findFirstOrThrow({ where: { companyId } })).enabled).toBe(false)

  const r = await kysely()
    .selectNoFrom([greatest(sql.lit(3), 5).as('g'), least(sql.lit(3), 5).as('l')])
    .executeTakeFirstOrThrow()
  expect([Number(r.g), Number(r.l)]).toEqual([5, 3])
})

test('SQLite: compiled Kysely queries run synchronously inside writeTx', async () => {
  if (dbEngine() !== 'sqlite') return
  const q = kysely()
    .updateTable('Profile')
    .set({ firstName: 'Sync', updatedAt: new Date() })
    .where('companyId', '=', companyId)
    .compile()
  const sel = kysely().selectFrom('Profile').select('firstName').where('companyId', '=', companyId).compile()
  const seen = await writeTx(() => {
    runSync(q)
    return runSync(sel)
  })
  expect(seen.map((r) => r.firstName)).toEqual(['Sync', 'Sync', 'Sync'])
})
