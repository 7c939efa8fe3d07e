/** @jest-environment node */
// lib/flows/store.ts, the seams the engine, the /ajax API and the builder use: a round trip of
// every action kind, new versions on edit (runs keep theirs), statuses singly and per flow,
// trigger lookups, and validation before anything is written.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()

import { db } from '@/lib/db/client'
import { LIST, SEGMENT } from '@/lib/groups/group-view'
import { flowDefinition, type FlowDefinition } from '@/lib/flows/definition'
import {
  createFlow,
  FlowDefinitionInvalid,
  FlowVersionConflict,
  flowsTriggeredBy,
  getFlowDefinition,
  getFlowVersionDefinition,
  saveFlowVersion,
  setActionStatuses,
  setFlowStatus,
  toCreateDefinition,
} from '@/lib/flows/store'
import { makeCompany } from '../helpers/factory'

let companyId: number
let otherId: number

beforeAll(async () => {
  companyId = (await makeCompany('Store A')).id
  otherId = (await makeCompany('Store B')).id
  await db.group.create({ data: { id: 'LstST1', companyId, name: 'Newsletter', type: LIST } })
  await db.group.create({ data: { id: 'SegST1', companyId, name: 'VIP', type: SEGMENT } })
  await db.metric.create({ data: { id: 'MetST1', companyId, name: 'Placed Order' } })
})

const parse = (d: unknown) => flowDefinition.parse(d) as FlowDefinition

/** One action of every known kind, chained in order; each keeps its vendor fields. */
function everyKind(): FlowDefinition {
  const kinds: Array<Record<string, unknown>> = [
    {
      type: 'time-delay',
      data: {
        unit: 'minutes',
        value: 30,
        secondary_value: null,
        timezone: 'Europe/Lisbon',
        delay_until_time: null,
        delay_until_weekdays: null,
      },
    },
    { type: 'target-date', data: { timezone: 'profile', target_time: '10:00', target_days: ['monday'] } },
    { type: 'countdown-delay', data: { unit: 'days', value: 1, timezone: 'profile' } },
    { type: 'back-in-stock-delay' },
    {
      type: 'send-email',
      data: {
        status: 'draft',
        message: {
          subject_line: 'Hi',
          from_email: 'a@b.c',
          from_label: 'A',
          smart_sending_enabled: false,
          custom_tracking_params: [{ param: 'utm_x', value: 'y' }],
        },
      },
    },
    { type: 'send-sms', data: { status: 'draft', message: { body: 'Hi {{ first_name }}', shorten_links: true } } },
    { type: 'send-mobile-push', data: { status: 'draft', message: { title: 'Hi', body: 'There', on_open: 'home' } } },
    { type: 'send-whatsapp', data: { status: 'draft', message: { vendor_id: 'tpl_1' } } },
    {
      type: 'send-webhook',
      data: {
        status: 'draft',
        message: { url: 'https://hooks.example.com/x', headers: { 'X-A': '1' }, body: '{"a":1}' },
      },
    },
    {
      type: 'send-internal-alert',
      data: {
        status: 'draft',
        message: { from_email: 'a@b.c', from_label: 'A', to_emails: ['ops@example.com'], subject_line: 'Alert' },
      },
    },
    {
      type: 'update-profile',
      data: {
        status: 'draft',
        profile_operations: [{ type: 'update', key: 'vip', value: true, value_type: 'boolean' }],
      },
    },
    { type: 'list-update', data: { status: 'draft', name: 'Add', on_execution: true, list_id: 'LstST1' } },
    {
      type: 'ab-test',
      data: {
        main_action: { type: 'send-email', data: { message: { subject_line: 'A' } } },
        experiment_status: 'draft',
      },
    },
    { type: 'content-experiment', data: { current_experiment: null } },
    {
      type: 'internal-service',
      data: { status: 'draft', service_configuration: { service_method_type: 'track-event' } },
    },
    { type: 'code', data: null },
  ]
  const actions: Array<Record<string, unknown>> = kinds.map((k, i) => ({
    temporary_id: `a${i}`,
    ...k,
    links: { next: i + 1 < kinds.length ? `a${i + 1}` : 'split' },
  }))
  actions.push(
    {
      temporary_id: 'split',
      type: 'conditional-split',
      links: { next_if_true: 'tsplit', next_if_false: 'mb' },
      data: {
        profile_filter: {
          condition_groups: [
            { conditions: [{ type: 'profile-group-membership', is_member: true, group_ids: ['SegST1'] }] },
          ],
        },
      },
    },
    {
      temporary_id: 'tsplit',
      type: 'trigger-split',
      links: { next_if_true: null, next_if_false: 'osplit' },
      data: { trigger_filter: { condition_groups: [] }, trigger_id: 'MetST1', trigger_type: 'metric' },
    },
    {
      temporary_id: 'osplit',
      type: 'action-output-split',
      links: { next_if_true: null, next_if_false: null },
      data: { action_output_filter: { condition_groups: [] } },
    },
    {
      temporary_id: 'mb',
      type: 'multi-branch-split',
      links: null,
      data: {
        name: 'Where',
        branches: [
          { branch_id: 'b1', order: 0, branch_filter: { condition_groups: [] }, links: { next: null } },
          { branch_id: 'b2', order: 1, is_else: true, links: { next: null } },
        ],
      },
    },
  )
  return parse({
    triggers: [{ type: 'metric', id: 'MetST1', trigger_filter: { condition_groups: [] } }],
    profile_filter: null,
    entry_action_id: 'a0',
    reentry_criteria: { duration: 7, unit: 'day' },
    actions,
  })
}

