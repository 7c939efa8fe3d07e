/** @jest-environment node */
// The date trigger (validation, date arithmetic, the scan at a fixed clock in the trigger's, the
// company's or each profile's time zone), the scheduled trigger (a FlowSchedule enters the flow's
// list members with entry key schedule:<instant>, then moves to its next occurrence) and the
// catalog hooks (price drop and low inventory thresholds; unknown or foreign profiles left out).
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)

import { db } from '@/lib/db/client'
import { inWriteTx } from '@/lib/db/ops'
import { flowDefinition, type FlowDefinition } from '@/lib/flows/definition'
import { createFlow } from '@/lib/flows/store'
import { prepareFlowJobs } from '@/lib/flows/engine/enter-flow'
import { createList } from '@/lib/groups/create-list'
import { addProfilesToList } from '@/lib/groups/list-membership'
import { ulid } from '@/lib/ids/make-id'
import {
  addToDate,
  dateMatches,
  nextDateScanAt,
  parsePropertyDate,
  scanDateTriggerFlow,
  targetDate,
  validateDateTrigger,
  type DateTriggerConfig,
} from '@/lib/flows/triggers/date-trigger'
import { runDueFlowSchedules } from '@/lib/flows/triggers/scheduled-trigger'
import { enterLowInventoryOps, enterPriceDropOps, priceDropQualifies } from '@/lib/flows/triggers/catalog-hooks'
import { makeCompany } from '../helpers/factory'

let A: number
let B: number

const flowWith = (triggers: unknown[]) =>
  flowDefinition.parse({
    triggers,
    profile_filter: null,
    entry_action_id: 'a0',
    reentry_criteria: null,
    actions: [{ temporary_id: 'a0', type: 'time-delay', links: { next: null }, data: { unit: 'days', value: 1 } }],
  }) as FlowDefinition

const dateTrig = (extra: Record<string, unknown> = {}) => ({
  type: 'date',
  date_field_type: 'profile-property',
  date_profile_property: 'birthday',
  timedelta_unit_before_date: 'days',
  timedelta_value_before_date: 0,
  recurrence_frequency: 'annually',
  timezone: 'Europe/Lisbon',
  trigger_time: '09:00',
  trigger_days: null,
  ...extra,
})

async function person(
  key: string,
  properties: Record<string, unknown>,
  opts: { timezone?: string; company?: number } = {},
) {
  const id = ulid()
  await db.profile.create({
    data: {
      id,
      companyId: opts.company ?? A,
      email: `${key}-${id.slice(-6).toLowerCase()}@date.test`,
      properties: JSON.stringify(properties),
      timezone: opts.timezone,
    },
  })
  return id
}

beforeAll(async () => {
  await prepareFlowJobs()
  A = (await makeCompany('Dates A')).id
  B = (await makeCompany('Dates B')).id
})

describe('validateDateTrigger', () => {
  test.each([
    ['a valid birthday trigger', dateTrig(), null],
    ['trigger_time not a time', dateTrig({ trigger_time: '25:00' }), 'trigger_time'],
    ['unknown weekday', dateTrig({ trigger_days: ['monday', 'someday'] }), 'trigger_days'],
    ['empty allowed days', dateTrig({ trigger_days: [] }), 'trigger_days'],
    ['too far before', dateTrig({ timedelta_value_before_date: 400 }), 'timedelta_value_before_date'],
    [
      'weekly counts days',
      dateTrig({ recurrence_frequency: 'weekly', timedelta_unit_before_date: 'weeks', timedelta_value_before_date: 1 }),
      'timedelta_unit_before_date',
    ],
    ['unknown time zone', dateTrig({ timezone: 'Mars/Olympus' }), 'timezone'],
    ['missing property', { ...dateTrig(), date_profile_property: '' }, 'date_profile_property'],
  ])('%s', (_name, trigger, field) => {
    const v = validateDateTrigger(trigger)
    if (field === null) {
      expect(v).toMatchObject({
        ok: true,
        config: {
          property: 'birthday',
          unit: 'days',
          value: 0,
          recurrence: 'annually',
          timezone: 'Europe/Lisbon',
          time: 540,
          days: null,
        },
      })
    } else {
      expect(v.ok).toBe(false)
      expect(Object.keys((v as { errors: Record<string, string[]> }).errors)).toContain(field)
    }
  })
  test('weekday names and numbers', () => {
    const v = validateDateTrigger(dateTrig({ trigger_days: ['Friday', 'mon', '0'] }))
    expect(v.ok && v.config.days).toEqual([0, 1, 5])
  })
})

