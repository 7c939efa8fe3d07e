/** @jest-environment node */
// The flow actions that change the audience or alert staff, through the real engine:
// update-profile (every profile operation, stamped and applied once per step), list-update
// (add, remove, a deleted list fails the step and the run goes on), send-internal-alert (Sends
// of source 'alert' to staff addresses through the messaging pipeline: to the staff address,
// not the profile's, whatever the profile's consent, untracked, no Received Email on the profile,
// once per step and address). validateProfileOperations' field errors.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)

import { db } from '@/lib/db/client'
import { inWriteTx } from '@/lib/db/ops'
import { runJobsUntilIdle } from '@/lib/jobs/queue'
import { createSends } from '@/lib/messaging/create-sends'
import { LIST } from '@/lib/groups/group-view'
import { flowDefinition, type FlowAction, type FlowDefinition } from '@/lib/flows/definition'
import { createFlow, getFlowVersionDefinition } from '@/lib/flows/store'
import { enterFlow, prepareFlowJobs } from '@/lib/flows/engine/enter-flow'
import { drainFlowRuns } from '@/lib/flows/engine/advance-runs'
import { updateProfileExecutor, validateProfileOperations } from '@/lib/flows/engine/actions/update-profile'
import type { StepContext } from '@/lib/flows/engine/types'
import { makeCompany } from '../helpers/factory'

let A: number, B: number
const T0 = new Date('2026-03-02T23:30:00.000Z') // Monday 23:30 UTC = Tuesday 08:30 in Tokyo
beforeAll(async () => {
  A = (await makeCompany('Audience A')).id
  B = (await makeCompany('Audience B')).id
  await db.group.create({ data: { id: 'LstPA1', companyId: A, name: 'VIP', type: LIST } })
  await db.group.create({ data: { id: 'LstPA2', companyId: A, name: 'Old', type: LIST } })
  await db.group.create({ data: { id: 'LstPB1', companyId: B, name: 'Theirs', type: LIST } })
  await db.group.create({ data: { id: 'LstGone', companyId: A, name: 'Deleted later', type: LIST } })
  await db.group.create({ data: { id: 'LstSeg', companyId: A, name: 'Becomes a segment', type: LIST } })
  await db.group.create({ data: { id: 'LstMoved', companyId: A, name: 'Moves to B', type: LIST } })
  await prepareFlowJobs()
})

let seq = 0
async function profile(props: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) {
  const id = `PP${++seq}x${Math.random().toString(36).slice(2, 8)}`
  await db.profile.create({
    data: {
      id,
      companyId: A,
      email: `${id}@example.test`,
      firstName: 'Grace',
      properties: JSON.stringify(props),
      ...extra,
    },
  })
  return id
}
type A = Record<string, unknown> & { temporary_id: string; type: string }
async function liveFlow(actions: A[]) {
  const def = flowDefinition.parse({
    triggers: [],
    profile_filter: null,
    reentry_criteria: null,
    entry_action_id: actions[0]!.temporary_id,
    actions,
  }) as FlowDefinition
  const id = await createFlow(A, { name: 'Audience flow', definition: def, status: 'live' })
  const stored = (await getFlowVersionDefinition(A, id))!
  return {
    id,
    def: stored,
    ids: Object.fromEntries(actions.map((a, i) => [a.temporary_id, stored.actions[i]!.id!])) as Record<string, string>,
  }
}
const enter = async (flowId: string, profileId: string, now = T0) =>
  (await enterFlow({
    companyId: A,
    flowId,
    profileId,
    entryKey: `k:${Math.random()}`,
    triggerKind: 'metric',
    now,
    triggerEvent: {
      id: 3,
      metricId: null,
      metric: 'Placed Order',
      properties: { Total: 120 },
      time: now.toISOString(),
    },
  }))!.runId
const drain = (now = T0) => drainFlowRuns({ now: () => now })
const props = async (id: string) =>
  JSON.parse((await db.profile.findUniqueOrThrow({ where: { id } })).properties) as Record<string, unknown>
const steps = async (runId: string) =>
  (await db.flowStep.findMany({ where: { runId }, orderBy: { id: 'asc' } })).map((s) => ({
    status: s.status,
    outcome: s.outcome,
    detail: s.detail ? JSON.parse(s.detail) : null,
  }))

