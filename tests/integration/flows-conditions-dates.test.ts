/** @jest-environment node */
// The vendor's date filters on profile properties (static, ranges, relative windows, calendar
// month, anniversaries incl. the company's time zone), the profile-region condition, and metric
// conditions with timeframes (static, relative, since flow start) and metric property filters,
// as conditional splits evaluate them: one query per profile, a hand-checked answer per row.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()

import { db } from '@/lib/db/client'
import { read } from '@/lib/db/ops'
import { evaluateFilterOps, type ConditionScope } from '@/lib/flows/engine/conditions'
import type { ProfileFilter } from '@/lib/flows/definition'
import { makeCompany } from '../helpers/factory'

const NOW = new Date('2026-05-17T15:00:00Z') // a Sunday afternoon in UTC; already May 18 in Tokyo
let companyId: number
let otherCompanyId: number
const ids: Record<string, string> = {}
const metricId = 'MtDate1'

beforeAll(async () => {
  companyId = (await makeCompany()).id
  otherCompanyId = (await makeCompany()).id
  let n = 0
  const mk = async (
    key: string,
    data: { country?: string; properties?: Record<string, unknown>; companyId?: number },
  ) => {
    const p = await db.profile.create({
      data: {
        id: `01KDATEPROFILE${String(++n).padStart(12, '0')}`,
        companyId: data.companyId ?? companyId,
        email: `${key}@x.test`,
        country: data.country ?? null,
        properties: JSON.stringify(data.properties ?? {}),
      },
    })
    ids[key] = p.id
  }
  await mk('birthdayToday', { country: 'DE', properties: { Birthday: '1990-05-17', Signup: '2026-05-10T10:00:00Z' } })
  await mk('birthdayTomorrow', {
    country: 'France',
    properties: { Birthday: '1985-05-18', Signup: '2026-01-02T10:00:00Z' },
  })
  await mk('birthdayLastWeek', {
    country: 'US',
    properties: { Birthday: '2000-05-11', Signup: '2025-05-17T10:00:00Z' },
  })
  await mk('noBirthday', { country: 'CH', properties: { Signup: 'soon' } })
  await mk('stranger', { companyId: otherCompanyId, country: 'DE', properties: { Birthday: '1990-05-17' } })
  await db.metric.create({ data: { id: metricId, companyId, name: 'Placed Order' } })
  const ev = (profile: string, daysAgo: number, value: number, properties: Record<string, unknown>) =>
    db.event.create({
      data: {
        companyId,
        profileId: ids[profile]!,
        metricId,
        ts: Math.floor(NOW.getTime() / 1000) - daysAgo * 86400,
        value,
        properties: JSON.stringify(properties),
      },
    })
  await ev('birthdayToday', 2, 120, { Category: 'Shoes', Items: 3 })
  await ev('birthdayToday', 40, 30, { Category: 'Socks', Items: 1 })
  await ev('birthdayTomorrow', 10, 15, { Category: 'Socks', Items: 1 })
})

const scope = (profile: string, extra: Partial<ConditionScope> = {}): ConditionScope => ({
  companyId,
  profileId: ids[profile]!,
  flowId: 'f1',
  runId: null,
  actionId: 'a1',
  version: 1,
  now: NOW,
  timeZone: 'UTC',
  ...extra,
})
const filterOf = (...conditions: Record<string, unknown>[]): ProfileFilter =>
  ({ condition_groups: [{ conditions }] }) as unknown as ProfileFilter
async function matching(condition: Record<string, unknown>, extra: Partial<ConditionScope> = {}) {
  const out: string[] = []
  for (const key of ['birthdayToday', 'birthdayTomorrow', 'birthdayLastWeek', 'noBirthday']) {
    const r = await read(evaluateFilterOps(filterOf(condition), scope(key, extra)))
    if (r.match) out.push(key)
  }
  return out
}
const birthday = (filter: Record<string, unknown>) => ({
  type: 'profile-property',
  property: "properties['Birthday']",
  filter: { type: 'date', ...filter },
})
const signup = (filter: Record<string, unknown>) => ({
  type: 'profile-property',
  property: "properties['Signup']",
  filter: { type: 'date', ...filter },
})

