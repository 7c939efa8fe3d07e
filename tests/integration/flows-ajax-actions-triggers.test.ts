/** @jest-environment node */
// The /ajax trigger calls of seed 002 §7.2 against the real route handlers and a real database:
// configure (every trigger type, filters as JSON text), trigger/update, date-validate with the
// next trigger dates, customer and trigger filters, clearing them, the catalog triggers' option
// lists and the staff metric overrides. The two error texts of §5 exactly; bad input is a 400
// with the version unchanged; another company is 404.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)

import { db } from '@/lib/db/client'
import { LIST, SEGMENT } from '@/lib/groups/group-view'
import { flowDefinition, type FlowDefinition } from '@/lib/flows/definition'
import { createFlow, getFlowDefinition } from '@/lib/flows/store'
import { nextTriggerDates, toVendorDateTrigger, dateTriggerInput } from '@/lib/flows/ajax/triggers-date'
import { POST as configurePost } from '@/app/ajax/flow/[id]/configure/route'
import { POST as updatePost } from '@/app/ajax/flow/[id]/trigger/update/route'
import { POST as dateValidatePost } from '@/app/ajax/flow/[id]/trigger/date-validate/route'
import { POST as customerFiltersPost } from '@/app/ajax/flow/[id]/customer-filters/route'
import { POST as triggerFiltersPost } from '@/app/ajax/flow/[id]/trigger-filters/route'
import { POST as filtersPost } from '@/app/ajax/flow/[id]/filters/route'
import { GET as priceDropGet } from '@/app/ajax/flows/price_drop/dimension_values/route'
import { GET as litGet } from '@/app/ajax/flows/lit/dimension_values/route'
import {
  GET as overrideGet,
  PUT as overridePut,
} from '@/app/ajax/staff/account/[companyId]/flows/metric-override/route'
import {
  GET as litOverrideGet,
  PUT as litOverridePut,
} from '@/app/ajax/staff/account/[companyId]/flows/low-inventory/metric-override/route'
import { GET as simpleListsGet } from '@/app/ajax/lists/simple/route'
import { GET as metricsGet } from '@/app/ajax/data/metrics/route'
import { GET as propertiesGet } from '@/app/ajax/people/properties/route'
import { ajaxRequest, makeCompany, makeUser, params, signIn } from '../helpers/factory'

type Handler = (req: Request, ctx?: { params?: Promise<Record<string, string>> }) => Promise<Response>
let A: number, B: number, cookieA: string, cookieB: string, staff: string

async function post(h: Handler, id: string, body: unknown = {}, cookie = cookieA) {
  const res = await h(ajaxRequest('/ajax/flow/x', { method: 'POST', cookie, body }), params({ id }))
  return { status: res.status, json: await res.json() }
}
async function get(h: Handler, path: string, p: Record<string, string> = {}, cookie = cookieA) {
  const res = await h(ajaxRequest(path, { cookie }), params(p))
  return { status: res.status, json: await res.json() }
}
async function put(h: Handler, companyId: number, body: unknown, cookie = staff) {
  const res = await h(
    ajaxRequest('/ajax/staff/x', { method: 'PUT', cookie, body }),
    params({ companyId: String(companyId) }),
  )
  return { status: res.status, json: await res.json() }
}
const version = async (flowId: string) => (await db.flow.findUniqueOrThrow({ where: { id: flowId } })).currentVersion
const filter = {
  condition_groups: [
    {
      conditions: [
        {
          type: 'profile-property',
          property: 'properties["vip"]',
          filter: { type: 'boolean', operator: 'equals', value: true },
        },
      ],
    },
  ],
}
const eventFilter = {
  condition_groups: [
    {
      conditions: [
        { type: 'event-property', field: 'value', filter: { type: 'numeric', operator: 'greater-than', value: 50 } },
      ],
    },
  ],
}

