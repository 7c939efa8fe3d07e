/** @jest-environment node */
// The journey engine, scenario by scenario (events in, clock advanced, steps and sends out) on a
// real database: every action kind the engine runs, statuses (manual approval, draft skip, flow
// disabled/paused), versions, determinism of A/B choices, retries that never act twice.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(30_000)

import { db } from '@/lib/db/client'
import { inWriteTx } from '@/lib/db/ops'
import { flowDefinition, type FlowDefinition } from '@/lib/flows/definition'
import {
  createFlow,
  getFlowVersionDefinition,
  saveFlowVersion,
  setActionStatuses,
  setFlowStatus,
} from '@/lib/flows/store'
import { enterFlow } from '@/lib/flows/engine/enter-flow'
import { drainFlowRuns, nextWakeOps } from '@/lib/flows/engine/advance-runs'
import { chooseVariation } from '@/lib/flows/engine/actions/experiments'
import { approveStepOps, cancelStepOps, moveRunsToLatestOps } from '@/lib/flows/engine/manage-runs'
import { makeCompany } from '../helpers/factory'
import { LIST } from '@/lib/groups/group-view'

let companyId: number
let otherCompany: number
const T0 = new Date('2026-03-02T10:00:00.000Z') // a Monday
let clock = T0
const at = (ms: number) => new Date(T0.getTime() + ms)
const MIN = 60_000
const HOUR = 60 * MIN
const DAY = 24 * HOUR

const drain = (now = clock) => drainFlowRuns({ now: () => now })
let seq = 0

async function profile(props: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) {
  const id = `P${++seq}x${Math.random().toString(36).slice(2, 8)}`
  await db.profile.create({
    data: { id, companyId, email: `${id}@example.test`, properties: JSON.stringify(props), ...extra },
  })
  return id
}

type A = Record<string, unknown> & { temporary_id: string; type: string }
async function liveFlow(actions: A[], extra: Partial<FlowDefinition> = {}, status: 'live' | 'manual' = 'live') {
  const def = flowDefinition.parse({
    triggers: [],
    profile_filter: null,
    reentry_criteria: null,
    entry_action_id: actions[0]!.temporary_id,
    actions,
    ...extra,
  }) as FlowDefinition
  const id = await createFlow(companyId, { name: 'Scenario', definition: def, status })
  const stored = (await getFlowVersionDefinition(companyId, id))!
  // temporary id → real id, by position
  const ids = Object.fromEntries(actions.map((a, i) => [a.temporary_id, stored.actions[i]!.id!]))
  return { id, ids }
}
const enter = (
  flowId: string,
  profileId: string,
  key = `k:${Math.random()}`,
  props: Record<string, unknown> = {},
  now = clock,
) =>
  enterFlow({
    companyId,
    flowId,
    profileId,
    entryKey: key,
    triggerKind: 'metric',
    now,
    triggerEvent: { id: 1, metricId: null, metric: 'Placed Order', properties: props, time: now.toISOString() },
  })

const stepsOf = async (runId: string) =>
  (await db.flowStep.findMany({ where: { runId }, orderBy: { id: 'asc' } })).map((s) => ({
    id: s.actionId,
    status: s.status,
    outcome: s.outcome,
  }))
const run = (runId: string) => db.flowRun.findUniqueOrThrow({ where: { id: runId } })
const sendsOf = (runId: string) =>
  db.send.findMany({ where: { companyId, sourceType: 'flow_action_run', sourceId: { endsWith: `:${runId}` } } })

let templateId: string
beforeAll(async () => {
  companyId = (await makeCompany('Engine A')).id
  otherCompany = (await makeCompany('Engine B')).id
  await db.company.update({ where: { id: companyId }, data: { timezone: 'America/New_York' } })
  templateId = 'TplEng1'
  await db.template.create({
    data: {
      id: templateId,
      companyId,
      name: 'Welcome',
      editorType: 'CODE',
      html: '<p>Hi</p>',
      compiledHtml: '<p>Hi {{ first_name }}</p>',
      compiledText: 'Hi',
    },
  })
  await db.group.create({ data: { id: 'LstEng', companyId, name: 'VIP list', type: LIST } })
})
beforeEach(() => {
  clock = T0
})