describe('update-profile', () => {
  const ops = [
    { operator: 'update', property_type: 'string', property_key: 'tier', property_value: 'gold' },
    { operator: 'create', property_type: 'boolean', property_key: 'vip', property_value: true },
    { operator: 'update', property_type: 'numeric', property_key: 'score', property_value: 42.5 },
    { operator: 'update', property_type: 'date', property_key: 'vip_since', property_value: 'today' },
    { operator: 'update', property_type: 'date', property_key: 'renewal', property_value: '2027-01-31' },
    {
      operator: 'update',
      property_type: 'list',
      property_operation: 'add',
      property_key: 'tags',
      property_value: 'flow',
    },
    {
      operator: 'update',
      property_type: 'list',
      property_operation: 'remove',
      property_key: 'tags',
      property_value: 'old',
    },
    { operator: 'delete', property_key: 'legacy' },
  ]

  test('applies every operation in the step, stamps the properties, and never twice', async () => {
    const { id, ids, def } = await liveFlow([
      {
        temporary_id: 'u',
        type: 'update-profile',
        links: { next: null },
        data: { status: 'live', profile_operations: ops },
      },
    ])
    const p = await profile({ tags: ['old', 'x'], legacy: 1, keep: 'me' }, { timezone: 'Asia/Tokyo' })
    const runId = await enter(id, p)
    await drain()
    expect(await props(p)).toEqual({
      tier: 'gold',
      vip: true,
      score: 42.5,
      vip_since: '2026-03-03',
      renewal: '2027-01-31',
      tags: ['x', 'flow'],
      keep: 'me',
    })
    expect((await steps(runId))[0]).toMatchObject({
      status: 'done',
      outcome: 'updated',
      detail: { properties: ['tier', 'vip', 'score', 'vip_since', 'renewal', 'tags', 'legacy'] },
    })
    const times = JSON.parse((await db.profile.findUniqueOrThrow({ where: { id: p } })).attributeTimes!)
    expect(times['properties.tier']).toBe(T0.getTime())
    expect(await db.flowRun.findUniqueOrThrow({ where: { id: runId } })).toMatchObject({ status: 'completed' })

    // A later drain, or the same step re-executed after its transaction failed, adds nothing twice.
    await drain(new Date(T0.getTime() + 60_000))
    const ctx: StepContext = {
      companyId: A,
      flowId: id,
      version: 1,
      definition: def,
      runId,
      profileId: p,
      action: def.actions[0] as FlowAction,
      actionStatus: 'live',
      webhookSecret: 'x',
      triggerKind: 'metric',
      triggerEvent: null,
      enteredAt: T0,
      now: T0,
      stepKey: `${runId}:${ids.u}`,
    }
    await expect(
      inWriteTx(function* () {
        yield* updateProfileExecutor(ctx)
        throw new Error('crash before commit')
      }),
    ).rejects.toThrow('crash before commit')
    expect((await props(p)).tags).toEqual(['x', 'flow'])
  })

  test('a newer write of a property is not undone by a step that ran later with an older clock', async () => {
    const { id } = await liveFlow([
      {
        temporary_id: 'u',
        type: 'update-profile',
        links: { next: null },
        data: { status: 'live', profile_operations: [ops[0], ops[1]] },
      },
    ])
    const p = await profile(
      { tier: 'platinum' },
      { attributeTimes: JSON.stringify({ 'properties.tier': T0.getTime() + 1000 }) },
    )
    await enter(id, p)
    await drain()
    expect(await props(p)).toEqual({ tier: 'platinum', vip: true })
  })

  test('invalid operations get field errors per operation', async () => {
    expect(validateProfileOperations([])).toEqual({ profile_operations: ['Add at least one profile operation.'] })
    expect(validateProfileOperations('x')).toEqual({ profile_operations: ['Expected a list of profile operations.'] })
    const errors = validateProfileOperations([
      { operator: 'update', property_type: 'numeric', property_key: 'n', property_value: 'ten' },
      { operator: 'update', property_type: 'date', property_key: 'd', property_value: '31/01/2027' },
      { operator: 'update', property_type: 'colour', property_key: 'c', property_value: 'red' },
      { operator: 'delete', property_key: '' },
      { operator: 'update', property_type: 'string', property_key: '__proto__', property_value: 'x' },
    ])!
    expect(errors['profile_operations.0.property_value']).toEqual(['Expected a number.'])
    expect(errors['profile_operations.1.property_value']).toEqual(['Expected a date (YYYY-MM-DD) or "today".'])
    expect(errors['profile_operations.2.property_type']).toBeDefined()
    expect(errors['profile_operations.3.property_key']).toEqual(['The property name is required.'])
    expect(errors['profile_operations.4.property_key']).toEqual(['This property name is reserved.'])
    expect(validateProfileOperations(ops)).toBeNull()
  })
})