test.each([
  ['anniversary (today)', birthday({ operator: 'anniversary' }), ['birthdayToday']],
  [
    'anniversary-month',
    birthday({ operator: 'anniversary-month' }),
    ['birthdayToday', 'birthdayTomorrow', 'birthdayLastWeek'],
  ],
  [
    'anniversary-next 1 day',
    birthday({ operator: 'anniversary-next', unit: 'day', quantity: 1 }),
    ['birthdayToday', 'birthdayTomorrow'],
  ],
  [
    'anniversary-last 1 week',
    birthday({ operator: 'anniversary-last', unit: 'week', quantity: 1 }),
    ['birthdayToday', 'birthdayLastWeek'],
  ],
  [
    'calendar-month 5',
    birthday({ operator: 'calendar-month', value: 5 }),
    ['birthdayToday', 'birthdayTomorrow', 'birthdayLastWeek'],
  ],
  ['calendar-month 6', birthday({ operator: 'calendar-month', value: 6 }), []],
  ['static before', birthday({ operator: 'before', date: '1989-01-01T00:00:00+00:00' }), ['birthdayTomorrow']],
  [
    'static after',
    birthday({ operator: 'after', date: '1989-01-01T00:00:00+00:00' }),
    ['birthdayToday', 'birthdayLastWeek'],
  ],
  [
    'between-static',
    birthday({ operator: 'between-static', start: '1984-01-01T00:00:00+00:00', end: '1991-01-01T00:00:00+00:00' }),
    ['birthdayToday', 'birthdayTomorrow'],
  ],
  ['alltime (is set)', birthday({ operator: 'alltime' }), ['birthdayToday', 'birthdayTomorrow', 'birthdayLastWeek']],
  ['in-the-last 30 days', signup({ operator: 'in-the-last', unit: 'day', quantity: 30 }), ['birthdayToday']],
  [
    'at-least 30 days ago',
    signup({ operator: 'at-least', unit: 'day', quantity: 30 }),
    ['birthdayTomorrow', 'birthdayLastWeek'],
  ],
  [
    'between 100 and 400 days ago',
    signup({ operator: 'between', unit: 'day', start: 100, end: 400 }),
    ['birthdayTomorrow', 'birthdayLastWeek'],
  ],
  ['in-the-next 7 days', signup({ operator: 'in-the-next', unit: 'day', quantity: 7 }), []],
])('profile property date filter: %s', async (_name, condition, expected) => {
  expect(await matching(condition)).toEqual(expected)
})

test('anniversaries are days in the company time zone (already May 18 in Tokyo)', async () => {
  expect(await matching(birthday({ operator: 'anniversary' }), { timeZone: 'Asia/Tokyo' })).toEqual([
    'birthdayTomorrow',
  ])
})

test.each([
  [
    'in the EU',
    { type: 'profile-region', region: 'european_union', in_region: true },
    ['birthdayToday', 'birthdayTomorrow'],
  ],
  [
    'not in the EU (no country counts as not in it)',
    { type: 'profile-region', region: 'european_union', in_region: false },
    ['birthdayLastWeek', 'noBirthday'],
  ],
  ['in the United States', { type: 'profile-region', region: 'united_states', in_region: true }, ['birthdayLastWeek']],
])('profile-region: %s', async (_name, condition, expected) => {
  expect(await matching(condition)).toEqual(expected)
})

const placed = (
  measurement_filter: Record<string, unknown>,
  timeframe_filter: Record<string, unknown>,
  extra: Record<string, unknown> = {},
) => ({
  type: 'profile-metric',
  metric_id: metricId,
  measurement: 'count',
  measurement_filter: { type: 'numeric', ...measurement_filter },
  timeframe_filter,
  ...extra,
})

