/** @jest-environment node */
// The timeframe module: all 22 ranges with a fixed now in two zones (one with DST, one at +5:30),
// bucket boundaries at local midnights across DST changes, and the zone arithmetic itself.
// Expected instants were computed independently with Python's zoneinfo.
import { bucketRange, resolveTimeframe, TIMEFRAMES, type Timeframe } from '@/lib/metrics/timeframe'
import { formatZonedIso, offsetMs, zonedToUtc, isValidTimeZone } from '@/lib/metrics/zoned-time'
import { AppError } from '@/lib/errors/app-error'

const NOW = new Date('2024-03-13T15:30:00Z') // Wednesday 11:30 in New York (EDT since Sunday)
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 16)

const EXPECTED: Record<string, Partial<Record<Timeframe, [string, string]>>> = {
  'America/New_York': {
    today: ['2024-03-13T04:00', '2024-03-14T04:00'],
    yesterday: ['2024-03-12T04:00', '2024-03-13T04:00'],
    this_week: ['2024-03-10T05:00', '2024-03-17T04:00'],
    last_week: ['2024-03-03T05:00', '2024-03-10T05:00'],
    last_7_days: ['2024-03-07T05:00', '2024-03-14T04:00'],
    last_30_days: ['2024-02-13T05:00', '2024-03-14T04:00'],
    last_90_days: ['2023-12-15T05:00', '2024-03-14T04:00'],
    last_365_days: ['2023-03-15T04:00', '2024-03-14T04:00'],
    last_4_weeks: ['2024-02-18T05:00', '2024-03-17T04:00'],
    last_13_weeks: ['2023-12-17T05:00', '2024-03-17T04:00'],
    last_26_weeks: ['2023-09-17T04:00', '2024-03-17T04:00'],
    last_52_weeks: ['2023-03-19T04:00', '2024-03-17T04:00'],
    this_month: ['2024-03-01T05:00', '2024-04-01T04:00'],
    last_month: ['2024-02-01T05:00', '2024-03-01T05:00'],
    last_3_months: ['2024-01-01T05:00', '2024-04-01T04:00'],
    last_6_months: ['2023-10-01T04:00', '2024-04-01T04:00'],
    last_12_months: ['2023-04-01T04:00', '2024-04-01T04:00'],
    last_24_months: ['2022-04-01T04:00', '2024-04-01T04:00'],
    this_year: ['2024-01-01T05:00', '2025-01-01T05:00'],
    last_year: ['2023-01-01T05:00', '2024-01-01T05:00'],
  },
  'Asia/Kolkata': {
    today: ['2024-03-12T18:30', '2024-03-13T18:30'],
    yesterday: ['2024-03-11T18:30', '2024-03-12T18:30'],
    this_week: ['2024-03-09T18:30', '2024-03-16T18:30'],
    last_week: ['2024-03-02T18:30', '2024-03-09T18:30'],
    last_7_days: ['2024-03-06T18:30', '2024-03-13T18:30'],
    last_30_days: ['2024-02-12T18:30', '2024-03-13T18:30'],
    last_90_days: ['2023-12-14T18:30', '2024-03-13T18:30'],
    last_365_days: ['2023-03-14T18:30', '2024-03-13T18:30'],
    last_4_weeks: ['2024-02-17T18:30', '2024-03-16T18:30'],
    last_13_weeks: ['2023-12-16T18:30', '2024-03-16T18:30'],
    last_26_weeks: ['2023-09-16T18:30', '2024-03-16T18:30'],
    last_52_weeks: ['2023-03-18T18:30', '2024-03-16T18:30'],
    this_month: ['2024-02-29T18:30', '2024-03-31T18:30'],
    last_month: ['2024-01-31T18:30', '2024-02-29T18:30'],
    last_3_months: ['2023-12-31T18:30', '2024-03-31T18:30'],
    last_6_months: ['2023-09-30T18:30', '2024-03-31T18:30'],
    last_12_months: ['2023-03-31T18:30', '2024-03-31T18:30'],
    last_24_months: ['2022-03-31T18:30', '2024-03-31T18:30'],
    this_year: ['2023-12-31T18:30', '2024-12-31T18:30'],
    last_year: ['2022-12-31T18:30', '2023-12-31T18:30'],
  },
}