beforeAll(async () => {
  A = (await makeCompany('Triggers A')).id
  B = (await makeCompany('Triggers B')).id
  cookieA = await signIn((await makeUser({ companyId: A })).id, A)
  cookieB = await signIn((await makeUser({ companyId: B })).id, B)
  staff = await signIn(
    (
      await makeUser({
        companyId: B,
        isStaff: true,
        staffResources: ['staff_base', 'staff_accounts_read', 'staff_app_management'],
      })
    ).id,
    B,
  )
  await db.group.create({ data: { id: 'LstTA1', companyId: A, name: 'Newsletter', type: LIST } })
  await db.group.create({ data: { id: 'SegTA1', companyId: A, name: 'VIP', type: SEGMENT } })
  await db.group.create({ data: { id: 'LstTB1', companyId: B, name: 'Secret', type: LIST } })
  await db.metric.create({ data: { id: 'MetTA1', companyId: A, name: 'Placed Order' } })
  await db.metric.create({ data: { id: 'MetTA2', companyId: A, name: 'Viewed Product' } })
  await db.metric.create({ data: { id: 'MetTA3', companyId: A, name: 'Browsed' } })
  await db.metric.create({ data: { id: 'MetTB1', companyId: B, name: 'Placed Order' } })
})

async function blankFlow(companyId = A) {
  const d = flowDefinition.parse({
    triggers: [],
    entry_action_id: 'mail',
    actions: [
      {
        temporary_id: 'mail',
        type: 'send-email',
        links: { next: null },
        data: { status: 'draft', message: { name: 'Hi' } },
      },
    ],
  }) as FlowDefinition
  return createFlow(companyId, { name: 'Blank', definition: d })
}