test.each([
  [
    'at least once in the last 7 days',
    placed(
      { operator: 'greater-than-or-equal', value: 1 },
      { type: 'date', operator: 'in-the-last', unit: 'day', quantity: 7 },
    ),
    ['birthdayToday'],
  ],
  [
    'twice all time',
    placed({ operator: 'equals', value: 2 }, { type: 'date', operator: 'alltime' }),
    ['birthdayToday'],
  ],
  [
    'between 5 and 50 days ago',
    placed(
      { operator: 'greater-than', value: 0 },
      { type: 'date', operator: 'between', unit: 'day', start: 5, end: 50 },
    ),
    ['birthdayToday', 'birthdayTomorrow'],
  ],
  [
    'none at least 20 days ago',
    placed({ operator: 'equals', value: 0 }, { type: 'date', operator: 'at-least', unit: 'day', quantity: 20 }),
    ['birthdayTomorrow', 'birthdayLastWeek', 'noBirthday'],
  ],
  [
    'after a static date',
    placed(
      { operator: 'greater-than', value: 0 },
      { type: 'date', operator: 'after', date: '2026-05-10T00:00:00+00:00' },
    ),
    ['birthdayToday'],
  ],
  [
    'with a property filter (Category = Socks)',
    placed(
      { operator: 'greater-than', value: 0 },
      { type: 'date', operator: 'alltime' },
      { metric_filters: [{ property: 'Category', filter: { type: 'string', operator: 'equals', value: 'Socks' } }] },
    ),
    ['birthdayToday', 'birthdayTomorrow'],
  ],
  [
    'with a numeric property filter (Items > 2)',
    placed(
      { operator: 'greater-than', value: 0 },
      { type: 'date', operator: 'alltime' },
      { metric_filters: [{ property: 'Items', filter: { type: 'numeric', operator: 'greater-than', value: 2 } }] },
    ),
    ['birthdayToday'],
  ],
  [
    'sum of value over 100',
    { ...placed({ operator: 'greater-than', value: 100 }, { type: 'date', operator: 'alltime' }), measurement: 'sum' },
    ['birthdayToday'],
  ],
])('profile-metric: %s', async (_name, condition, expected) => {
  expect(await matching(condition)).toEqual(expected)
})

test('"since flow start" counts only events after the run entered the flow', async () => {
  const condition = placed({ operator: 'greater-than', value: 0 }, { type: 'date', operator: 'flow-start' })
  const entered5DaysAgo = new Date(NOW.getTime() - 5 * 86400_000)
  expect(await matching(condition, { runStartedAt: entered5DaysAgo })).toEqual(['birthdayToday'])
  expect(await matching(condition, { runStartedAt: new Date(NOW.getTime() - 20 * 86400_000) })).toEqual([
    'birthdayToday',
    'birthdayTomorrow',
  ])
})

test('a filter we cannot apply is false and says why, never ignored', async () => {
  const r = await read(
    evaluateFilterOps(
      filterOf(
        placed(
          { operator: 'greater-than', value: 0 },
          { type: 'date', operator: 'alltime' },
          { metric_filters: [{ property: 'Tags', filter: { type: 'list', operator: 'length', value: 2 } }] },
        ),
      ),
      scope('birthdayToday'),
    ),
  )
  expect(r.match).toBe(false)
  expect(r.reasons[0]).toMatch(/metric property filter Tags list length is not supported: false/)
  const bad = await read(
    evaluateFilterOps(filterOf(birthday({ operator: 'calendar-month', value: 13 })), scope('birthdayToday')),
  )
  expect(bad).toEqual({ match: false, reasons: ['calendar month must be 1 to 12: false'] })
})

test("another company's profile never matches through this company's scope", async () => {
  const r = await read(
    evaluateFilterOps(filterOf(birthday({ operator: 'anniversary' })), {
      ...scope('birthdayToday'),
      profileId: ids.stranger!,
    }),
  )
  expect(r).toEqual({ match: false, reasons: ['profile not found'] })
})
