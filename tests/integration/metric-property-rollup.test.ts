/** @jest-environment node */
// The rollup by property (issue 23 §6): once a property is registered, the triggers on "Event"
// keep MetricPropertyRollup exact through every writer and delete, and the engine answers a
// count/sum by that property from it. Every query is answered both ways and compared with the
// events' answer: strings, numbers, booleans, lists (once per element, repeats included), empty
// lists, nulls and missing values; New York days (whole-hour offsets) and a half-hour zone.
import { useTestDatabase } from '@/tests/helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)
import { db } from '@/lib/db/client'
import { ingestEvents } from '@/lib/events/ingest-events'
import { runJobsUntilIdle } from '@/lib/jobs/queue'
import { runReport } from '@/lib/analytics/run-report'
import { reportDefinition } from '@/lib/analytics/report-definition'
import { registerPropertyDimension, rollupProperty } from '@/lib/metrics/property-rollup'
import { runMetricQuery, type EngineQuery, type EngineRow } from '@/lib/metrics/run-metric-query'
import { bucketRange } from '@/lib/metrics/timeframe'
import { makeCompany } from '@/tests/helpers/factory'

const START = Date.UTC(2026, 2, 1)
const range = { start: START, end: START + 20 * 86_400_000 }
const VALUES: unknown[] = [
  'Shoes',
  'Hats',
  7,
  1.5,
  true,
  false,
  null,
  ['Shoes', 'Bags', 'Shoes'],
  [],
  [3, null],
  { a: 1 },
]

async function seed(companyId: number, n: number, offset = 0) {
  await ingestEvents(
    companyId,
    Array.from({ length: n }, (_, i) => {
      const k = i + offset
      const v = VALUES[k % (VALUES.length + 1)]
      return {
        metric: { name: 'Placed Order' },
        profile: { email: `p${k % 7}@ex.test` },
        time: new Date(START + ((k * 7919) % (19 * 24)) * 3_600_000 + (k % 60) * 1000).toISOString(),
        value: (k % 5) + 0.25,
        uniqueId: `o${k}`,
        properties: v === undefined ? { Other: 1 } : { Category: v },
      }
    }),
  )
}

const sorted = (rows: EngineRow[]) =>
  [...rows].sort((a, b) => JSON.stringify(a.dimensions).localeCompare(JSON.stringify(b.dimensions)))

async function bothWays(q: EngineQuery) {
  const fromRollup = await runMetricQuery(q)
  const fromEvents = await runMetricQuery({ ...q, eventsOnly: true })
  expect(sorted(fromRollup)).toEqual(sorted(fromEvents))
  return fromRollup
}

async function metricId(companyId: number) {
  return (await db.metric.findFirstOrThrow({ where: { companyId, name: 'Placed Order' } })).id
}

const rollupRows = (id: string) => db.metricPropertyRollup.count({ where: { metricId: id } })