describe('configure', () => {
  test('event, list, segment, date, price drop, low inventory and scheduled triggers; each a new version', async () => {
    const flowId = await blankFlow()
    const v0 = await version(flowId)
    const ev = await post(configurePost, flowId, {
      trigger_type: 'Event',
      source: 'actions',
      source_id: 'MetTA1',
      trigger_filter: JSON.stringify(eventFilter),
      customer_filter: JSON.stringify(filter),
      has_trigger_filter: false,
      has_customer_filter: false,
    })
    expect(ev.status).toBe(200)
    expect(ev.json.trigger).toEqual({ type: 'metric', id: 'MetTA1', trigger_filter: eventFilter })
    expect(JSON.parse(ev.json.triggerFilter)).toEqual(eventFilter)
    expect(JSON.parse(ev.json.customerFilter)).toEqual(filter)
    expect(ev.json).toMatchObject({ hasTriggerFilter: false, hasCustomerFilter: false, version: v0 + 1 })
    expect(await db.flow.findUniqueOrThrow({ where: { id: flowId } })).toMatchObject({
      triggerType: 'Metric',
      currentVersion: v0 + 1,
    })
    expect(await db.flowTrigger.findMany({ where: { flowId }, select: { kind: true, targetId: true } })).toEqual([
      { kind: 'metric', targetId: 'MetTA1' },
    ])

    const list = await post(configurePost, flowId, {
      trigger_type: 'Added to List',
      source: 'lists',
      source_id: 'LstTA1',
    })
    expect(list.json.trigger).toEqual({ type: 'list', id: 'LstTA1' })
    // The profile filter stays when the payload leaves it out.
    expect(JSON.parse(list.json.customerFilter)).toEqual(filter)
    const seg = await post(configurePost, flowId, {
      trigger_type: 'AddedToList',
      source: 'segments',
      source_id: 'SegTA1',
    })
    expect(seg.json.trigger).toEqual({ type: 'segment', id: 'SegTA1' })
    expect(await db.flowTrigger.findMany({ where: { flowId }, select: { kind: true, targetId: true } })).toEqual([
      { kind: 'segment', targetId: 'SegTA1' },
    ])

    const date = await post(configurePost, flowId, {
      trigger_type: 'Date Based',
      source: 'date',
      date_trigger: {
        trigger_type: 'before',
        customer_property: 'birthday',
        send_time: '08:15',
        timezone: 'America/New_York',
        date_field_type: 'profile-property',
        before_time: 3,
        before_unit: 2,
        repeat_type: 1,
        allowed_days: ['monday', 'tuesday'],
        use_day_restrictions: true,
      },
    })
    expect(date.status).toBe(200)
    expect(date.json.trigger).toEqual({
      type: 'date',
      date_field_type: 'profile-property',
      date_profile_property: 'birthday',
      timedelta_value_before_date: 3,
      timedelta_unit_before_date: 'days',
      recurrence_frequency: 'annually',
      timezone: 'America/New_York',
      trigger_time: '08:15',
      trigger_days: ['monday', 'tuesday'],
    })
    expect(await db.flowTrigger.count({ where: { flowId } })).toBe(0)

    const pd = await post(configurePost, flowId, {
      trigger_type: 'PriceDrop',
      price_drop: {
        price_drop_amount_value: 15,
        price_drop_amount_unit: 'percent',
        audience: ['viewed', 'checkout-started'],
      },
    })
    expect(pd.json.trigger).toEqual({
      type: 'price-drop',
      trigger_filter: null,
      price_drop_amount_value: 15,
      price_drop_amount_unit: 'percent',
      audience: ['viewed', 'checkout-started'],
      timeframe_days: 30,
      currency_type: 'usd',
    })
    const li = await post(configurePost, flowId, {
      trigger_type: 'Low Inventory',
      low_inventory: {
        trigger_type: 'low_inventory',
        inventory_granularity: 'variant',
        inventory_threshold: 5,
        item_engagement_metrics: ['added-to-cart'],
        engagement_timeframe: 14,
      },
    })
    expect(li.json.trigger).toEqual({
      type: 'low-inventory',
      product_level: 'variant',
      trigger_filter: null,
      inventory_count: 5,
      audience: ['added-to-cart'],
      timeframe_days: 14,
    })
    expect((await db.flow.findUniqueOrThrow({ where: { id: flowId } })).triggerType).toBe('Low Inventory')
    const sch = await post(configurePost, flowId, { trigger_type: 'Scheduled', source: 'lists', source_id: 'LstTA1' })
    expect(sch.json.trigger).toMatchObject({ type: 'scheduled', source: 'list', id: 'LstTA1' })
    expect(await version(flowId)).toBe(v0 + 7)
  })

  test("'Cannot save an unconfigured trigger', unknown types, unknown or foreign ids and bad filters: 400, nothing saved", async () => {
    const flowId = await blankFlow()
    await post(configurePost, flowId, { trigger_type: 'Event', source_id: 'MetTA1' })
    const v = await version(flowId)
    const before = JSON.stringify(await getFlowDefinition(A, flowId))
    const un = await post(configurePost, flowId, { trigger_type: 'Unconfigured' })
    expect(un.status).toBe(400)
    expect(un.json.message).toBe('Cannot save an unconfigured trigger')
    expect(un.json.fieldErrors.triggerType).toEqual(['Cannot save an unconfigured trigger'])
    const weird = await post(configurePost, flowId, { trigger_type: 'Moon Phase' })
    expect(weird.status).toBe(400)
    expect(weird.json.message).toBe('Unsupported trigger type given')
    const foreign = await post(configurePost, flowId, {
      trigger_type: 'Added to List',
      source: 'lists',
      source_id: 'LstTB1',
    })
    expect(foreign.status).toBe(400)
    expect(foreign.json.fieldErrors.sourceId).toEqual(['There is no list with id "LstTB1".'])
    expect((await post(configurePost, flowId, { trigger_type: 'Event', source_id: 'MetTB1' })).status).toBe(400)
    expect((await post(configurePost, flowId, { trigger_type: 'Event' })).json.fieldErrors.sourceId).toBeDefined()
    const badJson = await post(configurePost, flowId, {
      trigger_type: 'Event',
      source_id: 'MetTA1',
      trigger_filter: '{not json',
    })
    expect(badJson.status).toBe(400)
    expect(badJson.json.fieldErrors.triggerFilter).toBeDefined()
    const badShape = await post(configurePost, flowId, {
      trigger_type: 'Event',
      source_id: 'MetTA1',
      customer_filter: JSON.stringify({
        condition_groups: [{ conditions: [{ type: 'profile-sample', percentage: 300 }] }],
      }),
    })
    expect(badShape.status).toBe(400)
    expect(Object.keys(badShape.json.fieldErrors)[0]).toMatch(/^customerFilter\.condition_groups\.0\.conditions\.0/)
    const badDate = await post(configurePost, flowId, {
      trigger_type: 'Date Based',
      date_trigger: { customer_property: '', send_time: '25:00', timezone: 'Nowhere/City' },
    })
    expect(badDate.status).toBe(400)
    expect(Object.keys(badDate.json.fieldErrors).sort()).toEqual([
      'dateTrigger.customerProperty',
      'dateTrigger.sendTime',
      'dateTrigger.timezone',
    ])
    const badLi = await post(configurePost, flowId, {
      trigger_type: 'Low Inventory',
      low_inventory: { inventory_granularity: 'shelf' },
    })
    expect(Object.keys(badLi.json.fieldErrors).sort()).toEqual([
      'lowInventory.inventoryGranularity',
      'lowInventory.inventoryThreshold',
    ])
    expect(await version(flowId)).toBe(v)
    expect(JSON.stringify(await getFlowDefinition(A, flowId))).toBe(before)
  })
})

