/** @jest-environment node */
// Flow triggers fire from what already exists (issue 9 §2): an ingested event of the trigger
// metric enters the flow in the ingesting transaction (trigger filter on the event's properties,
// one run per event however often it is ingested, historical and $skip_flows events left out),
// entering a list or a segment enters its flows set-based, and one company's events and
// memberships never enter another's flows. Scenario tables: events in, runs out.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)

import { db } from '@/lib/db/client'
import { flowDefinition, type FlowDefinition } from '@/lib/flows/definition'
import { createFlow, setFlowStatus } from '@/lib/flows/store'
import { prepareFlowJobs } from '@/lib/flows/engine/enter-flow'
import { ingestEvents } from '@/lib/events/ingest-events'
import { createList } from '@/lib/groups/create-list'
import { createSegment } from '@/lib/groups/create-segment'
import { addProfilesToList } from '@/lib/groups/list-membership'
import { recomputeSegment } from '@/lib/segments/recompute-segment'
import { ulid } from '@/lib/ids/make-id'
import { matchesTriggerFilter } from '@/lib/flows/triggers/trigger-filter'
import { makeCompany } from '../helpers/factory'

let A: number
let B: number
let metricA: string

const oneStep = (triggers: unknown[], extra: Record<string, unknown> = {}) =>
  flowDefinition.parse({
    triggers,
    profile_filter: null,
    entry_action_id: 'a0',
    reentry_criteria: null,
    actions: [{ temporary_id: 'a0', type: 'time-delay', links: { next: null }, data: { unit: 'days', value: 1 } }],
    ...extra,
  }) as FlowDefinition

const runsOf = (flowId: string) => db.flowRun.findMany({ where: { flowId }, orderBy: { id: 'asc' } })
const order = (email: string, properties: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  metric: { name: 'Placed Order' },
  profile: { email },
  properties,
  ...extra,
})

beforeAll(async () => {
  await prepareFlowJobs()
  A = (await makeCompany('Triggers A')).id
  B = (await makeCompany('Triggers B')).id
  // The metric exists once an event of it was ingested.
  await ingestEvents(A, [order('seed@a.test', { value: 1 })])
  metricA = (await db.metric.findFirstOrThrow({ where: { companyId: A, name: 'Placed Order' } })).id
})

const filter = (conditions: unknown[]) => ({ condition_groups: [{ conditions }] })
const cond = (field: string, f: Record<string, unknown>) => ({
  type: 'metric-property',
  metric_id: 'x',
  field,
  filter: f,
})

describe('trigger_filter on event properties', () => {
  const now = new Date('2026-05-01T12:00:00Z')
  const props = {
    total: 120,
    city: 'Lisbon',
    gift: true,
    items: ['hat', 'scarf'],
    ordered_at: '2026-04-30T10:00:00Z',
    nested: { sku: 'A-1' },
  }
  test.each([
    ['numeric greater-than', filter([cond('total', { type: 'numeric', operator: 'greater-than', value: 100 })]), true],
    ['numeric less-than', filter([cond('total', { type: 'numeric', operator: 'less-than', value: 100 })]), false],
    ['numeric between', filter([cond('total', { type: 'numeric', operator: 'between', start: 100, end: 200 })]), true],
    [
      'string equals (case-insensitive)',
      filter([cond('city', { type: 'string', operator: 'equals', value: 'LISBON' })]),
      true,
    ],
    [
      'string regex is case-sensitive',
      filter([cond('city', { type: 'string', operator: 'regex', value: '^lis' })]),
      false,
    ],
    ['string starts-with', filter([cond('city', { type: 'string', operator: 'starts-with', value: 'Por' })]), false],
    ['string in', filter([cond('city', { type: 'string', operator: 'in', value: ['Porto', 'Lisbon'] })]), true],
    ['boolean equals', filter([cond('gift', { type: 'boolean', operator: 'equals', value: false })]), false],
    ['list contains', filter([cond('items', { type: 'list', operator: 'contains', value: 'hat' })]), true],
    ['list length', filter([cond('items', { type: 'list', operator: 'length-greater-than', value: 2 })]), false],
    [
      'date in-the-last 2 days',
      filter([cond('ordered_at', { type: 'date', operator: 'in-the-last', unit: 'day', quantity: 2 })]),
      true,
    ],
    ['dotted path', filter([cond('nested.sku', { type: 'string', operator: 'equals', value: 'A-1' })]), true],
    [
      'a missing field is false, even not-equals',
      filter([cond('coupon', { type: 'string', operator: 'not-equals', value: 'X' })]),
      false,
    ],
    [
      'existence not-set on a missing field',
      filter([cond('coupon', { type: 'existence', operator: 'not-set' })]),
      true,
    ],
    [
      'OR inside a group',
      filter([
        cond('city', { type: 'string', operator: 'equals', value: 'Porto' }),
        cond('total', { type: 'numeric', operator: 'equals', value: 120 }),
      ]),
      true,
    ],
    [
      'AND across groups',
      {
        condition_groups: [
          { conditions: [cond('gift', { type: 'boolean', operator: 'equals', value: true })] },
          { conditions: [cond('city', { type: 'string', operator: 'equals', value: 'Porto' })] },
        ],
      },
      false,
    ],
    ['no filter', null, true],
  ])('%s', (_name, f, expected) => {
    expect(matchesTriggerFilter(f as never, props, now)).toBe(expected)
  })
})

