/** @jest-environment node */
// The metric query engine against hand-computed answers: count, sum_value and unique per local
// day (DST included), empty buckets, every filter operator, breakdowns, sorting and paging, and
// the public API's queryMetricAggregates contract (another company's metric → 404).
import { useTestDatabase } from '@/tests/helpers/test-db'
useTestDatabase()
jest.setTimeout(30_000)
import { queryMetricAggregates } from '@/lib/metrics/query-metric-aggregates'
import { runMetricQuery } from '@/lib/metrics/run-metric-query'
import { bucketRange } from '@/lib/metrics/timeframe'
import { AppError } from '@/lib/errors/app-error'
import { getMetricChart } from '@/lib/metrics/get-metric-chart'
import { addEvents, makeMetricsFixture, FIXTURE_RANGE, TZ } from './metrics-fixture'

let fx: Awaited<ReturnType<typeof makeMetricsFixture>>
let other: Awaited<ReturnType<typeof makeMetricsFixture>>

beforeAll(async () => {
  fx = await makeMetricsFixture()
  other = await makeMetricsFixture()
})

const daily = () => bucketRange({ start: FIXTURE_RANGE.start.getTime(), end: FIXTURE_RANGE.end.getTime() }, 'daily', TZ)
const counts = async (where?: Parameters<typeof runMetricQuery>[0]['where']) =>
  (
    await runMetricQuery({
      companyId: fx.company.id,
      metricId: fx.metricId,
      buckets: daily(),
      measurements: ['count'],
      where,
    })
  )[0]!.measurements.count

test('count, sum_value and unique per local day, with the empty last day filled with 0', async () => {
  const r = await queryMetricAggregates(fx.company.id, {
    metricId: fx.metricId,
    measurements: ['count', 'sum_value', 'unique'],
    interval: 'day',
    timezone: TZ,
    filter: FIXTURE_RANGE,
  })
  expect(r.dates).toEqual([
    '2024-03-08T00:00:00-05:00',
    '2024-03-09T00:00:00-05:00',
    '2024-03-10T00:00:00-05:00',
    '2024-03-11T00:00:00-04:00',
    '2024-03-12T00:00:00-04:00',
  ])
  expect(r.data).toEqual([
    {
      dimensions: [],
      measurements: { count: [1, 2, 2, 2, 0], sum_value: [10, 12.5, 20, 4.25, 0], unique: [1, 2, 2, 1, 0] },
    },
  ])
  expect(r.nextPageCursor).toBeUndefined()
})

test('the same events bucketed in UTC land on other days; only the requested measurements come back', async () => {
  const r = await queryMetricAggregates(fx.company.id, {
    metricId: fx.metricId,
    measurements: ['count'],
    filter: { start: new Date('2024-03-08T00:00:00Z'), end: new Date('2024-03-12T00:00:00Z') },
  })
  expect(r.dates).toEqual([
    '2024-03-08T00:00:00+00:00',
    '2024-03-09T00:00:00+00:00',
    '2024-03-10T00:00:00+00:00',
    '2024-03-11T00:00:00+00:00',
  ])
  expect(r.data[0]!.measurements).toEqual({ count: [0, 2, 2, 3] })
})

test('hour, week and month intervals', async () => {
  const base = { metricId: fx.metricId, measurements: ['count' as const], timezone: TZ }
  const weeks = await queryMetricAggregates(fx.company.id, { ...base, interval: 'week', filter: FIXTURE_RANGE })
  expect(weeks.dates).toEqual(['2024-03-03T00:00:00-05:00', '2024-03-10T00:00:00-05:00'])
  expect(weeks.data[0]!.measurements.count).toEqual([3, 4])
  const months = await queryMetricAggregates(fx.company.id, { ...base, interval: 'month', filter: FIXTURE_RANGE })
  expect(months.data[0]!.measurements.count).toEqual([7])
  const hours = await queryMetricAggregates(fx.company.id, {
    ...base,
    interval: 'hour',
    filter: { start: new Date('2024-03-10T04:00:00Z'), end: new Date('2024-03-10T08:00:00Z') },
  })
  // 23:00 EST, 00:00 EST, 01:00 EST, then 03:00 EDT: the skipped hour is not a bucket.
  expect(hours.dates).toEqual([
    '2024-03-09T23:00:00-05:00',
    '2024-03-10T00:00:00-05:00',
    '2024-03-10T01:00:00-05:00',
    '2024-03-10T03:00:00-04:00',
  ])
  expect(hours.data[0]!.measurements.count).toEqual([1, 1, 0, 0])
})

