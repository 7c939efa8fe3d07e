/** @jest-environment node */
// lib/db/ops.ts on the engine of this pass (SQLite, then PostgreSQL via tests/postgres.list):
// one generator of queries, run in a write transaction; errors thrown back into it; savepoints.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
import { db } from '@/lib/db/client'
import { kysely } from '@/lib/db/kysely'
import { exec, inWriteTx, read, savepoint, select, selectFirst, type Ops } from '@/lib/db/ops'

let companyId: number
beforeAll(async () => {
  companyId = (await db.company.create({ data: { name: 'Ops', publicApiKey: 'OPSOPS' } })).id
})

const insertProfile = (id: string, email: string) =>
  exec(
    kysely()
      .insertInto('Profile')
      .values({ id, companyId, email, properties: '{}', createdAt: new Date(), updatedAt: new Date() }),
  )

function* emails(): Ops<string[]> {
  const rows = yield* select(
    kysely().selectFrom('Profile').select('email').where('companyId', '=', companyId).orderBy('email'),
  )
  return rows.map((r) => r.email as string)
}

test('writes and reads in one transaction, and returns the generator result', async () => {
  const out = await inWriteTx(function* () {
    const changed = yield* insertProfile('OPS1', 'a@ops.test')
    const first = yield* selectFirst(kysely().selectFrom('Profile').select('email').where('id', '=', 'OPS1'))
    return { changed, email: first?.email }
  })
  expect(out).toEqual({ changed: 1, email: 'a@ops.test' })
  expect(await read(emails())).toEqual(['a@ops.test'])
})

test('a failing query is thrown into the generator; uncaught, the whole transaction rolls back', async () => {
  await expect(
    inWriteTx(function* () {
      yield* insertProfile('OPS2', 'b@ops.test')
      yield* insertProfile('OPS2', 'dup@ops.test') // primary key clash
    }),
  ).rejects.toHaveProperty('message', expect.stringMatching(/unique|duplicate/i))
  expect(await read(emails())).toEqual(['a@ops.test'])
})

test('savepoint undoes only the failing part and reports the error', async () => {
  const result = await inWriteTx(function* () {
    yield* insertProfile('OPS3', 'c@ops.test')
    const inner = yield* savepoint(
      function* () {
        yield* insertProfile('OPS4', 'd@ops.test')
        yield* insertProfile('OPS3', 'clash@ops.test')
        return 'ok'
      },
      // Not `instanceof Error`: better-sqlite3 keeps the error class of the first test file
      // that loaded it, from another Jest realm.
      (e) =>
        `failed: ${/unique|duplicate/i.test(String((e as { message?: string }).message)) ? 'key clash' : String(e)}`,
    )
    yield* insertProfile('OPS5', 'e@ops.test')
    return inner
  })
  expect(result).toBe('failed: key clash')
  expect(await read(emails())).toEqual(['a@ops.test', 'c@ops.test', 'e@ops.test'])
})