/** Ids renamed by position, message ids dropped: what must survive a round trip. */
function shape(def: FlowDefinition) {
  const key = new Map(def.actions.map((a, i) => [(a.id ?? a.temporary_id)!, `#${i}`]))
  const actions = def.actions.map(({ temporary_id: temp, ...a }) => ({ ...a, id: a.id ?? temp }))
  return JSON.parse(
    JSON.stringify({ ...def, actions }, (k, v) => {
      if ((k === 'id' || k === 'temporary_id') && typeof v === 'string' && key.has(v)) return key.get(v)
      if (typeof v === 'string' && key.has(v)) return key.get(v)
      if (k === 'message' && v && typeof v === 'object')
        return Object.fromEntries(Object.entries(v).filter(([name]) => name !== 'id'))
      return v
    }),
  )
}

test('every action kind round-trips through create and get, fields kept; export feeds create again', async () => {
  const input = everyKind()
  const id = await createFlow(companyId, { name: 'Every kind', definition: input })
  const out = await getFlowDefinition(companyId, id)
  expect(out.actions).toHaveLength(input.actions.length)
  expect(shape(out)).toEqual(shape(input))
  expect(
    await db.flowMessage.findMany({ where: { flowId: id }, orderBy: { channel: 'asc' }, select: { channel: true } }),
  ).toEqual(['email', 'internal-alert', 'push', 'sms', 'webhook', 'whatsapp'].map((channel) => ({ channel })))
  const again = await createFlow(companyId, { name: 'Copy', definition: parse(toCreateDefinition(out)) })
  expect(shape(await getFlowDefinition(companyId, again))).toEqual(shape(input))
})

test('saveFlowVersion: a step added to a live flow is a new version; version 1 stays as it was', async () => {
  const id = await createFlow(companyId, {
    name: 'Live',
    definition: parse({
      triggers: [{ type: 'list', id: 'LstST1' }],
      entry_action_id: 'w',
      actions: [{ temporary_id: 'w', type: 'time-delay', links: { next: null }, data: { value: 1 } }],
    }),
  })
  await setFlowStatus(companyId, id, 'live')
  const v1 = await getFlowDefinition(companyId, id)
  const wait = v1.actions[0]!
  const next: FlowDefinition = {
    ...v1,
    actions: [
      { ...wait, links: { next: 'new' } } as FlowDefinition['actions'][number],
      parse({
        triggers: [],
        entry_action_id: null,
        actions: [
          { temporary_id: 'new', type: 'send-sms', links: { next: null }, data: { message: { body: 'Hello' } } },
        ],
      }).actions[0]!,
    ],
  }
  expect(await saveFlowVersion(companyId, id, next)).toBe(2)
  const v2 = await getFlowDefinition(companyId, id)
  const added = v2.actions[1]!
  expect(added.id).toMatch(/^\d{10}$/)
  expect((v2.actions[0]!.links as { next: string }).next).toBe(added.id)
  expect((await db.flowAction.findUnique({ where: { id: added.id! } }))!.versionAdded).toBe(2)
  expect((await getFlowVersionDefinition(companyId, id, 1))!.actions).toHaveLength(1)

  // Bad edits are refused with pointers and write nothing.
  const broken = { ...v2, entry_action_id: 'nope' }
  await expect(saveFlowVersion(companyId, id, broken)).rejects.toBeInstanceOf(FlowDefinitionInvalid)
  await expect(saveFlowVersion(companyId, id, broken)).rejects.toMatchObject({
    errors: [{ pointer: '/entry_action_id' }],
  })
  expect(await db.flowVersion.count({ where: { flowId: id } })).toBe(2)
  // A save based on version 1 after version 2 was written is a conflict, not a silent overwrite.
  await expect(saveFlowVersion(companyId, id, v2, { expectedVersion: 1 })).rejects.toBeInstanceOf(FlowVersionConflict)
  expect(await saveFlowVersion(companyId, id, v2, { expectedVersion: 2 })).toBe(3)
  // Another company cannot save a version of it.
  await expect(saveFlowVersion(otherId, id, v2)).rejects.toThrow('not found')
})

test('statuses: one action, the whole flow, paused keeps action statuses; live-only trigger lookups', async () => {
  const id = await createFlow(companyId, {
    name: 'Statuses',
    definition: parse({
      triggers: [{ type: 'segment', id: 'SegST1' }],
      entry_action_id: 's',
      actions: [
        { temporary_id: 's', type: 'send-sms', links: { next: 'e' }, data: { message: { body: 'Hi' } } },
        { temporary_id: 'e', type: 'send-email', links: { next: null }, data: { message: { subject_line: 'Hi' } } },
      ],
    }),
  })
  expect(await flowsTriggeredBy(companyId, 'segment', 'SegST1', { liveOnly: true })).toEqual([])
  await setFlowStatus(companyId, id, 'live')
  const def = await getFlowDefinition(companyId, id)
  expect(await setActionStatuses(companyId, id, [def.actions[1]!.id!], 'manual')).toBe(1)
  expect(await setActionStatuses(otherId, id, [def.actions[1]!.id!], 'disabled')).toBe(0)
  await setFlowStatus(companyId, id, 'paused')
  const after = await getFlowDefinition(companyId, id)
  expect(after.actions.map((a) => (a.data as { status: string }).status)).toEqual(['live', 'manual'])
  expect((await db.flow.findUnique({ where: { id } }))!.status).toBe(4)
  await setFlowStatus(companyId, id, 'live')
  expect((await flowsTriggeredBy(companyId, 'segment', 'SegST1', { liveOnly: true })).map((f) => f.id)).toEqual([id])
  expect(await flowsTriggeredBy(otherId, 'segment', 'SegST1')).toEqual([])
})