const email = (t: string, next: string | null, extra: Record<string, unknown> = {}): A => ({
  temporary_id: t,
  type: 'send-email',
  links: { next },
  data: {
    status: 'live',
    message: {
      subject_line: `Subject ${t}`,
      from_email: 'shop@example.test',
      from_label: 'Shop',
      template_id: templateId,
      ...extra,
    },
  },
})
const sms = (t: string, next: string | null): A => ({
  temporary_id: t,
  type: 'send-sms',
  links: { next },
  data: { status: 'live', message: { body: 'Hello {{ first_name }}' } },
})

describe('delays', () => {
  test.each([
    ['minutes', 30, 30 * MIN],
    ['hours', 5, 5 * HOUR],
    ['days', 2, 2 * DAY],
    ['weeks', 1, 7 * DAY],
  ])('time-delay %s: sleeps, wakes at the time, then sends once', async (unit, value, ms) => {
    const { id, ids } = await liveFlow([
      { temporary_id: 'd', type: 'time-delay', links: { next: 'e' }, data: { unit, value } },
      email('e', null),
    ])
    const p = await profile()
    const { runId } = (await enter(id, p))!
    await drain()
    expect(await stepsOf(runId)).toEqual([{ id: ids.d, status: 'done', outcome: at(ms).toISOString() }])
    expect((await run(runId)).wakeAt?.toISOString()).toBe(at(ms).toISOString())
    await drain(at(ms - 1000))
    expect(await sendsOf(runId)).toHaveLength(0)
    await drain(at(ms))
    const sends = await sendsOf(runId)
    expect(sends).toHaveLength(1)
    expect(sends[0]!.sourceId).toBe(`${ids.e}:${runId}`)
    expect((await stepsOf(runId))[1]).toEqual({ id: ids.e, status: 'done', outcome: sends[0]!.id })
    expect(await run(runId)).toMatchObject({ status: 'completed', currentActionId: null })
    await drain(at(ms + DAY))
    expect(await sendsOf(runId)).toHaveLength(1)
  })

  test('time-delay until a time of day on allowed weekdays in the profile time zone, else the company zone', async () => {
    const { id } = await liveFlow([
      {
        temporary_id: 'd',
        type: 'time-delay',
        links: { next: null },
        data: {
          unit: 'days',
          value: 0,
          delay_until_time: '09:00',
          delay_until_weekdays: ['wednesday'],
          timezone: 'profile',
        },
      },
    ])
    const tokyo = await profile({ $timezone: 'Asia/Tokyo' })
    const none = await profile()
    const r1 = (await enter(id, tokyo))!
    const r2 = (await enter(id, none))!
    await drain()
    // Monday 10:00 UTC → Wednesday 09:00 in Tokyo = Wednesday 00:00 UTC; in New York (company) 09:00 EST = 14:00 UTC.
    expect((await run(r1.runId)).wakeAt?.toISOString()).toBe('2026-03-04T00:00:00.000Z')
    expect((await run(r2.runId)).wakeAt?.toISOString()).toBe('2026-03-04T14:00:00.000Z')
  })

  test('target-date and countdown-delay read the profile or the event; past dates go on', async () => {
    const { id, ids } = await liveFlow([
      {
        temporary_id: 't',
        type: 'target-date',
        links: { next: 'c' },
        data: { timezone: 'UTC', date_profile_property: 'renewal' },
      },
      {
        temporary_id: 'c',
        type: 'countdown-delay',
        links: { next: null },
        data: { unit: 'days', value: 1, timezone: 'UTC', event_property: 'delivery' },
      },
    ])
    const p = await profile({ renewal: '2026-03-05' })
    const { runId } = (await enter(id, p, 'e1', { delivery: '2026-03-01T00:00:00Z' }))!
    await drain()
    expect((await run(runId)).wakeAt?.toISOString()).toBe('2026-03-05T00:00:00.000Z')
    await drain(new Date('2026-03-05T00:00:00.000Z'))
    // delivery - 1 day is in the past: straight on, completed
    expect(await stepsOf(runId)).toEqual([
      { id: ids.t, status: 'done', outcome: '2026-03-05T00:00:00.000Z' },
      { id: ids.c, status: 'done', outcome: 'past' },
    ])
    expect((await run(runId)).status).toBe('completed')
  })

  test('internal-service is skipped; back-in-stock-delay ends a run whose event names no catalog variant (its wait: tests/integration/catalog-changes.test.ts)', async () => {
    const { id, ids } = await liveFlow([
      {
        temporary_id: 'i',
        type: 'internal-service',
        links: { next: 'b' },
        data: { status: 'live', service_configuration: {} },
      },
      { temporary_id: 'b', type: 'back-in-stock-delay', links: { next: null } },
    ])
    const { runId } = (await enter(id, await profile()))!
    await drain()
    expect(await stepsOf(runId)).toEqual([
      { id: ids.i, status: 'skipped', outcome: 'internal_service' },
      { id: ids.b, status: 'exited', outcome: 'back_in_stock_no_variant' },
    ])
  })
})

