/** @jest-environment node */
// Concurrent ingest on PostgreSQL without deadlocks (issue 22 §1; skipped on SQLite, which has
// one writer): four ingest loops at once, each writing batches that mix many companies, every
// batch creating the same new metrics and profiles as the others. Before the set-based path,
// batches that created shared rows in event order deadlocked and were retried job after job.
// pg_stat_database's deadlock count must not grow, no batch may be rerun, and every event must
// be stored exactly once (no unique_id on half of them, so the unique key cannot hide a double).
import { testEngine, useTestDatabase } from '../helpers/test-db'
useTestDatabase()
import { db } from '@/lib/db/client'
import { closePgPool, pgPool } from '@/lib/db/pg-pool'
import { validateEvents, writeBatch } from '@/lib/events/ingest-events'
import { ingestRetryCount } from '@/lib/events/ingest-retry-count'
import type { IngestGroup } from '@/lib/events/types'
import { makeCompany } from '../helpers/factory'

jest.setTimeout(120_000)
const onPostgres = testEngine() === 'postgres'
const it = onPostgres ? test : test.skip

const COMPANIES = 6
const LOOPS = 4
const BATCHES = 8
const PER_GROUP = 25
const PROFILES = 30
const METRICS = ['Viewed Product', 'Added to Cart', 'Started Checkout', 'Placed Order', 'Fresh Metric']

afterAll(async () => {
  await db.$disconnect()
  await closePgPool()
})

const q = async (text: string, values: unknown[] = []) =>
  (await pgPool(process.env.DATABASE_URL!).query(text, values)).rows

async function deadlocks(): Promise<number> {
  // Statistics reach pg_stat_database when a backend flushes them (at most a second late, on
  // PostgreSQL's real clock, from other backends): real time is the subject of this wait.
  await new Promise((r) => setTimeout(r, 1_200))
  await q('select pg_stat_clear_snapshot()')
  return Number((await q('select deadlocks as n from pg_stat_database where datname = current_database()'))[0].n)
}

it('four ingest loops on one PostgreSQL, each batch creating the same new profiles and metrics: no deadlock, every event once', async () => {
  const companies = await Promise.all(Array.from({ length: COMPANIES }, () => makeCompany()))
  const before = await deadlocks()
  const retriesBefore = ingestRetryCount()
  let n = 0
  const batch = (loop: number, b: number): IngestGroup[] =>
    // Each loop walks the companies in its own order, so lock order is not given by the input.
    companies
      .map((_, i) => companies[(i + loop) % COMPANIES]!)
      .map((c) => ({
        companyId: c.id,
        mode: 'import' as const,
        events: validateEvents(
          Array.from({ length: PER_GROUP }, (_, k) => {
            const seq = n++
            const p = (k * 7 + b * 3 + loop) % PROFILES
            return {
              metric: { name: `${METRICS[(k + loop) % METRICS.length]!} ${b}` },
              // Half name the profile by one identifier (the set-based path), half by more.
              profile:
                k % 2
                  ? { email: `shopper${p}@example.test` }
                  : { email: `shopper${p}@example.test`, firstName: `Shopper ${p}` },
              properties: { seq },
              time: new Date(Date.UTC(2026, 0, 1) + seq * 1000).toISOString(),
              ...(k % 2 ? { uniqueId: `u-${seq}` } : {}),
            }
          }),
        ),
      }))
  const results = await Promise.all(
    Array.from({ length: LOOPS }, async (_, loop) => {
      let written = 0
      for (let b = 0; b < BATCHES; b++) {
        const outcomes = await writeBatch(batch(loop, b), 'isolate')
        for (const o of outcomes) {
          if (!('ok' in o)) throw new Error(`a group failed: ${String((o as { error?: unknown }).error)}`)
          written += o.ok.filter((r) => !r.duplicate).length
        }
      }
      return written
    }),
  )
  const expected = LOOPS * BATCHES * COMPANIES * PER_GROUP
  expect(results.reduce((a, b) => a + b, 0)).toBe(expected)
  const ids = companies.map((c) => c.id)
  const stored = await q(
    `select count(*)::int as n, count(distinct properties)::int as d from "Event" where "companyId" = any($1)`,
    [ids],
  )
  expect(stored[0]).toEqual({ n: expected, d: expected }) // each event once: every seq stored, none twice
  // The shared rows were created once per company, whoever won.
  const profiles = await q(`select count(*)::int as n from "Profile" where "companyId" = any($1)`, [ids])
  expect(profiles[0].n).toBe(COMPANIES * PROFILES)
  const metrics = await q(`select count(*)::int as n from "Metric" where "companyId" = any($1)`, [ids])
  expect(metrics[0].n).toBe(COMPANIES * METRICS.length * BATCHES)
  expect(await deadlocks()).toBe(before)
  expect(ingestRetryCount()).toBe(retriesBefore)
})