describe.each(Object.keys(EXPECTED))('resolveTimeframe in %s', (timeZone) => {
  test.each(Object.keys(EXPECTED[timeZone]!))('%s', (range) => {
    const r = resolveTimeframe(range as Timeframe, { timeZone, now: NOW })
    expect([iso(r.start), iso(r.end)]).toEqual(EXPECTED[timeZone]![range as Timeframe])
  })

  test('alltime starts on the local day of the first event and ends with today', () => {
    const r = resolveTimeframe('alltime', { timeZone, now: NOW, earliest: new Date('2023-06-15T02:00:00Z') })
    expect(iso(r.end)).toBe(EXPECTED[timeZone]!.today![1])
    // 02:00Z on the 15th is still the 14th in New York, already the 15th in Kolkata.
    expect(iso(r.start)).toBe(timeZone === 'America/New_York' ? '2023-06-14T04:00' : '2023-06-14T18:30')
    expect(resolveTimeframe('alltime', { timeZone, now: NOW }).start).toBe(
      resolveTimeframe('today', { timeZone, now: NOW }).start,
    )
  })
})

test('the table covers every range of seed 002 §3.5 (custom and alltime separately)', () => {
  expect(TIMEFRAMES).toHaveLength(22)
  for (const tz of Object.keys(EXPECTED)) {
    expect(Object.keys(EXPECTED[tz]!).sort()).toEqual(
      TIMEFRAMES.filter((t) => t !== 'custom' && t !== 'alltime').sort(),
    )
  }
})

describe('custom ranges', () => {
  const tz = 'America/New_York'
  test('whole local days, the end day included', () => {
    const r = resolveTimeframe('custom', { timeZone: tz, now: NOW, start: '2024-03-09', end: '2024-03-10' })
    expect([iso(r.start), iso(r.end)]).toEqual(['2024-03-09T05:00', '2024-03-11T04:00'])
  })
  test('local date-times and instants with an offset', () => {
    expect(
      iso(resolveTimeframe('custom', { timeZone: tz, start: '2024-03-12T08:15', end: '2024-03-12T09:00' }).start),
    ).toBe('2024-03-12T12:15')
    const r = resolveTimeframe('custom', {
      timeZone: tz,
      start: '2024-03-12T08:15:00Z',
      end: new Date('2024-03-12T10:00:00Z'),
    })
    expect([iso(r.start), iso(r.end)]).toEqual(['2024-03-12T08:15', '2024-03-12T10:00'])
  })
  test.each([
    [{}, 'start'],
    [{ start: '2024-03-12' }, 'end'],
    [{ start: '2024-02-30', end: '2024-03-01' }, 'start'],
    [{ start: 'yesterday', end: '2024-03-01' }, 'start'],
    [{ start: '2024-03-12', end: '2024-03-11' }, 'end'],
  ])('invalid %j → 400 on %s', (opts, field) => {
    try {
      resolveTimeframe('custom', { timeZone: tz, now: NOW, ...opts })
      throw new Error('expected a failure')
    } catch (e) {
      expect(e).toBeInstanceOf(AppError)
      expect((e as AppError).status).toBe(400)
      expect(Object.keys((e as AppError).fieldErrors!)).toEqual([field])
    }
  })
})

