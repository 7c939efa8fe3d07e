/** @jest-environment node */
// The hourly metric rollup (issue 22 §2): kept exact by the triggers on "Event" through every
// writer (Prisma, set-based ingest) and every delete (a metric's delete, a profile's cascade, a
// merge), and read by the metric engine for count and sum when every bucket boundary is a whole
// hour. Each query is answered both ways and compared: rollup and events give the same figures.
import { useTestDatabase, testEngine } from '@/tests/helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)
import fs from 'node:fs'
import path from 'node:path'
import { db } from '@/lib/db/client'
import { ingestEvents } from '@/lib/events/ingest-events'
import { deleteMetric } from '@/lib/events/delete-metric'
import { rollupEligible } from '@/lib/metrics/rollup-query'
import { runMetricQuery, type EngineQuery } from '@/lib/metrics/run-metric-query'
import { bucketRange, type Granularity } from '@/lib/metrics/timeframe'
import { makeCompany } from '@/tests/helpers/factory'
import { addEvents, makeMetricsFixture, FIXTURE_RANGE, TZ } from './metrics-fixture'

type Fixture = Awaited<ReturnType<typeof makeMetricsFixture>>
let fx: Fixture

beforeAll(async () => {
  fx = await makeMetricsFixture()
})

const range = { start: FIXTURE_RANGE.start.getTime() - 40 * 86_400_000, end: FIXTURE_RANGE.end.getTime() + 86_400_000 }

function query(companyId: number, metricId: string, g: Granularity, tz: string, extra: Partial<EngineQuery> = {}) {
  return {
    companyId,
    metricId,
    buckets: bucketRange(range, g, tz),
    measurements: ['count', 'sum_value'] as const,
    ...extra,
  } satisfies EngineQuery
}

/** The rollup's answer, after checking it is the rollup that answers and that the events agree. */
async function bothWays(q: EngineQuery) {
  expect(rollupEligible(q)).toBe(true)
  const fromRollup = await runMetricQuery(q)
  const fromEvents = await runMetricQuery({ ...q, eventsOnly: true })
  expect(fromRollup).toEqual(fromEvents)
  return fromRollup[0]!.measurements
}

const total = (xs: number[] | undefined) => (xs ?? []).reduce((a, b) => a + b, 0)

test('day, week, month and hour buckets in New York and UTC: the rollup gives the events’ figures', async () => {
  for (const tz of [TZ, 'UTC'])
    for (const g of ['daily', 'weekly', 'monthly'] as const) {
      const m = await bothWays(query(fx.company.id, fx.metricId, g, tz))
      expect(total(m.count)).toBe(7)
      expect(total(m.sum_value)).toBe(46.75)
    }
  const hourly = { start: FIXTURE_RANGE.start.getTime(), end: FIXTURE_RANGE.end.getTime() }
  await bothWays({ ...query(fx.company.id, fx.metricId, 'hourly', TZ), buckets: bucketRange(hourly, 'hourly', TZ) })
})

test('filters, breakdowns, unique counts and half-hour zones read the events (same answer as before)', async () => {
  const base = query(fx.company.id, fx.metricId, 'daily', 'Asia/Kolkata')
  expect(rollupEligible(base)).toBe(false)
  const kolkata = await runMetricQuery(base)
  expect(total(kolkata[0]!.measurements.count)).toBe(7)
  const utc = query(fx.company.id, fx.metricId, 'daily', 'UTC')
  expect(rollupEligible({ ...utc, measurements: ['unique'] })).toBe(false)
  expect(rollupEligible({ ...utc, by: ['Category'] })).toBe(false)
  expect(
    rollupEligible({ ...utc, where: [{ property: 'Category', operator: 'equals', value: 'Shoes' }] as never }),
  ).toBe(false)
})