describe('date arithmetic', () => {
  const d = (s: string) => parsePropertyDate(s)!
  test.each([
    ['never: the same date', '2026-03-10', '2026-03-10', 'never', true],
    ['never: another year', '2025-03-10', '2026-03-10', 'never', false],
    ['annually: month and day', '1990-03-10', '2026-03-10', 'annually', true],
    ['annually: not yet born', '2030-03-10', '2026-03-10', 'annually', false],
    ['annually: 29 Feb on the 28th in a common year', '2000-02-29', '2027-02-28', 'annually', true],
    ['annually: 29 Feb not on the 28th in a leap year', '2000-02-29', '2028-02-28', 'annually', false],
    ['monthly: day of month', '2025-01-15', '2026-03-15', 'monthly', true],
    ['monthly: the 31st on the 30th of a 30-day month', '2025-01-31', '2026-04-30', 'monthly', true],
    ['weekly: the same weekday', '2026-03-03', '2026-03-10', 'weekly', true],
    ['weekly: another weekday', '2026-03-04', '2026-03-10', 'weekly', false],
  ] as const)('%s', (_n, p, t, rec, expected) => {
    expect(dateMatches(d(p), d(t), rec as DateTriggerConfig['recurrence'])).toBe(expected)
  })
  test('parsing and adding', () => {
    expect(parsePropertyDate('1990-05-17T00:00:00Z')).toEqual({ y: 1990, m: 5, d: 17 })
    expect(parsePropertyDate('not a date')).toBeNull()
    expect(parsePropertyDate('2026-02-30')).toBeNull()
    expect(addToDate({ y: 2026, m: 1, d: 31 }, 1, 'months')).toEqual({ y: 2026, m: 2, d: 28 })
    expect(addToDate({ y: 2026, m: 12, d: 30 }, 3, 'days')).toEqual({ y: 2027, m: 1, d: 2 })
    const config = validateDateTrigger(dateTrig({ timedelta_value_before_date: 7, trigger_days: ['monday'] }))
    if (!config.ok) throw new Error('invalid')
    expect(targetDate(config.config, { y: 2026, m: 3, d: 9 })).toEqual({ y: 2026, m: 3, d: 16 }) // a Monday
    expect(targetDate(config.config, { y: 2026, m: 3, d: 10 })).toBeNull() // a Tuesday
  })
})