describe('splits', () => {
  test('conditional-split on a profile property, list membership and "not sent email"', async () => {
    const { id, ids } = await liveFlow([
      {
        temporary_id: 's',
        type: 'conditional-split',
        links: { next_if_true: 'yes', next_if_false: 'no' },
        data: {
          profile_filter: {
            condition_groups: [
              {
                conditions: [
                  {
                    type: 'profile-property',
                    property: "properties['tier']",
                    filter: { type: 'string', operator: 'equals', value: 'gold' },
                  },
                  { type: 'profile-group-membership', is_member: true, group_ids: ['LstEng'] },
                ],
              },
              {
                conditions: [
                  {
                    type: 'profile-not-sent-email',
                    timeframe_filter: { type: 'date', operator: 'in-the-last', quantity: 7, unit: 'day' },
                  },
                ],
              },
            ],
          },
        },
      },
      email('yes', null),
      sms('no', null),
    ])
    const gold = await profile({ tier: 'gold' })
    const member = await profile({ tier: 'silver' })
    await db.groupMembership.create({ data: { groupId: 'LstEng', profileId: member, companyId } })
    const plain = await profile({ tier: 'bronze' })
    const r = await Promise.all([gold, member, plain].map((p) => enter(id, p)))
    await drain()
    const outcome = async (runId: string) => (await stepsOf(runId))[0]!.outcome
    expect(await outcome(r[0]!.runId)).toBe('true')
    expect(await outcome(r[1]!.runId)).toBe('true')
    expect(await outcome(r[2]!.runId)).toBe('false')
    expect((await stepsOf(r[2]!.runId))[1]!.id).toBe(ids.no)
    const detail = JSON.parse(
      (await db.flowStep.findFirstOrThrow({ where: { runId: r[2]!.runId, actionId: ids.s } })).detail!,
    )
    expect(detail.reasons.join('\n')).toContain('properties[\'tier\'] equals "gold": false')
  })

  test('unknown condition types are false, with the reason', async () => {
    const { id } = await liveFlow([
      {
        temporary_id: 's',
        type: 'conditional-split',
        links: { next_if_true: null, next_if_false: null },
        data: {
          profile_filter: {
            condition_groups: [{ conditions: [{ type: 'profile-postal-code-distance', postal_code: '10001' }] }],
          },
        },
      },
    ])
    const { runId } = (await enter(id, await profile()))!
    await drain()
    const step = await db.flowStep.findFirstOrThrow({ where: { runId } })
    expect(step.outcome).toBe('false')
    expect(JSON.parse(step.detail!).reasons[0]).toMatch(/not supported/)
  })

  test('trigger-split reads the triggering event; multi-branch takes the first match, else the else branch', async () => {
    const { id, ids } = await liveFlow([
      {
        temporary_id: 't',
        type: 'trigger-split',
        links: { next_if_true: 'm', next_if_false: null },
        data: {
          trigger_id: 'x',
          trigger_type: 'metric',
          trigger_filter: {
            condition_groups: [
              {
                conditions: [
                  {
                    type: 'event-property',
                    field: 'total',
                    filter: { type: 'numeric', operator: 'greater-than', value: 100 },
                  },
                ],
              },
            ],
          },
        },
      },
      {
        temporary_id: 'm',
        type: 'multi-branch-split',
        links: null,
        data: {
          name: 'Tier',
          branches: [
            {
              branch_id: 'gold',
              order: 0,
              branch_filter: {
                condition_groups: [
                  {
                    conditions: [
                      {
                        type: 'profile-property',
                        property: 'first_name',
                        filter: { type: 'string', operator: 'equals', value: 'Ada' },
                      },
                    ],
                  },
                ],
              },
              links: { next: null },
            },
            { branch_id: 'other', order: 1, is_else: true, links: { next: null } },
          ],
        },
      },
    ])
    const ada = await profile({}, { firstName: 'Ada' })
    const bob = await profile({}, { firstName: 'Bob' })
    const r1 = (await enter(id, ada, 'a', { total: 150 }))!
    const r2 = (await enter(id, bob, 'b', { total: 150 }))!
    const r3 = (await enter(id, ada, 'c', { total: 50 }))!
    await drain()
    expect(await stepsOf(r1.runId)).toEqual([
      { id: ids.t, status: 'done', outcome: 'true' },
      { id: ids.m, status: 'done', outcome: 'gold' },
    ])
    expect((await stepsOf(r2.runId))[1]!.outcome).toBe('other')
    expect(await stepsOf(r3.runId)).toEqual([{ id: ids.t, status: 'done', outcome: 'false' }])
  })

  test('A/B test: a deterministic choice by weights, recorded as the outcome, the same on a retry', async () => {
    const variation = {
      id: 'v2',
      type: 'send-email',
      data: { message: { subject_line: 'B', template_id: templateId } },
    }
    const { id, ids } = await liveFlow([
      {
        temporary_id: 'ab',
        type: 'ab-test',
        links: { next: null },
        data: {
          status: 'live',
          experiment_status: 'live',
          main_action: {
            id: 'v1',
            type: 'send-email',
            data: { message: { subject_line: 'A', template_id: templateId } },
          },
          current_experiment: { variations: [variation], allocations: { v1: 50, v2: 50 } },
        },
      },
    ])
    const profiles = await Promise.all(Array.from({ length: 20 }, () => profile()))
    const runs = await Promise.all(profiles.map((p) => enter(id, p)))
    await drain()
    const outcomes = await Promise.all(runs.map(async (r) => (await stepsOf(r!.runId))[0]!.outcome))
    expect(new Set(outcomes)).toEqual(new Set(['v1', 'v2']))
    // the pure choice agrees with what the engine did, and does not change when asked again
    profiles.forEach((p, i) => {
      const data = {
        experiment_status: 'live',
        main_action: { id: 'v1', type: 'send-email' },
        current_experiment: { variations: [variation], allocations: { v1: 50, v2: 50 } },
      }
      expect(chooseVariation(data as never, p, ids.ab!, 1)!.key).toBe(outcomes[i])
      expect(chooseVariation(data as never, p, ids.ab!, 1)!.key).toBe(outcomes[i])
    })
    const subjects = await Promise.all(runs.map(async (r) => JSON.parse((await sendsOf(r!.runId))[0]!.content).subject))
    subjects.forEach((s, i) => expect(s).toBe(outcomes[i] === 'v1' ? 'A' : 'B'))
  })
})

