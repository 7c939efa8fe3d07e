/** @jest-environment node */
// inIndexOrder (lib/db/ops.ts): on PostgreSQL a queue claim reads its index in order instead of
// sorting the whole backlog when the table's statistics are stale (just after a burst of
// inserts): enable_sort is off for that query only, within its transaction, and back on after
// it; on an error the transaction's rollback restores it. On SQLite the query runs as it is.
import { useTestDatabase, testEngine } from '../helpers/test-db'
useTestDatabase()

import { sql } from 'kysely'
import { db } from '@/lib/db/client'
import { kysely } from '@/lib/db/kysely'
import { inIndexOrder, inWriteTx, select } from '@/lib/db/ops'
import { ulid } from '@/lib/ids/make-id'

const pg = testEngine() === 'postgres'
const show = () => select(sql<{ enable_sort: string }>`show enable_sort`.compile(kysely()))

test('the setting is off for the query only, and back on after it in the same transaction', async () => {
  if (!pg) {
    // SQLite: the inner query's rows, nothing else run.
    const rows = await inWriteTx(() => inIndexOrder(select(sql<{ one: number }>`select 1 as one`.compile(kysely()))))
    expect(rows).toEqual([{ one: 1 }])
    return
  }
  const seen = await inWriteTx(function* () {
    const during = yield* inIndexOrder(show())
    const after = yield* show()
    return [during[0]!.enable_sort, after[0]!.enable_sort]
  })
  expect(seen).toEqual(['off', 'on'])
  // An error inside: the transaction rolls back, and the next one has sorting on.
  await expect(
    inWriteTx(function* () {
      yield* inIndexOrder(select(sql`select 1/0`.compile(kysely())))
    }),
  ).rejects.toThrow()
  expect((await inWriteTx(show))[0]!.enable_sort).toBe('on')
})

test('a claim of one source over a fresh backlog of 20,000 reads the (companyId, sourceType, sourceId, id) index in order: no Sort', async () => {
  const c = await db.company.create({ data: { name: 'Backlog', publicApiKey: 'BACKLG' } })
  const now = new Date()
  for (let i = 0; i < 20000; i += 1000) {
    const ids = Array.from({ length: 1000 }, (_, k) => `BP${String(i + k).padStart(5, '0')}`)
    await kysely()
      .insertInto('Profile')
      .values(
        ids.map((id) => ({
          id,
          companyId: c.id,
          email: `${id}@x.test`,
          properties: '{}',
          createdAt: now,
          updatedAt: now,
        })),
      )
      .execute()
    await kysely()
      .insertInto('Send')
      .values(
        ids.map((id) => ({
          id: ulid(now.getTime()),
          companyId: c.id,
          channel: 'email',
          sourceType: 'campaign_message',
          sourceId: 'MSG',
          profileId: id,
          transactional: false,
          status: 'queued',
          content: '{}',
          createdAt: now,
          updatedAt: now,
        })),
      )
      .execute()
  }
  const claim = kysely()
    .selectFrom('Send')
    .select('id')
    .where('companyId', '=', c.id)
    .where('channel', '=', 'email')
    .where('sourceType', '=', 'campaign_message')
    .where('sourceId', 'in', ['MSG'])
    .where((eb) =>
      eb.or([eb('status', '=', 'queued'), eb.and([eb('status', '=', 'deferred'), eb('deferredUntil', '<=', now)])]),
    )
    .orderBy('id')
    .limit(100)
  const compiled = (pg ? claim.forUpdate().skipLocked() : claim).compile()
  const explain = pg ? `explain ${compiled.sql}` : `explain query plan ${compiled.sql}`
  const plan = await inWriteTx(() => inIndexOrder(select({ ...compiled, sql: explain } as typeof compiled)))
  const text = (plan as Array<Record<string, unknown>>).map((r) => String(r['QUERY PLAN'] ?? r.detail)).join('\n')
  // Either index that yields id order is fine: the (companyId, sourceType, sourceId, id) one, or
  // the primary key when the statistics say every row matches (autovacuum may have analyzed the
  // fresh table by now). What must not happen is a Sort of the whole backlog.
  if (pg) expect(text).toMatch(/Index Scan using "Send_(pkey|companyId_sourceType_sourceId_id_idx)"/)
  else expect(text).toMatch(/Send_companyId_sourceType_sourceId_id_idx|PRIMARY KEY|USING INDEX/)
  expect(text).not.toMatch(/Sort|TEMP B-TREE/)
  // And the claim itself returns the first 100 in id order.
  const rows = await inWriteTx(() => inIndexOrder(select(compiled)))
  const ids = rows.map((r) => r.id)
  expect(ids).toHaveLength(100)
  expect([...ids].sort()).toEqual(ids)
}, 60_000)