describe('the date scan at a fixed clock', () => {
  test('birthday today (Lisbon) enters at 09:00 local, once; 29 Feb on the 28th; others, earlier times and another company not', async () => {
    const today = await person('today', { birthday: '1990-02-28' })
    const leap = await person('leap', { $birthday: '2000-02-29' })
    await person('other', { birthday: '1990-03-01' })
    await person('none', {})
    await person('bad', { birthday: 'soon' })
    await person('foreign', { birthday: '1991-02-28' }, { company: B })
    const flowId = await createFlow(A, { name: 'Birthday', status: 'live', definition: flowWith([dateTrig()]) })
    // 2027-02-28 08:30 in Lisbon (UTC+0 in winter): before the trigger time.
    expect(await scanDateTriggerFlow(A, flowId, new Date('2027-02-28T08:30:00Z'))).toBe(0)
    const at = new Date('2027-02-28T09:05:00Z')
    expect(await scanDateTriggerFlow(A, flowId, at)).toBe(2)
    expect(await scanDateTriggerFlow(A, flowId, new Date('2027-02-28T15:00:00Z'))).toBe(0) // again the same day: nobody twice
    const runs = await db.flowRun.findMany({ where: { flowId }, orderBy: { profileId: 'asc' } })
    expect(runs.map((r) => r.profileId).sort()).toEqual([today, leap].sort())
    expect(
      runs.every((r) => r.entryKey === 'date:birthday:2027-02-28' && r.triggerKind === 'date' && r.companyId === A),
    ).toBe(true)
    // The next scan is booked at the next 09:00 in Lisbon.
    expect((await nextDateScanAt(A, flowId, at))!.toISOString()).toBe('2027-03-01T09:00:00.000Z')
  })

  test('3 days before, only on allowed days', async () => {
    const soon = await person('soon', { anniversary: '2020-06-18' })
    const flowId = await createFlow(A, {
      name: 'Anniversary',
      status: 'live',
      definition: flowWith([
        dateTrig({
          date_profile_property: 'anniversary',
          timedelta_value_before_date: 3,
          timezone: 'UTC',
          trigger_days: ['monday', 'tuesday'],
        }),
      ]),
    })
    // 2026-06-15 is a Monday: target 2026-06-18.
    expect(await scanDateTriggerFlow(A, flowId, new Date('2026-06-15T10:00:00Z'))).toBe(1)
    expect(await db.flowRun.findFirstOrThrow({ where: { flowId } })).toMatchObject({
      profileId: soon,
      entryKey: 'date:anniversary:2026-06-18',
    })
    // A Wednesday is not allowed.
    await db.flowRun.deleteMany({ where: { flowId } })
    expect(await scanDateTriggerFlow(A, flowId, new Date('2026-06-17T10:00:00Z'))).toBe(0)
  })

  test("timezone 'profile': each profile enters once its own local time has come", async () => {
    const tokyo = await person('tokyo', { renewal: '2024-09-01' }, { timezone: 'Asia/Tokyo' })
    const la = await person('la', { renewal: '2024-09-01' }, { timezone: 'America/Los_Angeles' })
    const flowId = await createFlow(A, {
      name: 'Renewal',
      status: 'live',
      definition: flowWith([
        dateTrig({ date_profile_property: 'renewal', timezone: 'profile', trigger_time: '10:00' }),
      ]),
    })
    // 2026-09-01 02:00 UTC = 11:00 in Tokyo (1 Sept), 19:00 on 31 Aug in Los Angeles.
    expect(await scanDateTriggerFlow(A, flowId, new Date('2026-09-01T02:00:00Z'))).toBe(1)
    expect((await db.flowRun.findMany({ where: { flowId } })).map((r) => r.profileId)).toEqual([tokyo])
    // 2026-09-01 17:30 UTC = 10:30 in Los Angeles (1 Sept).
    expect(await scanDateTriggerFlow(A, flowId, new Date('2026-09-01T17:30:00Z'))).toBe(1)
    expect((await db.flowRun.findMany({ where: { flowId } })).map((r) => r.profileId).sort()).toEqual(
      [tokyo, la].sort(),
    )
  })
})

describe('the trigger jobs', () => {
  test('the planner books each live date flow its scan at the next local trigger_time; the scan job enters and books the next day', async () => {
    const { ensureTriggerJobs, DATE_SCAN_JOB } = await import('@/lib/flows/triggers/jobs')
    const { runJobsUntilIdle } = await import('@/lib/jobs/queue')
    const { setQueueClock } = await import('@/lib/jobs/clock')
    const { queuedJobs } = await import('../helpers/queued-jobs')
    const C = (await makeCompany('Dates jobs')).id
    await db.company.update({ where: { id: C }, data: { timezone: 'America/New_York' } })
    const id = await person('jobs', { birthday: '1980-07-04' }, { company: C })
    const flowId = await createFlow(C, {
      name: 'Birthday jobs',
      status: 'live',
      definition: flowWith([dateTrig({ timezone: undefined, trigger_time: '08:00' })]),
    })
    const t0 = new Date('2026-07-04T10:00:00Z') // 06:00 in New York
    setQueueClock(t0)
    try {
      await ensureTriggerJobs(t0)
      await runJobsUntilIdle()
      const scans = (await queuedJobs({ companyId: C, type: DATE_SCAN_JOB })).filter((j) => j.status === 'queued')
      expect(scans.map((j) => j.runAt.toISOString())).toEqual(['2026-07-04T12:00:00.000Z']) // 08:00 in New York (EDT)
      setQueueClock(new Date('2026-07-04T12:00:01Z'))
      await runJobsUntilIdle()
      const runs = await db.flowRun.findMany({ where: { flowId } })
      expect(runs.map((r) => [r.profileId, r.entryKey])).toEqual([[id, 'date:birthday:2026-07-04']])
      const next = (await queuedJobs({ companyId: C, type: DATE_SCAN_JOB })).filter((j) => j.status === 'queued')
      expect(next.map((j) => j.runAt.toISOString())).toEqual(['2026-07-05T12:00:00.000Z'])
    } finally {
      setQueueClock(null)
    }
  })
})