describe('trigger/update', () => {
  test("only price drop, date based and low inventory; any other type is 'Unsupported trigger type given'", async () => {
    const flowId = await blankFlow()
    await post(configurePost, flowId, { trigger_type: 'Price Drop', price_drop: { price_drop_amount_value: 5 } })
    const up = await post(updatePost, flowId, {
      trigger_type: 'Price Drop',
      trigger_filter: JSON.stringify({ condition_groups: [] }),
      price_drop: { price_drop_amount_value: 20, price_drop_amount_unit: 'percent' },
    })
    expect(up.status).toBe(200)
    expect(up.json.trigger).toMatchObject({
      type: 'price-drop',
      price_drop_amount_value: 20,
      price_drop_amount_unit: 'percent',
      trigger_filter: { condition_groups: [] },
    })
    const v = await version(flowId)
    for (const t of ['Event', 'Added to List', 'Scheduled', 'Moon Phase']) {
      const r = await post(updatePost, flowId, { trigger_type: t, source_id: 'MetTA1' })
      expect([t, r.status, r.json.message]).toEqual([t, 400, 'Unsupported trigger type given'])
    }
    expect((await post(updatePost, flowId, { trigger_type: 'Unconfigured' })).json.message).toBe(
      'Cannot save an unconfigured trigger',
    )
    expect(await version(flowId)).toBe(v)
    const d = await post(updatePost, flowId, {
      trigger_type: 'DateBased',
      date_trigger: { customer_property: 'anniversary', repeat_type: 2 },
    })
    expect(d.json.trigger).toMatchObject({
      type: 'date',
      date_profile_property: 'anniversary',
      recurrence_frequency: 'never',
      timedelta_value_before_date: 0,
    })
  })
})

