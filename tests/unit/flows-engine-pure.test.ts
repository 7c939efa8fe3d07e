/** @jest-environment node */
// The engine's pure helpers: delay timing (time of day, weekdays, zones incl. the profile's
// own, DST), the deterministic hash and weighted choice, and trigger filters on event properties.
import { nextAllowed, parseDateValue, parseTimeOfDay, resolveZone, weekdaySet } from '@/lib/flows/engine/timing'
import { pickWeighted, unitHash } from '@/lib/flows/engine/hash'
import { matchesTriggerFilter } from '@/lib/flows/triggers/trigger-filter'
import { evaluateEventFilter } from '@/lib/flows/engine/event-filter'
import { reentryCutoff } from '@/lib/flows/engine/enter-flow'

test('times of day and weekdays', () => {
  expect(parseTimeOfDay('09:30')).toBe(570)
  expect(parseTimeOfDay('2:05 PM')).toBe(14 * 60 + 5)
  expect(parseTimeOfDay('12:00 am')).toBe(0)
  expect(parseTimeOfDay('25:00')).toBeNull()
  expect([...weekdaySet(['monday', 'Fri'])!].sort()).toEqual([1, 5])
  expect(weekdaySet([])).toBeNull()
})

test('nextAllowed: same day when still ahead, next allowed day otherwise, across a DST change', () => {
  const mon10 = new Date('2026-03-02T10:00:00Z')
  expect(nextAllowed(mon10, 'UTC', 11 * 60, null).toISOString()).toBe('2026-03-02T11:00:00.000Z')
  expect(nextAllowed(mon10, 'UTC', 9 * 60, null).toISOString()).toBe('2026-03-03T09:00:00.000Z')
  expect(nextAllowed(mon10, 'UTC', null, new Set([3])).toISOString()).toBe('2026-03-04T00:00:00.000Z')
  expect(nextAllowed(mon10, 'UTC', null, new Set([1]))).toEqual(mon10)
  // New York moves to EDT on 2026-03-08: 09:00 local is 14:00Z before, 13:00Z after.
  expect(nextAllowed(new Date('2026-03-07T15:00:00Z'), 'America/New_York', 9 * 60, null).toISOString()).toBe(
    '2026-03-08T13:00:00.000Z',
  )
})

test("zones: named, the profile's own ($timezone, location.timezone, column), else the company's", () => {
  expect(resolveZone('Europe/Lisbon', null, 'UTC')).toBe('Europe/Lisbon')
  expect(resolveZone('profile', { properties: { $timezone: 'Asia/Tokyo' } }, 'UTC')).toBe('Asia/Tokyo')
  expect(resolveZone('profile', { properties: { location: { timezone: 'Europe/Paris' } } }, 'UTC')).toBe('Europe/Paris')
  expect(resolveZone('profile', { timezone: 'America/Chicago', properties: {} }, 'UTC')).toBe('America/Chicago')
  expect(resolveZone('profile', { properties: { $timezone: 'Mars/Olympus' } }, 'America/New_York')).toBe(
    'America/New_York',
  )
  expect(parseDateValue('2026-05-01', 'Asia/Tokyo')!.toISOString()).toBe('2026-04-30T15:00:00.000Z')
  expect(parseDateValue(1_700_000_000, 'UTC')!.getTime()).toBe(1_700_000_000_000)
  expect(parseDateValue('soon', 'UTC')).toBeNull()
})

test('hash: stable, in [0, 1), spread; weighted choice follows the weights', () => {
  expect(unitHash('p1', 'a1', 1)).toBe(unitHash('p1', 'a1', 1))
  expect(unitHash('p1', 'a1', 1)).not.toBe(unitHash('p1', 'a1', 2))
  const picks = { a: 0, b: 0 }
  for (let i = 0; i < 4000; i++)
    picks[
      pickWeighted(
        [
          { item: 'a' as const, weight: 75 },
          { item: 'b' as const, weight: 25 },
        ],
        unitHash(`p${i}`, 'x', 1),
      )!
    ]++
  expect(picks.a / 4000).toBeGreaterThan(0.71)
  expect(picks.a / 4000).toBeLessThan(0.79)
  expect(pickWeighted([{ item: 'only', weight: 0 }], 0.5)).toBe('only')
})

test('trigger filters on event properties: groups ANDed, conditions ORed, unknown types false with a reason; the same answers as the metric trigger', () => {
  const NOW = new Date('2026-01-10T00:00:00Z')
  const f = (conditions: unknown[][]) => ({ condition_groups: conditions.map((c) => ({ conditions: c })) })
  const c = (field: string, type: string, operator: string, value?: unknown) => ({
    type: 'event-property',
    field,
    filter: { type, operator, value },
  })
  const props = { total: '120.5', sku: 'AB-1', tags: ['sale', 'new'], gift: true }
  expect(evaluateEventFilter(f([[c('total', 'numeric', 'greater-than', 100)]]), props, NOW).match).toBe(true)
  expect(
    evaluateEventFilter(
      f([[c('total', 'numeric', 'less-than', 100)], [c('sku', 'string', 'starts-with', 'ab')]]),
      props,
      NOW,
    ).match,
  ).toBe(false)
  expect(
    evaluateEventFilter(
      f([[c('total', 'numeric', 'less-than', 100), c('sku', 'string', 'starts-with', 'ab')]]),
      props,
      NOW,
    ).match,
  ).toBe(true)
  expect(
    evaluateEventFilter(
      f([[c('tags', 'list', 'contains', 'SALE')], [c('gift', 'boolean', 'equals', true)]]),
      props,
      NOW,
    ).match,
  ).toBe(true)
  expect(evaluateEventFilter(f([[c('missing', 'existence', 'is-set')]]), props, NOW).match).toBe(false)
  const odd = evaluateEventFilter(f([[c('x', 'geo', 'near', 1)]]), props, NOW)
  expect(odd.match).toBe(false)
  expect(odd.reasons[0]).toMatch(/not supported/)
  expect(evaluateEventFilter(null, props, NOW).match).toBe(true)
  // A missing field is false for negative operators too, as when the event entered the flow (trigger-filter.ts).
  const notEquals = f([[c('coupon', 'string', 'not-equals', 'X')]])
  expect(evaluateEventFilter(notEquals, props, NOW).match).toBe(false)
  expect(evaluateEventFilter(notEquals, props, NOW).match).toBe(matchesTriggerFilter(notEquals, props, NOW))
  expect(evaluateEventFilter(f([[c('sku', 'string', 'not-equals', 'X')]]), props, NOW).match).toBe(true)
})

test('re-entry windows', () => {
  const now = new Date('2026-01-10T00:00:00Z')
  expect(reentryCutoff({ duration: 3, unit: 'day' }, now)).toEqual(new Date('2026-01-07T00:00:00Z'))
  expect(reentryCutoff({ duration: 0, unit: 'day' }, now)).toBeNull()
})