test('set-based ingest moves the rollup in its transaction; duplicates are not counted', async () => {
  const company = await makeCompany()
  const at = (iso: string) => iso
  await ingestEvents(company.id, [
    { metric: { name: 'Ordered' }, profile: { email: 'a@ex.test' }, time: at('2024-02-28T23:59:59Z'), value: 2 },
    { metric: { name: 'Ordered' }, profile: { email: 'b@ex.test' }, time: at('2024-02-29T00:00:00Z'), value: 3.5 },
    { metric: { name: 'Ordered' }, profile: { email: 'b@ex.test' }, time: at('2024-02-29T00:30:00Z'), uniqueId: 'u1' },
    { metric: { name: 'Ordered' }, profile: { email: 'b@ex.test' }, time: at('2024-02-29T00:31:00Z'), uniqueId: 'u1' },
    { metric: { name: 'Ordered' }, profile: { email: 'c@ex.test' }, time: at('2024-03-01T10:00:00Z'), value: 1 },
  ])
  const metric = await db.metric.findFirstOrThrow({ where: { companyId: company.id, name: 'Ordered' } })
  const rows = await db.metricHourlyRollup.findMany({ where: { metricId: metric.id }, orderBy: { hour: 'asc' } })
  expect(rows.map((r) => [new Date(r.hour * 1000).toISOString(), r.count, r.value])).toEqual([
    ['2024-02-28T23:00:00.000Z', 1, 2],
    ['2024-02-29T00:00:00.000Z', 2, 3.5],
    ['2024-03-01T10:00:00.000Z', 1, 1],
  ])
  expect(rows.every((r) => r.companyId === company.id)).toBe(true)
  const m = await bothWays(query(company.id, metric.id, 'daily', 'UTC'))
  expect(total(m.count)).toBe(4)
})

test('deleting events keeps it exact: a profile’s cascade, an update, a metric’s delete', async () => {
  const company = await makeCompany()
  const made = await addEvents(company.id, [
    { metric: 'Clicked', email: 'x@ex.test', time: '2024-03-05T10:15:00Z', value: 1.1 },
    { metric: 'Clicked', email: 'x@ex.test', time: '2024-03-05T10:45:00Z', value: 2.2 },
    { metric: 'Clicked', email: 'y@ex.test', time: '2024-03-05T10:50:00Z', value: 4.4 },
    { metric: 'Clicked', email: 'y@ex.test', time: '2024-03-06T08:00:00Z' },
  ])
  const metricId = made[0]!.metricId
  const rollup = async () =>
    (await db.metricHourlyRollup.findMany({ where: { metricId }, orderBy: { hour: 'asc' } })).map((r) => [
      new Date(r.hour * 1000).toISOString().slice(5, 13),
      r.count,
      Math.round(r.value * 1e6) / 1e6,
    ])
  expect(await rollup()).toEqual([
    ['03-05T10', 3, 7.7],
    ['03-06T08', 1, 0],
  ])
  // A profile's deletion cascades to its events at the database level.
  await db.profile.delete({ where: { id: made[0]!.profileId } })
  expect(await rollup()).toEqual([
    ['03-05T10', 1, 4.4],
    ['03-06T08', 1, 0],
  ])
  await db.event.updateMany({
    where: { id: made[3]!.eventId },
    data: { ts: Date.parse('2024-03-05T10:59:59Z') / 1000 },
  })
  expect(await rollup()).toEqual([['03-05T10', 2, 4.4]])
  await bothWays(query(company.id, metricId, 'daily', TZ))
  await db.event.deleteMany({ where: { id: made[2]!.eventId } })
  expect(await rollup()).toEqual([['03-05T10', 1, 0]])
  await deleteMetric(company.id, metricId)
  expect(await rollup()).toEqual([])
  // The other company's rollup was not touched.
  await bothWays(query(fx.company.id, fx.metricId, 'daily', TZ))
})

test('the migration’s backfill rebuilds the same rollup from the stored events', async () => {
  const dir = testEngine() === 'postgres' ? 'prisma/postgres/migrations' : 'prisma/migrations'
  const text = fs.readFileSync(path.join(dir, '20261129063000_metric_hourly_rollup', 'migration.sql'), 'utf8')
  const backfill = text.slice(text.indexOf('-- Backfill'))
  const statements = backfill
    .split(';')
    .map((s) => s.replace(/^\s*--[^\n]*\n/gm, '').trim())
    .filter(Boolean)
  expect(statements).toHaveLength(2)
  const snapshot = async () =>
    (await db.metricHourlyRollup.findMany({ orderBy: [{ metricId: 'asc' }, { hour: 'asc' }] })).map((r) => ({
      ...r,
      value: Math.round(r.value * 1e6) / 1e6,
    }))
  const kept = await snapshot()
  expect(kept.length).toBeGreaterThan(0)
  await db.$executeRawUnsafe('DELETE FROM "MetricHourlyRollup"')
  for (const s of statements) await db.$executeRawUnsafe(s)
  expect(await snapshot()).toEqual(kept)
})