describe('scheduled trigger', () => {
  test('a due schedule enters the list members once, then moves to its next occurrence', async () => {
    const list = await createList(A, { name: 'Weekly digest' })
    const ids = [await person('s1', {}), await person('s2', {})]
    const flowId = await createFlow(A, {
      name: 'Digest',
      status: 'live',
      definition: flowWith([{ type: 'list', id: list.id }]),
    })
    await addProfilesToList(A, list.id, ids)
    await db.flowRun.deleteMany({ where: { flowId } }) // keep only the scheduled entries
    const at = new Date('2026-05-04T08:00:00Z') // a Monday
    await db.flowSchedule.create({
      data: {
        id: 'sch1',
        companyId: A,
        flowId,
        frequency: 'weekly',
        startAt: at,
        timezone: 'Europe/Berlin',
        weekdays: '[1, 4]',
        nextRunAt: at,
      },
    })
    expect(await runDueFlowSchedules(new Date('2026-05-04T07:59:00Z'))).toBe(0)
    expect(await runDueFlowSchedules(new Date('2026-05-04T08:00:30Z'))).toBe(2)
    const runs = await db.flowRun.findMany({ where: { flowId } })
    expect(runs.every((r) => r.entryKey === `schedule:${at.toISOString()}` && r.triggerKind === 'scheduled')).toBe(true)
    const s = await db.flowSchedule.findUniqueOrThrow({ where: { id: 'sch1' } })
    expect(s.lastRunAt!.toISOString()).toBe(at.toISOString())
    expect(s.nextRunAt!.toISOString()).toBe('2026-05-07T08:00:00.000Z') // Thursday, 10:00 in Berlin
    // Not due again until then.
    expect(await runDueFlowSchedules(new Date('2026-05-05T08:00:00Z'))).toBe(0)
  })
})

test('the scheduled trigger as /ajax configure saves it ({ type: scheduled, source, id }) enters that list, and reads as "Scheduled"', async () => {
  const { triggerTypeOf } = await import('@/lib/flows/definition')
  const C = (await makeCompany('Scheduled C')).id
  const list = await createList(C, { name: 'Monthly news' })
  const ids = [
    await person('sc1', {}, { company: C }),
    await person('sc2', {}, { company: C }),
    await person('sc3', {}, { company: C }),
  ]
  await addProfilesToList(C, list.id, ids)
  const flowId = await createFlow(C, {
    name: 'Scheduled news',
    status: 'live',
    definition: flowWith([{ type: 'scheduled', source: 'list', id: list.id }]),
  })
  expect((await db.flow.findUniqueOrThrow({ where: { id: flowId } })).triggerType).toBe('Scheduled')
  expect(triggerTypeOf([{ type: 'scheduled', unsupported: true }])).toBe('Scheduled')
  // Not a list trigger: joining the list does not enter it; only the schedule does.
  expect(await db.flowRun.count({ where: { flowId } })).toBe(0)
  const at = new Date('2026-06-01T09:00:00Z')
  await db.flowSchedule.create({
    data: {
      id: 'sch2',
      companyId: C,
      flowId,
      frequency: 'monthly',
      startAt: at,
      timezone: 'UTC',
      weekdays: '[]',
      nextRunAt: at,
    },
  })
  await db.flowSchedule.updateMany({ where: { companyId: { not: C } }, data: { nextRunAt: null } })
  expect(await runDueFlowSchedules(new Date('2026-06-01T09:00:10Z'))).toBe(3)
  expect((await db.flowRun.findMany({ where: { flowId } })).map((r) => r.profileId).sort()).toEqual([...ids].sort())
})