describe('date-validate', () => {
  test('valid fields answer the next three dates; bad ones the field errors', async () => {
    const flowId = await blankFlow()
    const ok = await post(dateValidatePost, flowId, {
      trigger_type: 'after',
      customer_property: 'birthday',
      before_time: 1,
      before_unit: 'week',
      repeat_type: 0,
      send_time: '09:30',
      timezone: 'UTC',
      sample_date: '2020-01-31',
    })
    expect(ok.status).toBe(200)
    expect(ok.json.valid).toBe(true)
    expect(ok.json.errors).toEqual({})
    expect(ok.json.nextDates).toHaveLength(3)
    const times = ok.json.nextDates.map((s: string) => Date.parse(s))
    expect(times[0]).toBeGreaterThanOrEqual(Date.now() - 1000)
    expect([...times].sort((a, b) => a - b)).toEqual(times)
    for (const s of ok.json.nextDates) expect(s).toMatch(/T09:30:00\+00:00$/)
    const bad = await post(dateValidatePost, flowId, {
      trigger_type: 'sideways',
      customer_property: '',
      repeat_type: 9,
    })
    expect(bad.status).toBe(200)
    expect(bad.json.valid).toBe(false)
    expect(bad.json.nextDates).toEqual([])
    expect(Object.keys(bad.json.errors).sort()).toEqual(['customerProperty', 'repeatType', 'triggerType'])
    const days = await post(dateValidatePost, flowId, {
      customer_property: 'birthday',
      use_day_restrictions: true,
      allowed_days: [],
    })
    expect(days.json).toMatchObject({
      valid: false,
      errors: { allowedDays: ['Choose at least one day when the days are restricted.'] },
    })
    // The date scan's own limits: a weekly date counts at most 6 days before or after.
    const weekly = await post(dateValidatePost, flowId, {
      customer_property: 'birthday',
      trigger_type: 'before',
      before_time: 2,
      before_unit: 0,
      repeat_type: 3,
    })
    expect(weekly.json).toMatchObject({
      valid: false,
      errors: { beforeUnit: ['A weekly date counts in days (at most 6).'] },
    })
    expect((await post(dateValidatePost, 'nope', { customer_property: 'x' })).status).toBe(404)
  })

  test('next dates: the offset, the recurrence, month ends and the allowed days (fixed clock)', () => {
    const t = (fields: Record<string, unknown>) =>
      toVendorDateTrigger(
        dateTriggerInput.parse({
          customerProperty: 'birthday',
          timezone: 'Europe/Lisbon',
          sendTime: '10:00',
          ...fields,
        }),
      )
    const now = new Date('2026-03-01T12:00:00Z')
    // Three days before each birthday (15 March), at 10:00 Lisbon time (UTC in winter, UTC+1 in summer).
    expect(
      nextTriggerDates(
        t({ triggerType: 'before', beforeTime: 3, beforeUnit: 2, repeatType: 1 }),
        { year: 1990, month: 3, day: 15 },
        now,
        'UTC',
      ),
    ).toEqual(['2026-03-12T10:00:00+00:00', '2027-03-12T10:00:00+00:00', '2028-03-12T10:00:00+00:00'])
    // Monthly on the 31st: shorter months use their last day.
    expect(nextTriggerDates(t({ repeatType: 0 }), { year: 2000, month: 1, day: 31 }, now, 'UTC')).toEqual([
      '2026-03-31T10:00:00+01:00',
      '2026-04-30T10:00:00+01:00',
      '2026-05-31T10:00:00+01:00',
    ])
    // Never repeats: one date, or none when it has passed.
    expect(nextTriggerDates(t({ repeatType: 2 }), { year: 2026, month: 6, day: 1 }, now, 'UTC')).toEqual([
      '2026-06-01T10:00:00+01:00',
    ])
    expect(nextTriggerDates(t({ repeatType: 2 }), { year: 2025, month: 6, day: 1 }, now, 'UTC')).toEqual([])
    // Restricted days skip a day that is not allowed, as the date scan does: a 20 March birthday
    // one day before falls on Thursday 19 March 2026, Friday 2027, Sunday 2028 (skipped), Monday 2029.
    expect(
      nextTriggerDates(
        t({
          triggerType: 'before',
          beforeTime: 1,
          repeatType: 1,
          useDayRestrictions: true,
          allowedDays: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'],
        }),
        { year: 1990, month: 3, day: 20 },
        now,
        'UTC',
      ),
    ).toEqual(['2026-03-19T10:00:00+00:00', '2027-03-19T10:00:00+00:00', '2029-03-19T10:00:00+00:00'])
    // Weekly on the sample's weekday (Sunday 1 March 2026).
    expect(nextTriggerDates(t({ repeatType: 3 }), { year: 2026, month: 3, day: 1 }, now, 'UTC')).toEqual([
      '2026-03-08T10:00:00+00:00',
      '2026-03-15T10:00:00+00:00',
      '2026-03-22T10:00:00+00:00',
    ])
    // The profile's own zone is shown in the company's.
    expect(
      nextTriggerDates(
        t({ timezone: 'profile', repeatType: 2 }),
        { year: 2026, month: 3, day: 20 },
        now,
        'America/New_York',
      ),
    ).toEqual(['2026-03-20T10:00:00-04:00'])
  })
})