describe('list-update', () => {
  test('adds to and removes from static lists; a deleted list or a segment fails the step and the run goes on', async () => {
    const { id, ids } = await liveFlow([
      {
        temporary_id: 'add',
        type: 'list-update',
        links: { next: 'rm' },
        data: { status: 'live', name: 'Add to VIP', list_id: 'LstPA1', on_execution: true },
      },
      {
        temporary_id: 'rm',
        type: 'list-update',
        links: { next: 'gone' },
        data: { status: 'live', name: 'Remove from Old', list_id: 'LstPA2', on_execution: false },
      },
      {
        temporary_id: 'gone',
        type: 'list-update',
        links: { next: 'seg' },
        data: { status: 'live', name: 'Deleted', list_id: 'LstGone', on_execution: true },
      },
      {
        temporary_id: 'seg',
        type: 'list-update',
        links: { next: 'u' },
        data: { status: 'live', name: 'Segment', list_id: 'LstSeg', on_execution: true },
      },
      {
        temporary_id: 'u',
        type: 'update-profile',
        links: { next: null },
        data: {
          status: 'live',
          profile_operations: [
            { operator: 'update', property_type: 'boolean', property_key: 'reached_end', property_value: true },
          ],
        },
      },
    ])
    void ids
    // The store refuses unknown lists at save: these change after the flow was saved.
    await db.group.update({ where: { id: 'LstGone' }, data: { deletedAt: new Date() } })
    await db.group.update({ where: { id: 'LstSeg' }, data: { type: 1 } })
    const p = await profile()
    await db.groupMembership.create({ data: { companyId: A, groupId: 'LstPA2', profileId: p, source: 'api' } })
    const runId = await enter(id, p)
    await drain()
    const s = await steps(runId)
    expect(s.map((x) => [x.status, x.outcome])).toEqual([
      ['done', 'added'],
      ['done', 'removed'],
      ['failed', 'list_missing'],
      ['failed', 'not_a_list'],
      ['done', 'updated'],
    ])
    expect(
      await db.groupMembership.findUniqueOrThrow({ where: { groupId_profileId: { groupId: 'LstPA1', profileId: p } } }),
    ).toMatchObject({ leftAt: null, source: `flow:${id}` })
    expect(
      (
        await db.groupMembership.findUniqueOrThrow({
          where: { groupId_profileId: { groupId: 'LstPA2', profileId: p } },
        })
      ).leftAt,
    ).not.toBeNull()
    expect(await db.groupMembershipChange.count({ where: { profileId: p, groupId: 'LstPA1', kind: 'entered' } })).toBe(
      1,
    )
    expect(await db.groupMembershipChange.count({ where: { profileId: p, groupId: 'LstPA2', kind: 'left' } })).toBe(1)
    expect((await props(p)).reached_end).toBe(true)
    expect(await db.flowRun.findUniqueOrThrow({ where: { id: runId } })).toMatchObject({ status: 'completed' })

    // A second entry: already a member / not a member any more → unchanged, no new change rows.
    const run2 = await enter(id, p)
    await drain()
    expect((await steps(run2)).slice(0, 2).map((x) => x.outcome)).toEqual(['unchanged', 'unchanged'])
    expect(await db.groupMembershipChange.count({ where: { profileId: p } })).toBe(2)
  })

  test('another company’s list is never touched (it is a missing list here)', async () => {
    const { id } = await liveFlow([
      {
        temporary_id: 'add',
        type: 'list-update',
        links: { next: null },
        data: { status: 'live', name: 'Theirs', list_id: 'LstMoved', on_execution: true },
      },
    ])
    await db.group.update({ where: { id: 'LstMoved' }, data: { companyId: B } })
    const p = await profile()
    const runId = await enter(id, p)
    await drain()
    expect((await steps(runId))[0]).toMatchObject({ status: 'failed', outcome: 'list_missing' })
    expect(await db.groupMembership.count({ where: { groupId: 'LstMoved' } })).toBe(0)
  })
})