describe('buckets in the time zone', () => {
  const range = (a: string, b: string) => ({ start: Date.parse(a), end: Date.parse(b) })

  test('daily buckets start at local midnight across the spring DST change (a 23-hour day)', () => {
    const b = bucketRange(range('2024-03-09T05:00:00Z', '2024-03-12T04:00:00Z'), 'daily', 'America/New_York')
    expect(b.map((x) => iso(x.label))).toEqual(['2024-03-09T05:00', '2024-03-10T05:00', '2024-03-11T04:00'])
    expect(b.map((x) => (x.to - x.from) / 3_600_000)).toEqual([24, 23, 24])
    expect(b.map((x) => formatZonedIso('America/New_York', x.label))).toEqual([
      '2024-03-09T00:00:00-05:00',
      '2024-03-10T00:00:00-05:00',
      '2024-03-11T00:00:00-04:00',
    ])
  })

  test("a 25-hour day in the autumn, and Berlin's spring change", () => {
    const ny = bucketRange(range('2024-11-02T04:00:00Z', '2024-11-05T05:00:00Z'), 'daily', 'America/New_York')
    expect(ny.map((x) => (x.to - x.from) / 3_600_000)).toEqual([24, 25, 24])
    const be = bucketRange(range('2024-03-30T00:00:00Z', '2024-04-01T00:00:00Z'), 'daily', 'Europe/Berlin')
    expect(be.map((x) => iso(x.label))).toEqual(['2024-03-29T23:00', '2024-03-30T23:00', '2024-03-31T22:00'])
    // The first bucket is clipped to the range; its label stays the local midnight.
    expect(iso(be[0]!.from)).toBe('2024-03-30T00:00')
  })

  test('a midnight that does not exist (Havana springs from 00:00 to 01:00): the day starts after the gap', () => {
    expect(iso(zonedToUtc('America/Havana', { year: 2024, month: 3, day: 10 }))).toBe('2024-03-10T05:00')
    const b = bucketRange(range('2024-03-09T05:00:00Z', '2024-03-11T04:00:00Z'), 'daily', 'America/Havana')
    expect(b.map((x) => (x.to - x.from) / 3_600_000)).toEqual([24, 23])
  })

  test('weekly buckets start on Sunday (or Monday), monthly on the 1st, hourly on the local hour', () => {
    const tz = 'America/New_York'
    const r = resolveTimeframe('last_30_days', { timeZone: tz, now: NOW })
    const weeks = bucketRange(r, 'weekly', tz)
    expect(weeks.map((x) => formatZonedIso(tz, x.label).slice(0, 10))).toEqual([
      '2024-02-11',
      '2024-02-18',
      '2024-02-25',
      '2024-03-03',
      '2024-03-10',
    ])
    expect(iso(weeks[0]!.from)).toBe('2024-02-13T05:00')
    expect(bucketRange(r, 'weekly', tz, 1)[0]!.label).toBe(Date.parse('2024-02-12T05:00:00Z'))
    const months = bucketRange(resolveTimeframe('last_3_months', { timeZone: tz, now: NOW }), 'monthly', tz)
    expect(months.map((x) => iso(x.label))).toEqual(['2024-01-01T05:00', '2024-02-01T05:00', '2024-03-01T05:00'])
    const hours = bucketRange(range('2024-03-12T18:45:00Z', '2024-03-12T21:00:00Z'), 'hourly', 'Asia/Kolkata')
    expect(hours.map((x) => iso(x.label))).toEqual(['2024-03-12T18:30', '2024-03-12T19:30', '2024-03-12T20:30'])
    expect(hours.map((x) => iso(x.from))[0]).toBe('2024-03-12T18:45')
    const dstHours = bucketRange(range('2024-03-10T05:00:00Z', '2024-03-10T09:00:00Z'), 'hourly', tz)
    expect(dstHours.map((x) => formatZonedIso(tz, x.label).slice(11, 19))).toEqual([
      '00:00:00',
      '01:00:00',
      '03:00:00',
      '04:00:00',
    ])
  })

  test('alltime granularity is one bucket; too many buckets are refused', () => {
    const r = range('2024-01-01T00:00:00Z', '2024-03-01T00:00:00Z')
    expect(bucketRange(r, 'alltime', 'UTC')).toEqual([{ label: r.start, from: r.start, to: r.end }])
    expect(() => bucketRange(range('2020-01-01T00:00:00Z', '2024-01-01T00:00:00Z'), 'hourly', 'UTC')).toThrow(AppError)
  })
})

test('zone helpers', () => {
  expect(offsetMs('America/New_York', Date.parse('2024-01-15T12:00:00Z'))).toBe(-5 * 3_600_000)
  expect(offsetMs('Asia/Kolkata', Date.parse('2024-01-15T12:00:00Z'))).toBe(5.5 * 3_600_000)
  expect(isValidTimeZone('Europe/Berlin')).toBe(true)
  expect(isValidTimeZone('Mars/Olympus')).toBe(false)
  expect(isValidTimeZone('')).toBe(false)
  expect(formatZonedIso('UTC', Date.parse('2024-01-15T12:00:00Z'))).toBe('2024-01-15T12:00:00+00:00')
})