describe('sends and statuses', () => {
  test('send-email: the template, the event and the run in the context; a repeated step adds nothing', async () => {
    const { id, ids } = await liveFlow([email('e', 's'), sms('s', null)])
    const p = await profile()
    const { runId } = (await enter(id, p, 'k1', { item: 'Shoes' }))!
    await drain()
    const sends = await sendsOf(runId)
    expect(sends.map((s) => s.channel).sort()).toEqual(['email', 'sms'])
    const mail = sends.find((s) => s.channel === 'email')!
    expect(JSON.parse(mail.content)).toMatchObject({
      subject: 'Subject e',
      html: '<p>Hi {{ first_name }}</p>',
      fromEmail: 'shop@example.test',
    })
    expect(JSON.parse(mail.context!)).toMatchObject({
      event: { item: 'Shoes' },
      $flow: id,
      $action: ids.e,
      $run: runId,
    })
    // Re-activate the run at the first action (as a lost lease would): no second Send, no second step.
    await db.flowRun.update({
      where: { id: runId },
      data: { status: 'active', currentActionId: ids.e, wakeAt: clock, finishedAt: null },
    })
    await drain()
    expect(await sendsOf(runId)).toHaveLength(2)
    expect(await db.flowStep.count({ where: { runId } })).toBe(2)
    expect((await run(runId)).status).toBe('completed')
  })

  test('manual action waits for approval; approve sends, cancel moves on; draft is skipped', async () => {
    const { id, ids } = await liveFlow([
      email('m', 'd'),
      { ...sms('d', null), data: { status: 'draft', message: { body: 'x' } } },
    ])
    await setActionStatuses(companyId, id, [(await getFlowVersionDefinition(companyId, id))!.actions[0]!.id!], 'manual')
    const a = (await enter(id, await profile()))!
    const b = (await enter(id, await profile()))!
    await drain()
    expect(await run(a.runId)).toMatchObject({ status: 'waiting', currentActionId: ids.m })
    expect(await stepsOf(a.runId)).toEqual([{ id: ids.m, status: 'waiting', outcome: null }])
    expect(await sendsOf(a.runId)).toHaveLength(0)
    // approve a, cancel b
    expect(await inWriteTx(() => approveStepOps(otherCompany, a.runId, ids.m!, clock))).toBe(false)
    expect(await inWriteTx(() => approveStepOps(companyId, a.runId, ids.m!, clock))).toBe(true)
    expect(await inWriteTx(() => cancelStepOps(companyId, b.runId, ids.m!, clock))).toBe(true)
    expect(await inWriteTx(() => cancelStepOps(companyId, b.runId, ids.m!, clock))).toBe(false)
    await drain()
    expect(await sendsOf(a.runId)).toHaveLength(1)
    expect(await stepsOf(a.runId)).toEqual([
      { id: ids.m, status: 'done', outcome: (await sendsOf(a.runId))[0]!.id },
      { id: ids.d, status: 'skipped', outcome: 'draft' },
    ])
    expect(await sendsOf(b.runId)).toHaveLength(0)
    expect((await run(b.runId)).status).toBe('completed')
  })

  test('a manual flow makes every live action wait', async () => {
    const { id } = await liveFlow([email('e', null)], {}, 'manual')
    const r = (await enter(id, await profile()))!
    await drain()
    expect((await run(r.runId)).status).toBe('waiting')
  })

  test('paused flows hold their runs; disabled flows exit them when they wake', async () => {
    const { id } = await liveFlow([
      { temporary_id: 'd', type: 'time-delay', links: { next: 'e' }, data: { unit: 'hours', value: 1 } },
      email('e', null),
    ])
    const r = (await enter(id, await profile()))!
    await drain()
    await setFlowStatus(companyId, id, 'paused')
    await drain(at(2 * HOUR))
    expect(await run(r.runId)).toMatchObject({ status: 'active' })
    expect(await sendsOf(r.runId)).toHaveLength(0)
    // the held run asks for a look again later, not a busy loop
    const next = await inWriteTx(() => nextWakeOps(at(2 * HOUR)))
    expect(next!.getTime()).toBeGreaterThan(at(2 * HOUR).getTime())
    await setFlowStatus(companyId, id, 'disabled')
    await drain(at(3 * HOUR))
    expect(await run(r.runId)).toMatchObject({ status: 'exited', exitReason: 'flow_disabled' })
    expect(await sendsOf(r.runId)).toHaveLength(0)
  })

  test('the profile filter is checked at every step: a profile that stops qualifying leaves', async () => {
    const { id, ids } = await liveFlow(
      [
        { temporary_id: 'd', type: 'time-delay', links: { next: 'e' }, data: { unit: 'hours', value: 1 } },
        email('e', null),
      ],
      {
        profile_filter: {
          condition_groups: [
            {
              conditions: [
                {
                  type: 'profile-property',
                  property: "properties['vip']",
                  filter: { type: 'boolean', operator: 'equals', value: true },
                },
              ],
            },
          ],
        },
      } as Partial<FlowDefinition>,
    )
    const p = await profile({ vip: true })
    const r = (await enter(id, p))!
    await drain()
    await db.profile.update({ where: { id: p }, data: { properties: JSON.stringify({ vip: false }) } })
    await drain(at(HOUR))
    expect(await run(r.runId)).toMatchObject({ status: 'exited', exitReason: 'profile_filter' })
    expect((await stepsOf(r.runId))[1]).toEqual({ id: ids.e, status: 'exited', outcome: 'profile_filter' })
    expect(await sendsOf(r.runId)).toHaveLength(0)
  })

  test('holdout: with an account-wide holdout experiment the held-out profiles leave before the first step, the same ones on every retry; an ignoring flow sends to all', async () => {
    const { id, ids } = await liveFlow([email('e', null)])
    const people = await Promise.all(Array.from({ length: 40 }, () => profile()))
    await db.flowHoldoutExperiment.create({ data: { companyId, experimentId: 'exp-1', percent: 25 } })
    try {
      const runs = await Promise.all(people.map((p) => enter(id, p)))
      await drain()
      const { holdoutBucket } = await import('@/lib/flows/engine/holdout')
      for (const [i, r] of runs.entries()) {
        const held = holdoutBucket(companyId, 'exp-1', people[i]!) < 0.25
        expect(await run(r!.runId)).toMatchObject(
          held ? { status: 'exited', exitReason: 'holdout' } : { status: 'completed' },
        )
        expect(await sendsOf(r!.runId)).toHaveLength(held ? 0 : 1)
        if (held) expect((await stepsOf(r!.runId))[0]).toEqual({ id: ids.e, status: 'exited', outcome: 'holdout' })
      }
      const heldCount = people.filter((p) => holdoutBucket(companyId, 'exp-1', p) < 0.25).length
      expect(heldCount).toBeGreaterThan(0)
      expect(heldCount).toBeLessThan(people.length)

      await db.flowHoldoutOverride.create({
        data: { companyId, flowId: id, experimentId: 'exp-1', isIgnoringHoldoutGroup: true },
      })
      const again = await Promise.all(people.map((p) => enter(id, p, `second:${p}`)))
      await drain()
      for (const r of again) expect(await run(r!.runId)).toMatchObject({ status: 'completed' })
    } finally {
      await db.flowHoldoutOverride.deleteMany({ where: { companyId } })
      await db.flowHoldoutExperiment.deleteMany({ where: { companyId } })
    }
  })

  test('unsupported actions fail the step and exit the run', async () => {
    const { id } = await liveFlow([{ temporary_id: 'x', type: 'future-thing', links: { next: null }, data: {} }])
    const r = (await enter(id, await profile()))!
    await drain()
    expect(await run(r.runId)).toMatchObject({ status: 'exited', exitReason: 'unsupported_action' })
    expect((await stepsOf(r.runId))[0]).toMatchObject({ status: 'failed', outcome: 'unsupported_action' })
  })
})