describe('metric trigger: acted on in the ingesting transaction', () => {
  let big: string
  beforeAll(async () => {
    big = await createFlow(A, {
      name: 'Big orders',
      status: 'live',
      definition: oneStep([
        {
          type: 'metric',
          id: metricA,
          trigger_filter: filter([cond('total', { type: 'numeric', operator: 'greater-than-or-equal', value: 100 })]),
        },
      ]),
    })
  })

  test.each([
    ['a matching event enters', { total: 150 }, {}, 1],
    ['a non-matching event does not', { total: 20 }, {}, 0],
    ['a missing filter field does not', { currency: 'EUR' }, {}, 0],
    ['$skip_flows does not', { total: 500, $skip_flows: true }, {}, 0],
    [
      'a historical (backfilled) event does not',
      { total: 500 },
      { time: new Date(Date.now() - 3 * 86_400_000).toISOString() },
      0,
    ],
  ])('%s', async (_name, properties, extra, runs) => {
    const email = `m-${ulid().slice(-8).toLowerCase()}@a.test`
    const [res] = await ingestEvents(A, [order(email, properties, extra)])
    const mine = (await runsOf(big)).filter((r) => r.profileId === res!.profileId)
    expect(mine).toHaveLength(runs)
    if (runs) {
      expect(mine[0]).toMatchObject({
        companyId: A,
        entryKey: `event:${res!.eventId}`,
        triggerKind: 'metric',
        status: 'active',
        version: 1,
      })
      const te = JSON.parse(mine[0]!.triggerEvent!)
      expect(te).toMatchObject({ id: res!.eventId, metricId: metricA, metric: 'Placed Order', properties })
      expect(Date.parse(te.time)).toBeGreaterThan(Date.now() - 60_000)
    }
  })

  test('the same event ingested twice (unique_id) enters once; a second event enters again (reentry null)', async () => {
    const email = 'twice@a.test'
    const ev = order(email, { total: 300 }, { uniqueId: 'order-77' })
    const [first] = await ingestEvents(A, [ev])
    const [again] = await ingestEvents(A, [ev])
    expect(again!.duplicate).toBe(true)
    expect((await runsOf(big)).filter((r) => r.profileId === first!.profileId)).toHaveLength(1)
    await ingestEvents(A, [order(email, { total: 301 }, { uniqueId: 'order-78' })])
    expect((await runsOf(big)).filter((r) => r.profileId === first!.profileId)).toHaveLength(2)
  })

  test('a batch of events: each matching one enters, in the same transaction as its event', async () => {
    const before = (await runsOf(big)).length
    const res = await ingestEvents(A, [
      order('b1@a.test', { total: 100 }),
      order('b2@a.test', { total: 99 }),
      order('b3@a.test', { total: 1000 }),
    ])
    const runs = await runsOf(big)
    expect(runs.length - before).toBe(2)
    expect(runs.map((r) => r.entryKey)).toEqual(
      expect.arrayContaining([`event:${res[0]!.eventId}`, `event:${res[2]!.eventId}`]),
    )
  })

  test('reentry_criteria in one batch: alltime 1 enters once per profile; 1 hour refuses a second run within the hour', async () => {
    const once = await createFlow(A, {
      name: 'Once',
      status: 'live',
      definition: oneStep([{ type: 'metric', id: metricA }], { reentry_criteria: { duration: 1, unit: 'alltime' } }),
    })
    const hourly = await createFlow(A, {
      name: 'Hourly',
      status: 'live',
      definition: oneStep([{ type: 'metric', id: metricA }], { reentry_criteria: { duration: 1, unit: 'hour' } }),
    })
    const res = await ingestEvents(A, [
      order('re@a.test', { total: 1 }),
      order('re@a.test', { total: 2 }),
      order('re2@a.test', { total: 3 }),
    ])
    expect((await runsOf(once)).map((r) => r.entryKey).sort()).toEqual(
      [`event:${res[0]!.eventId}`, `event:${res[2]!.eventId}`].sort(),
    )
    await ingestEvents(A, [order('re@a.test', { total: 4 })])
    expect(await runsOf(once)).toHaveLength(2)
    expect(await runsOf(hourly)).toHaveLength(2)
    await setFlowStatus(A, once, 'draft')
    await setFlowStatus(A, hourly, 'draft')
  })

  test('draft and disabled flows take no entries; manual ones do', async () => {
    const draft = await createFlow(A, {
      name: 'Draft',
      status: 'draft',
      definition: oneStep([{ type: 'metric', id: metricA }]),
    })
    const manual = await createFlow(A, {
      name: 'Manual',
      status: 'manual',
      definition: oneStep([{ type: 'metric', id: metricA }]),
    })
    const disabled = await createFlow(A, {
      name: 'Disabled',
      status: 'live',
      definition: oneStep([{ type: 'metric', id: metricA }]),
    })
    await setFlowStatus(A, disabled, 'disabled')
    await ingestEvents(A, [order('status@a.test', { total: 1 })])
    expect(await runsOf(draft)).toHaveLength(0)
    expect(await runsOf(disabled)).toHaveLength(0)
    expect(await runsOf(manual)).toHaveLength(1)
    // Turned live later: the next event enters (nothing cached across the change).
    await setFlowStatus(A, draft, 'live')
    await ingestEvents(A, [order('status@a.test', { total: 2 })])
    expect(await runsOf(draft)).toHaveLength(1)
  })

  test("cross-tenant: company B ingesting the same metric name never enters A's flow", async () => {
    const before = (await runsOf(big)).length
    await ingestEvents(B, [order('twice@a.test', { total: 999 })])
    expect((await runsOf(big)).length).toBe(before)
    expect(await db.flowRun.count({ where: { companyId: B } })).toBe(0)
  })
})

