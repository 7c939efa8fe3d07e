/** @jest-environment node */
// Issue 22 §2: the PgBouncer-compatible mode (docs/pgbouncer.md). A real PgBouncer in
// transaction pooling mode with two server connections sits in front of the test database;
// the app's DATABASE_URL goes through it (?pgbouncer=true), DATABASE_DIRECT_URL to the server.
// Concurrent ingest, a segment's creation and recompute through the job queue, and the hourly
// rollup all work, and no session state is left on the shared server connections (a session
// advisory lock taken on one and released on another would stay held for good).
// PostgreSQL pass only; skipped where no pgbouncer binary is installed.
import { useTestDatabase, testEngine } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(120_000)

import pg from 'pg'
import { startPgBouncer, type PgBouncer } from '../helpers/pgbouncer'

const direct = process.env.DATABASE_URL!
let bouncer: PgBouncer | null = null

async function onDirect<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: direct })
  await c.connect()
  try {
    return await fn(c)
  } finally {
    await c.end()
  }
}

beforeAll(async () => {
  if (testEngine() !== 'postgres') return
  const db = new URL(direct).pathname.slice(1)
  // The TimeZone startup option cannot pass PgBouncer: the database's own setting replaces it.
  await onDirect((c) => c.query(`ALTER DATABASE "${db}" SET timezone TO 'UTC'`))
  bouncer = await startPgBouncer(direct, 2)
  if (!bouncer) return
  process.env.DATABASE_DIRECT_URL = direct
  process.env.DATABASE_URL = bouncer.url
})

afterAll(async () => {
  process.env.DATABASE_URL = direct
  delete process.env.DATABASE_DIRECT_URL
  await bouncer?.stop()
})

const maybe = testEngine() === 'postgres' ? test : test.skip

maybe('ingest, segment recompute through the queue and the rollup through a transaction pooler', async () => {
  if (!bouncer) return console.warn('pgbouncer is not installed: the PgBouncer mode test did not run')
  const { db } = await import('@/lib/db/client')
  const { makeCompany } = await import('../helpers/factory')
  const { ingestEvents } = await import('@/lib/events/ingest-events')
  const { createSegment } = await import('@/lib/groups/create-segment')
  const { getOrCreateMetric } = await import('@/lib/events/get-or-create-metric')
  const { recomputeSegment } = await import('@/lib/segments/recompute-segment')
  const { runJobsUntilIdle } = await import('@/lib/jobs/queue')

  // Through the pooler: the server sees PgBouncer's connections, not ours.
  const port = (await db.$queryRawUnsafe<Array<{ p: number | null }>>('select inet_server_port() as p'))[0]!.p
  expect(String(port)).toBe(new URL(direct).port)
  expect(new URL(process.env.DATABASE_URL!).port).not.toBe(new URL(direct).port)

  const cid = (await makeCompany()).id
  const order = await getOrCreateMetric(cid, 'Placed Order')
  const definition = {
    version: 1,
    root: {
      type: 'and',
      conditions: [
        { kind: 'metric', metricId: order.id, comparison: 'at_least', count: 2, timeframe: { type: 'all_time' } },
      ],
    },
  }
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the definition's zod input type
  const segment = await createSegment(cid, { name: 'Bought 2+', definition: definition as any })
  // Eight concurrent batches over two server connections: every transaction (and its
  // advisory xact lock) must stay on one of them.
  const batch = (k: number) =>
    ingestEvents(
      cid,
      Array.from({ length: 10 }, (_, i) => ({
        metric: { name: 'Placed Order' },
        profile: { email: `p${(k * 10 + i) % 12}@ex.test` },
        time: '2026-11-01T10:00:00Z',
        value: 1,
      })),
    )
  await Promise.all(Array.from({ length: 8 }, (_, k) => batch(k)))
  await runJobsUntilIdle()
  expect(await db.event.count({ where: { companyId: cid } })).toBe(80)
  const rollup = await db.metricHourlyRollup.findMany({ where: { metricId: order.id } })
  expect(rollup.map((r) => [r.count, r.value])).toEqual([[80, 80]])
  // 80 events over 12 profiles: each has at least 6 orders, so all 12 are members.
  const result = await recomputeSegment(cid, segment.id)
  expect(result.memberCount).toBe(12)
  expect(await db.groupMembership.count({ where: { groupId: segment.id, leftAt: null } })).toBe(12)
  // Time zone: timestamps written through the pooler read back as the instants written.
  const p = await db.profile.findFirstOrThrow({ where: { companyId: cid, email: 'p0@ex.test' } })
  expect(p.lastEventAt?.toISOString()).toBe('2026-11-01T10:00:00.000Z')

  // Nothing session-scoped left behind on the server connections the pooler shares. pg_locks
  // is server-wide and other test files run on the same server at once: count only the
  // advisory locks held in this test's database.
  const locks = await onDirect((c) =>
    c.query(
      `select count(*)::int as n from pg_locks l
        where l.locktype = 'advisory' and l.granted
          and l.database = (select oid from pg_database where datname = current_database())`,
    ),
  )
  expect(locks.rows[0].n).toBe(0)
})