test.each([
  ['equal', 'Category', 'Shoes', [1, 1, 0, 1, 0]],
  ['equals', 'Category', 'Shoes', [1, 1, 0, 1, 0]],
  ['ne', 'Category', 'Shoes', [0, 1, 2, 1, 0]],
  ['in', 'Category', ['Hats', 'Bags'], [0, 1, 1, 0, 0]],
  ['any', 'Category', ['Hats'], [0, 1, 0, 0, 0]],
  ['not_in', 'Category', ['Hats', 'Bags'], [1, 1, 1, 2, 0]],
  ['contains', 'Category', 'SHOE', [1, 1, 1, 1, 0]],
  ['not_contains', 'Category', 'shoe', [0, 1, 1, 1, 0]],
  ['starts_with', 'Category', 'shoes-', [0, 0, 1, 0, 0]],
  ['ends_with', 'Category', 'ATS', [0, 1, 0, 0, 0]],
  ['contains_any', 'Category', ['hat', 'bag'], [0, 1, 1, 0, 0]],
  ['like', 'Category', 'S%s', [1, 1, 0, 1, 0]],
  ['gt', 'ItemCount', 1, [1, 1, 0, 1, 0]],
  ['gte', 'ItemCount', '3', [0, 1, 0, 1, 0]],
  ['lt', 'ItemCount', 2, [0, 1, 0, 0, 0]],
  ['lte', 'ItemCount', 2, [1, 1, 0, 0, 0]],
  ['gt', '$value', 5, [1, 1, 1, 0, 0]],
  ['lte', '$value', 5, [0, 1, 0, 2, 0]],
  ['equal', '$value', 20, [0, 0, 1, 0, 0]],
  ['contains', 'Tags', 'sale', [1, 0, 0, 0, 0]],
  ['contains', 'Tags', 'sal', [0, 0, 0, 0, 0]],
  ['is_set', 'Brand', undefined, [0, 0, 1, 0, 0]],
  ['equal', 'Missing Property', 'x', [0, 0, 0, 0, 0]],
])('filter %s on %s %j', async (op, field, value, expected) => {
  expect(await counts([{ field, op, value }])).toEqual(expected)
})

test('filters combine with AND', async () => {
  expect(
    await counts([
      { field: 'Category', op: 'equal', value: 'Shoes' },
      { field: '$value', op: 'gt', value: 5 },
    ]),
  ).toEqual([1, 1, 0, 0, 0])
})

test.each([
  [{ field: 'Category', op: 'between', value: 1 }, 'where.0.op'],
  [{ field: 'Category', op: 'equal', value: { a: 1 } }, 'where.0.value'],
  [{ field: 'Category', op: 'in', value: [] }, 'where.0.value'],
  [{ field: 'Bad\u0000Name', op: 'equal', value: 1 }, 'where.0.field'],
  [{ field: '\ud800', op: 'is_set' }, 'where.0.field'],
])('bad filter %j → 400 on %s', async (f, key) => {
  try {
    await counts([f])
    throw new Error('expected a failure')
  } catch (e) {
    expect((e as AppError).status).toBe(400)
    expect(Object.keys((e as AppError).fieldErrors ?? {})).toContain(key)
  }
})

test('by a property: one row per value (events without it under ""), sorted and paged', async () => {
  const q = {
    metricId: fx.metricId,
    measurements: ['count', 'unique'] as Array<'count' | 'unique'>,
    timezone: TZ,
    filter: FIXTURE_RANGE,
    by: ['Category'],
  }
  const r = await queryMetricAggregates(fx.company.id, { ...q, sort: '-count' })
  expect(r.data.map((d) => [d.dimensions, d.measurements.count])).toEqual([
    [['Shoes'], [1, 1, 0, 1, 0]],
    [['Bags'], [0, 0, 1, 0, 0]],
    [['Hats'], [0, 1, 0, 0, 0]],
    [['shoes-premium'], [0, 0, 1, 0, 0]],
    [[''], [0, 0, 0, 1, 0]],
  ])
  expect(r.data[0]!.measurements.unique).toEqual([1, 1, 0, 1, 0])
  const byName = await queryMetricAggregates(fx.company.id, { ...q, sort: '-Category' })
  expect(byName.data.map((d) => d.dimensions[0])).toEqual(['', 'shoes-premium', 'Shoes', 'Hats', 'Bags'])
  const page1 = await queryMetricAggregates(fx.company.id, { ...q, sort: 'count', pageSize: 2 })
  expect(page1.data).toHaveLength(2)
  expect(page1.nextPageCursor).toEqual(expect.any(String))
  const page3 = await queryMetricAggregates(fx.company.id, {
    ...q,
    sort: 'count',
    pageSize: 2,
    pageCursor: page1.nextPageCursor,
  })
  const page3b = await queryMetricAggregates(fx.company.id, {
    ...q,
    sort: 'count',
    pageSize: 2,
    pageCursor: page3.nextPageCursor,
  })
  expect([...page1.data, ...page3.data, ...page3b.data].map((d) => d.dimensions[0]).sort()).toEqual([
    '',
    'Bags',
    'Hats',
    'Shoes',
    'shoes-premium',
  ])
  expect(page3b.nextPageCursor).toBeUndefined()
})