test('registered property: the rollup gives the events’ figures through inserts, deletes and updates', async () => {
  const company = await makeCompany()
  await seed(company.id, 120)
  const id = await metricId(company.id)
  const q: EngineQuery = {
    companyId: company.id,
    metricId: id,
    buckets: bucketRange(range, 'daily', 'America/New_York'),
    measurements: ['count', 'sum_value'],
    by: ['Category'],
  }
  expect(rollupProperty(q)).toBe('Category')
  expect(await registerPropertyDimension(company.id, id, 'Category')).toBe('ready')
  expect(await registerPropertyDimension(company.id, id, 'Category')).toBe('ready') // once
  expect(await rollupRows(id)).toBeGreaterThan(0)
  const rows = await bothWays(q)
  const shoes = rows.find((r) => r.dimensions[0] === 'Shoes')!
  // 'Shoes' events count once each, the list ['Shoes','Bags','Shoes'] twice per event.
  expect(shoes.measurements.count!.reduce((a, b) => a + b, 0)).toBeGreaterThan(10)
  expect(rows.some((r) => r.dimensions[0] === null)).toBe(true)

  // New events after registration (triggers), then deletes by a profile's cascade, then an update.
  await seed(company.id, 60, 1000)
  await bothWays(q)
  const victim = await db.profile.findFirstOrThrow({ where: { companyId: company.id, email: 'p3@ex.test' } })
  await db.profile.delete({ where: { id: victim.id } })
  await bothWays(q)
  const one = await db.event.findFirstOrThrow({ where: { companyId: company.id, metricId: id } })
  await db.event.updateMany({
    where: { id: one.id },
    data: { properties: JSON.stringify({ Category: 'Moved' }), ts: one.ts + 86_400 },
  })
  const after = await bothWays(q)
  expect(after.find((r) => r.dimensions[0] === 'Moved')?.measurements.count!.reduce((a, b) => a + b, 0)).toBe(1)

  // And it is the rollup that answers: a row moved by hand shows in the engine's figures.
  const movedRow = await db.metricPropertyRollup.findFirstOrThrow({ where: { metricId: id, valueKey: 'vMoved' } })
  await db.metricPropertyRollup.update({
    where: {
      metricId_property_hour_valueKey: { metricId: id, property: 'Category', hour: movedRow.hour, valueKey: 'vMoved' },
    },
    data: { count: 41 },
  })
  const read = await runMetricQuery(q)
  expect(read.find((r) => r.dimensions[0] === 'Moved')?.measurements.count!.reduce((a, b) => a + b, 0)).toBe(41)

  // Only count and sum by one plain property on whole-hour buckets use it.
  expect(rollupProperty({ ...q, measurements: ['unique'] })).toBeNull()
  expect(rollupProperty({ ...q, by: ['Category', 'Other'] })).toBeNull()
  expect(rollupProperty({ ...q, by: ['$profile.city'] })).toBeNull()
  expect(rollupProperty({ ...q, buckets: bucketRange(range, 'daily', 'Asia/Kolkata') })).toBeNull()
  expect(
    rollupProperty({ ...q, where: [{ property: 'Category', operator: 'equals', value: 'Hats' }] as never }),
  ).toBeNull()
  // A half-hour zone still answers from the events, and agrees.
  await bothWays({ ...q, buckets: bucketRange(range, 'daily', 'Asia/Kolkata') })
})

test('a report by a property asks the worker for its rollup once; the next run reads it and agrees', async () => {
  const company = await makeCompany()
  await seed(company.id, 80)
  const id = await metricId(company.id)
  const definition = reportDefinition.parse({
    source: { type: 'metric', metricId: id },
    measurements: ['count'],
    groupBy: [
      { type: 'event_property', name: 'Category' },
      { type: 'time', granularity: 'daily' },
    ],
    timeframe: { range: 'custom', start: '2026-03-01', end: '2026-03-20' },
  })
  const now = new Date('2026-03-22T00:00:00Z')
  const first = await runReport(company.id, definition, { now })
  expect(await db.metricPropertyDimension.count({ where: { metricId: id } })).toBe(0)
  await runJobsUntilIdle()
  expect(await db.metricPropertyDimension.findFirst({ where: { metricId: id } })).toMatchObject({ status: 'ready' })
  const second = await runReport(company.id, definition, { now })
  expect(second.rows).toEqual(first.rows)
  expect(second.totals ?? null).toEqual(first.totals ?? null)
})

test('a property with too many values is refused and keeps reading the events; names are checked', async () => {
  const company = await makeCompany()
  await ingestEvents(
    company.id,
    Array.from({ length: 30 }, (_, i) => ({
      metric: { name: 'Placed Order' },
      profile: { email: `x${i}@ex.test` },
      time: '2026-03-02T10:00:00Z',
      properties: { OrderId: `id-${i}` },
    })),
  )
  const id = await metricId(company.id)
  expect(await registerPropertyDimension(company.id, id, 'OrderId', { maxValues: 10 })).toBe('refused')
  expect(await db.metricPropertyRollup.count({ where: { metricId: id } })).toBe(0)
  await expect(registerPropertyDimension(company.id, id, '')).rejects.toMatchObject({ status: 400 })
  // Another company's metric is not this company's to register.
  const other = await makeCompany()
  expect(await registerPropertyDimension(other.id, id, 'OrderId')).toBe('unknown_metric')
})