describe('versions', () => {
  test('a step added to a live flow runs for new entries; a run keeps its version, even for an action deleted later', async () => {
    const { id, ids } = await liveFlow([
      { temporary_id: 'd', type: 'time-delay', links: { next: 'e' }, data: { unit: 'hours', value: 1 } },
      email('e', null),
    ])
    const old = (await enter(id, await profile()))!
    await drain()
    // v2: the email is replaced by an SMS after the delay
    const v1 = (await getFlowVersionDefinition(companyId, id))!
    const v2 = JSON.parse(JSON.stringify(v1)) as FlowDefinition
    v2.actions = [
      { ...v2.actions[0]!, links: { next: 'new' } } as never,
      {
        temporary_id: 'new',
        type: 'send-sms',
        links: { next: null },
        data: { status: 'live', message: { body: 'v2' } },
      } as never,
    ]
    await saveFlowVersion(companyId, id, v2)
    const fresh = (await enter(id, await profile()))!
    await drain(at(HOUR))
    await drain(at(2 * HOUR))
    expect((await run(old.runId)).version).toBe(1)
    expect((await sendsOf(old.runId)).map((s) => s.channel)).toEqual(['email'])
    expect((await stepsOf(old.runId))[1]!.id).toBe(ids.e)
    expect((await run(fresh.runId)).version).toBe(2)
    expect((await sendsOf(fresh.runId)).map((s) => s.channel)).toEqual(['sms'])
  })

  test('moveRunsToLatest moves runs whose current action is still in the latest version', async () => {
    const { id, ids } = await liveFlow([
      { temporary_id: 'd1', type: 'time-delay', links: { next: 'd2' }, data: { unit: 'hours', value: 1 } },
      { temporary_id: 'd2', type: 'time-delay', links: { next: null }, data: { unit: 'hours', value: 1 } },
    ])
    const atFirst = (await enter(id, await profile()))!
    await drain() // → sleeping, current action d2
    const v1 = (await getFlowVersionDefinition(companyId, id))!
    const v2 = JSON.parse(JSON.stringify(v1)) as FlowDefinition
    v2.actions = [{ ...v2.actions[0]!, links: { next: null } } as never] // d2 deleted
    await saveFlowVersion(companyId, id, v2)
    const keeper = (await enter(id, await profile()))!
    const v3 = JSON.parse(JSON.stringify(v2)) as FlowDefinition
    v3.actions = [{ ...v3.actions[0]!, data: { unit: 'hours', value: 2 } } as never]
    await saveFlowVersion(companyId, id, v3)
    expect(await inWriteTx(() => moveRunsToLatestOps(companyId, id, clock))).toBe(1)
    expect((await run(atFirst.runId)).version).toBe(1) // its action d2 is gone in v3
    expect(await run(keeper.runId)).toMatchObject({ version: 3, currentActionId: ids.d1 })
    await drain(at(3 * HOUR))
    expect((await run(atFirst.runId)).status).toBe('active')
    await drain(at(3 * HOUR))
    expect((await stepsOf(atFirst.runId)).map((s) => s.id)).toEqual([ids.d1, ids.d2])
  })
})