test('by two dimensions, one of them built in', async () => {
  const r = await queryMetricAggregates(fx.company.id, {
    metricId: fx.metricId,
    measurements: ['sum_value'],
    timezone: TZ,
    interval: 'month',
    filter: FIXTURE_RANGE,
    by: ['Category', '$value'],
    sort: '-sum_value',
  })
  expect(r.data[0]).toEqual({ dimensions: ['shoes-premium', '20'], measurements: { sum_value: [20] } })
  expect(r.data).toHaveLength(7)
})

test("another company's metric is not found; bad queries are 400 with the field", async () => {
  await expect(
    queryMetricAggregates(fx.company.id, { metricId: other.metricId, measurements: ['count'], filter: FIXTURE_RANGE }),
  ).rejects.toMatchObject({ status: 404 })
  await expect(
    queryMetricAggregates(fx.company.id, { metricId: 'nope12', measurements: ['count'], filter: FIXTURE_RANGE }),
  ).rejects.toMatchObject({ status: 404 })
  const bad: Array<[Record<string, unknown>, string]> = [
    [{ measurements: [] }, 'measurements'],
    [{ measurements: ['avg'] }, 'measurements'],
    [{ interval: 'minute' }, 'interval'],
    [{ timezone: 'Mars/Base' }, 'timezone'],
    [{ filter: { start: FIXTURE_RANGE.end, end: FIXTURE_RANGE.start } }, 'filter'],
    [{ filter: { start: new Date('x'), end: FIXTURE_RANGE.end } }, 'filter'],
    [{ pageSize: 0 }, 'page_size'],
    [{ pageCursor: '!!' }, 'page_cursor'],
    [{ sort: '-nothing' }, 'sort'],
    [{ by: ['a', 'b', 'c', 'd', 'e', 'f'] }, 'by'],
    [{ interval: 'hour', filter: { start: new Date('2020-01-01'), end: new Date('2024-01-01') } }, 'interval'],
  ]
  for (const [patch, field] of bad) {
    const q = { metricId: fx.metricId, measurements: ['count'], filter: FIXTURE_RANGE, ...patch } as Parameters<
      typeof queryMetricAggregates
    >[1]
    const e = await queryMetricAggregates(fx.company.id, q).then(
      () => null,
      (err: AppError) => err,
    )
    expect([field, e?.status, Object.keys(e?.fieldErrors ?? {})]).toEqual([field, 400, [field]])
  }
})

test("a breakdown's unique totals count distinct profiles over the whole range, not the sum of daily uniques", async () => {
  const c = await getMetricChart(fx.company.id, fx.metricId, TZ, {
    timeframe: 'custom',
    start: '2024-03-08',
    end: '2024-03-12',
    granularity: 'daily',
    measurement: 'unique',
    by: 'Category',
  })
  // Shoes: p1 on Mar 8 and Mar 11, p2 on Mar 9 → 3 daily uniques but 2 profiles.
  const shoes = c.series.find((s) => s.dimension === 'Shoes')!
  expect(shoes.values).toEqual([1, 1, 0, 1, 0])
  expect(shoes.total).toBe(2)
  expect(c.total).toBe(3)
  // Ranked by the true totals: Shoes (2) first, then the groups of one profile by name (no Category last).
  expect(c.series.map((s) => [s.dimension, s.total])).toEqual([
    ['Shoes', 2],
    ['Bags', 1],
    ['Hats', 1],
    ['shoes-premium', 1],
    [null, 1],
  ])
  const one = await getMetricChart(fx.company.id, fx.metricId, TZ, {
    timeframe: 'custom',
    start: '2024-03-08',
    end: '2024-03-12',
    granularity: 'daily',
    measurement: 'unique',
    by: 'Category',
    limit: 1,
  })
  expect(one.series.map((s) => [s.dimension, s.isOther, s.total])).toEqual([
    ['Shoes', false, 2],
    [null, true, 3],
  ])
})

test('gt / gte / lt / lte compare numbers stored as text as numbers', async () => {
  const items = ['2', '3', '12', ' 40 ', 'many', 7]
  const r = await addEvents(
    fx.company.id,
    items.map((Items, i) => ({
      metric: 'Viewed Items',
      email: `items${i}@ex.test`,
      time: '2024-03-09T12:00:00Z',
      properties: { Items },
    })),
  )
  const count = async (op: string, value: unknown) =>
    (
      await runMetricQuery({
        companyId: fx.company.id,
        metricId: r[0]!.metricId,
        measurements: ['count'],
        where: [{ field: 'Items', op, value }],
        buckets: [
          {
            label: FIXTURE_RANGE.start.getTime(),
            from: FIXTURE_RANGE.start.getTime(),
            to: FIXTURE_RANGE.end.getTime(),
          },
        ],
      })
    )[0]!.measurements.count![0]
  expect(await count('gt', 10)).toBe(2) // "12", " 40 "
  expect(await count('gte', '3')).toBe(4) // "3", "12", " 40 ", 7
  expect(await count('lt', 7)).toBe(2) // "2", "3"
  expect(await count('lte', 7)).toBe(3)
  // A text value still compares as text.
  expect(await count('gte', 'm')).toBe(1) // "many"
})