describe('catalog hooks', () => {
  test('price drop: the threshold decides; the same change twice enters once; unknown and foreign profiles are left out', async () => {
    const flowId = await createFlow(A, {
      name: 'Price drop',
      status: 'live',
      definition: flowWith([
        {
          type: 'price-drop',
          trigger_filter: null,
          price_drop_amount_value: 10,
          price_drop_amount_unit: 'percent',
          audience: ['viewed'],
          timeframe_days: 30,
        },
      ]),
    })
    const mine = await person('pd', {})
    const foreign = await person('pdb', {}, { company: B })
    expect(priceDropQualifies({ price_drop_amount_value: 10, price_drop_amount_unit: 'percent' }, 100, 95)).toBe(false)
    expect(priceDropQualifies({ price_drop_amount_value: 5, price_drop_amount_unit: 'currency' }, 100, 95)).toBe(true)
    const small = await inWriteTx(() =>
      enterPriceDropOps(A, { itemId: 'SKU1', oldPrice: 100, newPrice: 95, profileIds: [mine] }),
    )
    expect(small).toBe(0)
    const input = { itemId: 'SKU1', variantId: 'V1', oldPrice: 100, newPrice: 80, profileIds: [mine, foreign, 'NOPE'] }
    expect(await inWriteTx(() => enterPriceDropOps(A, input))).toBe(1)
    expect(await inWriteTx(() => enterPriceDropOps(A, input))).toBe(0)
    const run = await db.flowRun.findFirstOrThrow({ where: { flowId } })
    expect(run).toMatchObject({ profileId: mine, triggerKind: 'price-drop', entryKey: 'catalog:price-drop:SKU1:V1:80' })
    expect(JSON.parse(run.triggerEvent!)).toMatchObject({
      metric: 'Price Drop',
      properties: { item_id: 'SKU1', old_price: 100, new_price: 80, price_drop_percent: 20 },
    })
  })

  test('low inventory: at or under the count enters, product level once per product', async () => {
    const flowId = await createFlow(A, {
      name: 'Low stock',
      status: 'live',
      definition: flowWith([
        {
          type: 'low-inventory',
          product_level: 'product',
          trigger_filter: null,
          inventory_count: 5,
          audience: ['viewed'],
        },
      ]),
    })
    const p = await person('li', {})
    const now = new Date('2026-05-05T12:00:00Z')
    expect(
      await inWriteTx(() =>
        enterLowInventoryOps(A, { itemId: 'SKU2', variantId: 'a', inventory: 6, profileIds: [p], now }),
      ),
    ).toBe(0)
    expect(
      await inWriteTx(() =>
        enterLowInventoryOps(A, { itemId: 'SKU2', variantId: 'a', inventory: 5, profileIds: [p], now }),
      ),
    ).toBe(1)
    expect(
      await inWriteTx(() =>
        enterLowInventoryOps(A, { itemId: 'SKU2', variantId: 'b', inventory: 2, profileIds: [p], now }),
      ),
    ).toBe(0)
    expect((await db.flowRun.findFirstOrThrow({ where: { flowId } })).entryKey).toBe(
      'catalog:low-inventory:SKU2::2026-05-05',
    )
    // Company B's hook call never enters A's flow.
    expect(
      await inWriteTx(() =>
        enterLowInventoryOps(B, {
          itemId: 'SKU2',
          inventory: 0,
          profileIds: [p],
          now: new Date('2026-05-06T12:00:00Z'),
        }),
      ),
    ).toBe(0)
    expect(await db.flowRun.count({ where: { flowId } })).toBe(1)
  })
})