describe('filters', () => {
  test('customer filters, trigger filters and clearing both: each a new version; bad filters 400', async () => {
    const flowId = await blankFlow()
    // A trigger filter needs a trigger that has one.
    expect((await post(triggerFiltersPost, flowId, { filters: JSON.stringify(eventFilter) })).json.message).toBe(
      'Cannot save an unconfigured trigger',
    )
    await post(configurePost, flowId, { trigger_type: 'Event', source_id: 'MetTA1' })
    const c = await post(customerFiltersPost, flowId, { filters: JSON.stringify(filter) })
    expect(c.status).toBe(200)
    expect((await getFlowDefinition(A, flowId)).profile_filter).toEqual(filter)
    const t = await post(triggerFiltersPost, flowId, { filters: JSON.stringify(eventFilter) })
    expect(t.json.trigger.trigger_filter).toEqual(eventFilter)
    const v = await version(flowId)
    expect((await post(customerFiltersPost, flowId, { filters: '[1,2]' })).status).toBe(400)
    expect((await post(customerFiltersPost, flowId, { filters: { condition_groups: [] } })).status).toBe(400)
    expect(
      (await post(triggerFiltersPost, flowId, { filters: JSON.stringify({ groups: [] }) })).json.fieldErrors[
        'filters.condition_groups'
      ],
    ).toBeDefined()
    expect(await version(flowId)).toBe(v)
    const cleared = await post(filtersPost, flowId)
    expect(cleared.status).toBe(200)
    expect(cleared.json).toMatchObject({ triggerFilter: null, customerFilter: null, version: v + 1 })
    const d = await getFlowDefinition(A, flowId)
    expect(d.profile_filter).toBeNull()
    expect(d.triggers[0]).toEqual({ type: 'metric', id: 'MetTA1', trigger_filter: null })
    await post(configurePost, flowId, { trigger_type: 'Added to List', source_id: 'LstTA1' })
    expect((await post(triggerFiltersPost, flowId, { filters: JSON.stringify(eventFilter) })).json.message).toBe(
      'This trigger has no trigger filter.',
    )
  })
})