describe('send-internal-alert', () => {
  test('one Send per staff address through the pipeline, to that address, untracked, no profile event; once per step', async () => {
    const { id, ids } = await liveFlow([
      {
        temporary_id: 'al',
        type: 'send-internal-alert',
        links: { next: null },
        data: {
          status: 'live',
          message: {
            from_email: 'alerts@shop.test',
            from_label: 'Shop alerts',
            to_emails: ['Ops@Shop.test', 'boss@shop.test', 'ops@shop.test'],
            subject_line: 'Big order from {{ first_name }} ({{ event.Total }})',
          },
        },
      },
    ])
    // Unsubscribed from email marketing and without smart-sending room: an alert still goes to staff.
    const p = await profile({}, {})
    await db.profileConsent.create({
      data: { companyId: A, profileId: p, channel: 'email_marketing', status: 'unsubscribed' },
    })
    const runId = await enter(id, p, new Date())
    await drainFlowRuns()
    const sends = await db.send.findMany({
      where: { companyId: A, sourceType: 'alert', sourceId: { startsWith: `${ids.al}:${runId}:` } },
      orderBy: { sourceId: 'asc' },
    })
    expect(sends.map((s) => s.sourceId)).toEqual([
      `${ids.al}:${runId}:boss@shop.test`,
      `${ids.al}:${runId}:ops@shop.test`,
    ])
    expect(sends.every((s) => s.profileId === p && s.transactional)).toBe(true)
    expect((await steps(runId))[0]).toMatchObject({
      status: 'done',
      outcome: 'queued',
      detail: { to: ['ops@shop.test', 'boss@shop.test'] },
    })

    delete process.env.SMTP_URL
    await runJobsUntilIdle()
    const mails = await db.outboxMail.findMany({
      where: { companyId: A, sendId: { in: sends.map((s) => s.id) } },
      orderBy: { to: 'asc' },
    })
    expect(mails.map((m) => m.to)).toEqual(['boss@shop.test', 'ops@shop.test'])
    expect(mails[0]!.subject).toBe('Big order from Grace (120)')
    expect(mails[0]!.fromAddress).toContain('alerts@shop.test')
    expect(mails[0]!.html).toContain('Audience flow')
    expect(mails[0]!.html).toContain('Trigger: Placed Order')
    expect(mails[0]!.html).not.toMatch(/\/t\/[oc]\//)
    expect(JSON.parse(mails[0]!.headers!)['List-Unsubscribe']).toBeUndefined()
    const sent = await db.send.findMany({ where: { id: { in: sends.map((s) => s.id) } } })
    expect(sent.every((s) => s.status === 'sent')).toBe(true)
    expect(await db.event.count({ where: { companyId: A, profileId: p } })).toBe(0)

    await drainFlowRuns()
    await runJobsUntilIdle()
    expect(
      await db.send.count({
        where: { companyId: A, sourceType: 'alert', sourceId: { startsWith: `${ids.al}:${runId}:` } },
      }),
    ).toBe(2)
  })

  test('an alert with a template renders it for the profile, links untracked', async () => {
    await db.template.create({
      data: {
        id: 'TplAl1',
        companyId: A,
        name: 'Alert',
        editorType: 'CODE',
        html: 'x',
        compiledHtml:
          '<html><body><p>{{ first_name }} ordered</p><a href="https://shop.test/admin/{{ person.id }}">Open</a></body></html>',
        compiledText: '{{ first_name }} ordered',
      },
    })
    const { id } = await liveFlow([
      {
        temporary_id: 'al',
        type: 'send-internal-alert',
        links: { next: null },
        data: {
          status: 'live',
          message: {
            from_email: null,
            from_label: null,
            to_emails: ['desk@shop.test'],
            subject_line: 'Alert',
            template_id: 'TplAl1',
          },
        },
      },
    ])
    const p = await profile()
    const runId = await enter(id, p, new Date())
    await drainFlowRuns()
    await runJobsUntilIdle()
    const send = await db.send.findFirstOrThrow({
      where: { companyId: A, sourceType: 'alert', sourceId: { contains: runId } },
    })
    const mail = await db.outboxMail.findFirstOrThrow({ where: { sendId: send.id } })
    expect(mail.to).toBe('desk@shop.test')
    expect(mail.html).toContain(`href="https://shop.test/admin/${p}"`)
    expect(mail.html).toContain('Grace ordered')
    expect(mail.html).not.toMatch(/\/t\/[oc]\//)
    expect(mail.text).toContain('Grace ordered')
    // Control: the same HTML as a profile's own message is tracked (so the above is the 'alert' source's doing).
    await createSends({
      companyId: A,
      channel: 'email',
      sourceType: 'transactional',
      sourceId: `ctl-${runId}`,
      transactional: true,
      content: { subject: 'Control', html: '<html><body><a href="https://shop.test/admin/x">Open</a></body></html>' },
      recipients: [{ profileId: p }],
    })
    await runJobsUntilIdle()
    const control = await db.send.findFirstOrThrow({ where: { companyId: A, sourceId: `ctl-${runId}` } })
    expect((await db.outboxMail.findFirstOrThrow({ where: { sendId: control.id } })).html).toMatch(/\/t\/[oc]\//)
  })

  test('an alert without a valid address fails its step and the run goes on', async () => {
    const { id } = await liveFlow([
      {
        temporary_id: 'al',
        type: 'send-internal-alert',
        links: { next: null },
        data: { status: 'live', message: { from_email: null, from_label: null, to_emails: [], subject_line: null } },
      },
    ])
    const runId = await enter(id, await profile())
    await drain()
    expect((await steps(runId))[0]).toMatchObject({ status: 'failed', outcome: 'no_recipients' })
    expect(await db.flowRun.findUniqueOrThrow({ where: { id: runId } })).toMatchObject({ status: 'completed' })
  })
})