describe('list and segment triggers', () => {
  test("a list add enters the list-triggered flow, once per add; another company's list add does not", async () => {
    const list = await createList(A, { name: 'Newsletter' })
    const flowId = await createFlow(A, {
      name: 'Welcome',
      status: 'live',
      definition: oneStep([{ type: 'list', id: list.id }]),
    })
    const ids = [ulid(), ulid()]
    for (const id of ids) await db.profile.create({ data: { id, companyId: A, email: `${id.toLowerCase()}@l.test` } })
    await addProfilesToList(A, list.id, ids)
    await addProfilesToList(A, list.id, ids) // already members: no new entry
    const runs = await runsOf(flowId)
    expect(runs.map((r) => r.profileId).sort()).toEqual([...ids].sort())
    const membership = await db.groupMembership.findFirstOrThrow({ where: { groupId: list.id, profileId: ids[0]! } })
    expect(runs[0]).toMatchObject({
      triggerKind: 'list',
      status: 'active',
      entryKey: `group:${list.id}:${membership.enteredAt.getTime()}`,
    })
    expect(runs[0]!.currentActionId).toBeTruthy()

    const listB = await createList(B, { name: 'B list' })
    const pB = ulid()
    await db.profile.create({ data: { id: pB, companyId: B, email: 'pb@l.test' } })
    await addProfilesToList(B, listB.id, [pB])
    expect(await runsOf(flowId)).toHaveLength(2)
  })

  test('a segment recompute entering 500 profiles makes 500 runs (one statement per page)', async () => {
    const ids: string[] = []
    const rows = Array.from({ length: 520 }, (_, i) => {
      const id = ulid()
      ids.push(id)
      return { id, companyId: A, email: `seg${i}@${i < 500 ? 'vip' : 'other'}.test` }
    })
    await db.profile.createMany({ data: rows })
    const seg = await createSegment(A, {
      name: 'VIP',
      definition: {
        version: 1,
        root: {
          type: 'and',
          conditions: [
            { kind: 'profile_property', field: 'email', valueType: 'text', operator: 'ends_with', value: '@vip.test' },
          ],
        },
      },
    } as never)
    const flowId = await createFlow(A, {
      name: 'VIP welcome',
      status: 'live',
      definition: oneStep([{ type: 'segment', id: seg.id }]),
    })
    const t0 = Date.now()
    const res = await recomputeSegment(A, seg.id, undefined, { chunkSize: 200 })
    const ms = Date.now() - t0
    expect(res.entered).toBe(500)
    const runs = await runsOf(flowId)
    expect(runs).toHaveLength(500)
    expect(new Set(runs.map((r) => r.profileId)).size).toBe(500)
    expect(runs.every((r) => r.triggerKind === 'segment' && r.status === 'active' && r.companyId === A)).toBe(true)
    expect(new Set(runs.map((r) => r.entryKey)).size).toBe(1)
    expect(ms).toBeLessThan(20_000)
    // Recomputed again: nobody new entered, nobody enters twice.
    await recomputeSegment(A, seg.id)
    expect(await runsOf(flowId)).toHaveLength(500)
  })

  test('reentry_criteria alltime 1: leaving and re-joining the list does not enter again', async () => {
    const list = await createList(A, { name: 'Once' })
    const flowId = await createFlow(A, {
      name: 'Once only',
      status: 'live',
      definition: oneStep([{ type: 'list', id: list.id }], { reentry_criteria: { duration: 1, unit: 'alltime' } }),
    })
    const id = ulid()
    await db.profile.create({ data: { id, companyId: A, email: 'once@l.test' } })
    const { removeProfilesFromList } = await import('@/lib/groups/list-membership')
    await addProfilesToList(A, list.id, [id])
    await removeProfilesFromList(A, list.id, [id])
    await new Promise((r) => setTimeout(r, 5))
    await addProfilesToList(A, list.id, [id])
    expect(await runsOf(flowId)).toHaveLength(1)
  })
})