describe('option lists', () => {
  test('price drop and low inventory dimension values: well-formed, catalog values empty, audiences resolved', async () => {
    const pd = await get(priceDropGet, '/ajax/flows/price_drop/dimension_values?selectedTriggerPreset=priceDrop')
    expect(pd.status).toBe(200)
    expect(pd.json).toMatchObject({
      selectedTriggerPreset: 'priceDrop',
      catalogConnected: false,
      amountUnits: ['currency', 'percent'],
      currency: 'usd',
    })
    expect(pd.json.dimensions.map((d: { key: string; values: unknown[] }) => [d.key, d.values])).toEqual([
      ['categories', []],
      ['brand', []],
      ['product_id', []],
      ['price', []],
    ])
    expect(pd.json.audiences).toEqual([
      expect.objectContaining({
        audience: 'viewed',
        metricId: 'MetTA2',
        metricName: 'Viewed Product',
        overridden: false,
      }),
      expect.objectContaining({ audience: 'checkout-started', metricId: null }),
    ])
    expect((await get(priceDropGet, '/ajax/flows/price_drop/dimension_values?selectedTriggerPreset=moon')).status).toBe(
      400,
    )
    const lit = await get(litGet, '/ajax/flows/lit/dimension_values')
    expect(lit.json.inventoryGranularities).toEqual(['product', 'variant'])
    expect(lit.json.itemEngagementMetrics.map((m: { audience: string }) => m.audience)).toEqual([
      'viewed',
      'added-to-cart',
      'checkout-started',
    ])
    // Company B sees its own metrics only.
    const pdB = await get(priceDropGet, '/ajax/flows/price_drop/dimension_values', {}, cookieB)
    expect(pdB.json.audiences[0].metricId).toBeNull()
  })

  test("the trigger panel's other option lists answer what it needs", async () => {
    const lists = await get(simpleListsGet, '/ajax/lists/simple?type=0')
    expect(lists.json).toEqual([{ id: 'LstTA1', name: 'Newsletter', type: 0 }])
    const segments = await get(simpleListsGet, '/ajax/lists/simple?type=1')
    expect(segments.json).toEqual([{ id: 'SegTA1', name: 'VIP', type: 1 }])
    const metrics = await get(metricsGet, '/ajax/data/metrics')
    expect(metrics.status).toBe(200)
    expect(JSON.stringify(metrics.json)).toContain('MetTA1')
    expect(JSON.stringify(metrics.json)).not.toContain('MetTB1')
    // The date trigger's property picker: a custom date property is offered with its type.
    await db.profile.create({
      data: {
        id: '01TRIGGERPROFILE0000000001',
        companyId: A,
        email: 'p@a.test',
        properties: JSON.stringify({ birthday: '1990-03-15' }),
      },
    })
    const props = await get(propertiesGet, '/ajax/people/properties')
    expect(props.json.properties).toEqual(
      expect.arrayContaining([
        { name: 'birthday', type: 'date', builtIn: false },
        { name: 'created', type: 'date', builtIn: true },
      ]),
    )
  })

  test('staff metric overrides: staff only, metrics of that account, null back to the default', async () => {
    // Staff tools need the account's consent (issue 27 §5): refused and logged until it is given.
    expect((await get(overrideGet, '/ajax/staff/x', { companyId: String(A) }, staff)).status).toBe(403)
    expect((await put(overridePut, A, { metric_ids: { viewed: 'MetTA3' } })).status).toBe(403)
    expect(await db.staffAuditEntry.count({ where: { companyId: A, action: 'access.refused' } })).toBe(2)
    await db.staffConsent.create({
      data: {
        companyId: A,
        grantedById: (await makeUser({ companyId: A })).id,
        expiresAt: new Date(Date.now() + 86_400_000),
      },
    })
    const g = await get(overrideGet, '/ajax/staff/x', { companyId: String(A) }, staff)
    expect(g.status).toBe(200)
    expect(g.json.metrics[0]).toMatchObject({ audience: 'viewed', metricId: 'MetTA2', overridden: false })
    const p = await put(overridePut, A, { metric_ids: { viewed: 'MetTA3' } })
    expect(p.status).toBe(200)
    expect(p.json.metrics[0]).toMatchObject({
      audience: 'viewed',
      metricId: 'MetTA3',
      metricName: 'Browsed',
      overridden: true,
    })
    expect((await get(priceDropGet, '/ajax/flows/price_drop/dimension_values')).json.audiences[0].metricId).toBe(
      'MetTA3',
    )
    // Another account's metric, or an engagement price drop does not use: 400, nothing changed.
    const foreign = await put(overridePut, A, { metric_ids: { viewed: 'MetTB1' } })
    expect(foreign.status).toBe(400)
    expect(foreign.json.fieldErrors['metricIds.viewed']).toBeDefined()
    expect(
      (await put(overridePut, A, { metric_ids: { added_to_cart: 'MetTA3' } })).json.fieldErrors[
        'metricIds.addedToCart'
      ],
    ).toBeDefined()
    expect((await get(overrideGet, '/ajax/staff/x', { companyId: String(A) }, staff)).json.metrics[0].metricId).toBe(
      'MetTA3',
    )
    // Low inventory has its own override.
    expect((await put(litOverridePut, A, { metric_ids: { added_to_cart: 'MetTA1' } })).json.metrics[1]).toMatchObject({
      audience: 'added-to-cart',
      metricId: 'MetTA1',
    })
    expect((await get(litOverrideGet, '/ajax/staff/x', { companyId: String(A) }, staff)).json.metrics[0]).toMatchObject(
      { metricId: 'MetTA2', overridden: false },
    )
    const reset = await put(overridePut, A, { metric_ids: { viewed: null } })
    expect(reset.json.metrics[0]).toMatchObject({ metricId: 'MetTA2', overridden: false })
    // Not staff: 404 (the staff surface is not advertised); an unknown account: 404.
    expect((await get(overrideGet, '/ajax/staff/x', { companyId: String(A) }, cookieA)).status).toBe(404)
    expect((await put(overridePut, A, { metric_ids: { viewed: 'MetTA3' } }, cookieA)).status).toBe(404)
    expect((await get(overrideGet, '/ajax/staff/x', { companyId: '999999' }, staff)).status).toBe(404)
  })
})

describe('another company', () => {
  test("cannot configure, filter or validate company A's flow (404, nothing changed)", async () => {
    const flowId = await blankFlow()
    await post(configurePost, flowId, { trigger_type: 'Event', source_id: 'MetTA1' })
    const v = await version(flowId)
    const tries: Array<[Handler, unknown]> = [
      [configurePost, { trigger_type: 'Added to List', source_id: 'LstTB1' }],
      [configurePost, { trigger_type: 'Price Drop', price_drop: { price_drop_amount_value: 1 } }],
      [updatePost, { trigger_type: 'Price Drop', price_drop: { price_drop_amount_value: 1 } }],
      [dateValidatePost, { customer_property: 'x' }],
      [customerFiltersPost, { filters: null }],
      [triggerFiltersPost, { filters: null }],
      [filtersPost, {}],
    ]
    for (const [h, body] of tries) expect((await post(h, flowId, body, cookieB)).status).toBe(404)
    expect(await version(flowId)).toBe(v)
    expect((await getFlowDefinition(A, flowId)).triggers[0]).toEqual({
      type: 'metric',
      id: 'MetTA1',
      trigger_filter: null,
    })
  })
})