test('wake-up: a drain leaves one job at the next wake time (rounded up to the second), keyed by it', async () => {
  const { id } = await liveFlow([
    { temporary_id: 'd', type: 'time-delay', links: { next: null }, data: { unit: 'minutes', value: 7 } },
  ])
  clock = new Date('2030-01-01T00:00:00.250Z')
  await enter(id, await profile())
  await drain()
  const wake = '2030-01-01T00:07:01.000Z'
  const job = await db.job.findFirst({ where: { type: 'flows.advance', idempotencyKey: `flows.advance:${wake}` } })
  if (process.env.TEST_DB !== 'postgres') expect(job?.runAt.toISOString()).toBe(wake)
})

test('runs of one company never see another company: the claim works on any, the data stays scoped', async () => {
  const otherFlow = await createFlow(otherCompany, {
    name: 'B',
    definition: flowDefinition.parse({
      triggers: [],
      profile_filter: null,
      entry_action_id: 'a',
      actions: [
        {
          temporary_id: 'a',
          type: 'send-sms',
          links: { next: null },
          data: { status: 'live', message: { body: 'b' } },
        },
      ],
    }) as FlowDefinition,
    status: 'live',
  })
  await db.profile.create({ data: { id: 'PB1', companyId: otherCompany, phoneNumber: '+15550001111' } })
  const r = (await enterFlow({
    companyId: otherCompany,
    flowId: otherFlow,
    profileId: 'PB1',
    entryKey: 'x',
    triggerKind: 'metric',
    now: clock,
  }))!
  await drain()
  const sends = await db.send.findMany({ where: { sourceId: { endsWith: `:${r.runId}` } } })
  expect(sends).toHaveLength(1)
  expect(sends[0]!.companyId).toBe(otherCompany)
  expect(await db.flowStep.count({ where: { runId: r.runId, companyId: companyId } })).toBe(0)
})
