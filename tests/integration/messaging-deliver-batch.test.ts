/** @jest-environment node */
// One delivery job for a batch of flow sends (issue 11): the journey engine steps many runs at
// one send action and queues ONE messaging.deliver job naming the new Sends' sources
// (DeliverPayload.sourceIds), not one job per Send. That job delivers every Send exactly once,
// also when it runs twice or two workers run it at once; a deferral re-queues one job for the
// deferred sources; a job queued with the old one-source payload is still delivered, and a
// malformed payload is refused.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)

import { db } from '@/lib/db/client'
import { inWriteTx } from '@/lib/db/ops'
import { flowDefinition, type FlowDefinition } from '@/lib/flows/definition'
import { createFlow, getFlowVersionDefinition } from '@/lib/flows/store'
import { enterFlow, prepareFlowJobs } from '@/lib/flows/engine/enter-flow'
import { drainFlowRuns } from '@/lib/flows/engine/advance-runs'
import { jobQueue } from '@/lib/jobs/current-queue'
import { runJobsUntilIdle } from '@/lib/jobs/queue'
import { setQueueClock } from '@/lib/jobs/clock'
import type { ClaimedJob } from '@/lib/jobs/job-queue'
import {
  createSendsOps,
  DELIVER_JOB,
  deliverJobKey,
  deliverSources,
  MAX_SOURCES_PER_JOB,
  prepareSendQueue,
  type DeliverPayload,
} from '@/lib/messaging/create-sends'
import { deliverSends, SendsInFlightError } from '@/lib/messaging/deliver-sends'
import { setConsent } from '@/lib/profiles/consent'
import { makeCompany } from '../helpers/factory'

const N = 40
const NOW = new Date('2026-03-02T10:00:00.000Z')
let companyId: number
let seq = 0

beforeAll(async () => {
  delete process.env.SMTP_URL // the local outbox: one OutboxMail row per delivered message
  process.env.APP_URL = 'https://app.example.test'
  companyId = (await makeCompany('Deliver batch')).id
  await prepareFlowJobs()
  await prepareSendQueue()
  await db.template.create({
    data: {
      id: 'TplDeliverBatch',
      companyId,
      name: 'T',
      editorType: 'CODE',
      html: '<p>x</p>',
      compiledHtml: '<p>x</p>',
      compiledText: 'x',
    },
  })
})
afterEach(() => setQueueClock(null))

/** A live flow with one send-email action, N profiles entered and every run stepped: its action id and runs. */
async function flowSends(): Promise<{ actionId: string; runs: string[]; profiles: string[] }> {
  const def = flowDefinition.parse({
    triggers: [],
    profile_filter: null,
    reentry_criteria: null,
    entry_action_id: 'e',
    actions: [
      {
        temporary_id: 'e',
        type: 'send-email',
        links: { next: null },
        data: {
          status: 'live',
          message: {
            subject_line: 'Hi',
            from_email: 'shop@example.test',
            from_label: 'Shop',
            template_id: 'TplDeliverBatch',
          },
        },
      },
    ],
  }) as FlowDefinition
  const flowId = await createFlow(companyId, { name: `Deliver batch ${++seq}`, definition: def, status: 'live' })
  const actionId = (await getFlowVersionDefinition(companyId, flowId))!.actions[0]!.id!
  const tag = `DB${seq}x`
  const profiles = Array.from({ length: N }, (_, i) => `${tag}${i}`)
  await db.profile.createMany({
    data: profiles.map((id) => ({ id, companyId, email: `${id.toLowerCase()}@example.test`, properties: '{}' })),
  })
  const runs: string[] = []
  for (const p of profiles)
    runs.push(
      (await enterFlow({ companyId, flowId, profileId: p, entryKey: 'k', triggerKind: 'metric', now: NOW }))!.runId,
    )
  // One transaction for the batch (concurrency 1: PostgreSQL does not split the group either).
  const r = await drainFlowRuns({ now: () => NOW, concurrency: 1 })
  expect(r).toMatchObject({ claimed: N, steps: N, failed: 0, batched: N })
  return { actionId, runs, profiles }
}

/** Takes the due delivery jobs off the queue (leased to this test; completed by `done`). */
async function deliveryJobs(now = new Date()): Promise<ClaimedJob[]> {
  return jobQueue().claim({ workerId: 'test', limit: 1000, visibilityTimeoutMs: 600_000, type: DELIVER_JOB, now })
}
const done = (jobs: ClaimedJob[]) => jobQueue().complete(jobs, { keep: false, now: new Date() })

const sendsOf = (actionId: string) =>
  db.send.findMany({
    where: { companyId, sourceType: 'flow_action_run', sourceId: { startsWith: `${actionId}:` } },
    orderBy: { id: 'asc' },
  })

/** Every Send of the action sent, each with exactly one message in the outbox and one Received Email event. */
async function expectDeliveredOnce(actionId: string) {
  const sends = await sendsOf(actionId)
  expect(sends).toHaveLength(N)
  expect(sends.every((s) => s.status === 'sent' && s.provider === 'outbox' && s.attempts === 1)).toBe(true)
  const ids = sends.map((s) => s.id)
  const mails = await db.outboxMail.groupBy({
    by: ['sendId'],
    where: { companyId, sendId: { in: ids } },
    _count: { _all: true },
  })
  expect(mails).toHaveLength(N)
  expect(mails.every((m) => m._count._all === 1)).toBe(true)
  const events = await db.event.findMany({
    where: { companyId, metric: { name: 'Received Email' }, profileId: { in: sends.map((s) => s.profileId) } },
  })
  expect(events).toHaveLength(N)
  expect(new Set(events.map((e) => (JSON.parse(e.properties) as { $message: string }).$message))).toEqual(
    new Set(sends.map((s) => s.sourceId)),
  )
}

test('a batch of flow sends queues one delivery job naming every new source, which delivers each Send once, also when run twice', async () => {
  const { actionId, runs } = await flowSends()
  const jobs = await deliveryJobs()
  expect(jobs).toHaveLength(1)
  const p = jobs[0]!.payload as DeliverPayload
  expect(jobs[0]!.companyId).toBe(companyId)
  expect(p).toMatchObject({ companyId, channel: 'email', sourceType: 'flow_action_run' })
  expect(p.sourceId).toBeUndefined()
  expect(new Set(deliverSources(p))).toEqual(new Set(runs.map((r) => `${actionId}:${r}`)))
  expect(deliverSources(p)).toHaveLength(N)

  // Pages smaller than the batch: the keyset cursor goes across the sources.
  expect(await deliverSends(p, { pageSize: 7 })).toBe(N)
  expect(await deliverSends(p, { pageSize: 7 })).toBe(0)
  await done(jobs)
  await expectDeliveredOnce(actionId)
  // A retry of the batch step (its Sends exist) queues nothing more.
  expect(await deliveryJobs()).toEqual([])
})

test("two workers running the batch's job at once deliver each Send once", async () => {
  const { actionId } = await flowSends()
  const jobs = await deliveryJobs()
  expect(jobs).toHaveLength(1)
  const p = jobs[0]!.payload as DeliverPayload
  const results = await Promise.allSettled([
    deliverSends(p, { workerId: 'w1', pageSize: 5, concurrency: 3 }),
    deliverSends(p, { workerId: 'w2', pageSize: 5, concurrency: 3 }),
  ])
  // A worker that finds the other's rows still 'sending' at its end fails with a retry (and finds nothing left then).
  for (const r of results) if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(SendsInFlightError)
  const attempted = results.reduce((n, r) => n + (r.status === 'fulfilled' ? r.value : 0), 0)
  expect(attempted).toBeLessThanOrEqual(N)
  expect(await deliverSends(p, { workerId: 'w3' })).toBe(0)
  await done(jobs)
  await expectDeliveredOnce(actionId)
})

test("through the queue: the batch's job and a job with the old one-source payload are delivered; a malformed payload is refused", async () => {
  const { actionId } = await flowSends()
  // A Send whose job was queued before sourceIds existed: { …, sourceId }.
  const someone = `OLD${++seq}`
  await db.profile.create({
    data: { id: someone, companyId, email: `${someone.toLowerCase()}@example.test`, properties: '{}' },
  })
  const old = await inWriteTx(() =>
    createSendsOps({
      companyId,
      channel: 'email',
      sourceType: 'campaign_message',
      sourceId: 'OLD-SHAPE',
      content: { subject: 'Old', html: '<p>old</p>', fromEmail: 'shop@example.test' },
      recipients: [{ profileId: someone }],
    }),
  )
  expect(old).toHaveLength(1)
  const bad = [
    await jobQueue().enqueue(
      DELIVER_JOB,
      { companyId, channel: 'email', sourceType: 'flow_action_run', sourceIds: [] },
      { companyId },
      new Date(),
    ),
    await jobQueue().enqueue(
      DELIVER_JOB,
      { companyId, channel: 'email', sourceType: 'flow_action_run', sourceId: 'a', sourceIds: ['a', 'b'] },
      { companyId },
      new Date(),
    ),
    await jobQueue().enqueue(
      DELIVER_JOB,
      { companyId, channel: 'email', sourceType: 'flow_action_run', sourceIds: ['a', 7] },
      { companyId },
      new Date(),
    ),
    await jobQueue().enqueue(
      DELIVER_JOB,
      {
        companyId,
        channel: 'email',
        sourceType: 'flow_action_run',
        sourceIds: Array.from({ length: MAX_SOURCES_PER_JOB + 1 }, (_, i) => `s${i}`),
      },
      { companyId },
      new Date(),
    ),
  ]
  await runJobsUntilIdle()
  await expectDeliveredOnce(actionId)
  expect(await db.send.findFirstOrThrow({ where: { companyId, sourceId: 'OLD-SHAPE' } })).toMatchObject({
    status: 'sent',
    provider: 'outbox',
  })
  for (const id of bad) expect((await jobQueue().get(id, companyId))?.status).toBe('dead')
  await runJobsUntilIdle()
  await expectDeliveredOnce(actionId)
})

test('a multi-source job deferred by quiet hours re-queues one job for the deferred sources; run again at night it queues nothing more', async () => {
  const tag = `Q${++seq}x`
  const profiles = Array.from({ length: 5 }, (_, i) => `${tag}${i}`)
  await db.profile.createMany({
    data: profiles.map((id, i) => ({
      id,
      companyId,
      phoneNumber: `+1415555${String(1000 + i)}`,
      timezone: 'UTC',
      properties: '{}',
    })),
  })
  for (const p of profiles) await setConsent(companyId, p, 'sms_marketing', 'subscribed')
  const night = new Date('2030-01-01T23:30:00Z')
  setQueueClock(night)
  const created = await inWriteTx(() =>
    createSendsOps(
      {
        companyId,
        channel: 'sms',
        sourceType: 'flow_action_run',
        content: { text: 'Sale!' },
        recipients: profiles.map((profileId, i) => ({ profileId, sourceId: `${tag}act:run${i}` })),
      },
      night,
    ),
  )
  expect(new Set(created.map((c) => c.sourceId))).toEqual(new Set(profiles.map((_, i) => `${tag}act:run${i}`)))
  const jobs = await deliveryJobs(night)
  expect(jobs).toHaveLength(1)
  const job = jobs[0]!
  const p = job.payload as DeliverPayload
  expect(deliverSources(p)).toHaveLength(5)
  // The job runs twice at night (a retry): every row deferred to the morning, one job for them.
  expect(await deliverSends(p)).toBe(0)
  expect(await deliverSends(p)).toBe(0)
  await done([job])
  const rows = await db.send.findMany({ where: { companyId, id: { in: created.map((c) => c.id) } } })
  expect(
    rows.every(
      (r) =>
        r.status === 'deferred' &&
        r.reason === 'quiet_hours' &&
        r.deferredUntil?.toISOString() === '2030-01-02T08:00:00.000Z',
    ),
  ).toBe(true)
  const morning = new Date('2030-01-02T08:00:30Z')
  setQueueClock(morning)
  const later = await deliveryJobs(morning)
  expect(later).toHaveLength(1)
  const q = later[0]!.payload as DeliverPayload
  expect(new Set(deliverSources(q))).toEqual(new Set(deliverSources(p)))
  await done(later)
  // In the morning policy lets them through; no SMS provider exists, so each is attempted once and fails with that reason.
  expect(await deliverSends(q)).toBe(5)
  expect(await deliverSends(q)).toBe(0)
  const after = await db.send.findMany({ where: { companyId, id: { in: created.map((c) => c.id) } } })
  expect(after.every((r) => r.status === 'failed' && r.reason === 'channel_not_configured' && r.attempts === 1)).toBe(
    true,
  )
})

test('delivery job keys: one source keeps its old key; a set is named by its members, in any order', () => {
  const at = new Date('2030-01-02T08:00:00.000Z')
  const base = { companyId: 3, channel: 'email' as const, sourceType: 'flow_action_run' as const }
  expect(deliverJobKey({ ...base, sourceId: 'A:1' }, at)).toBe(
    'messaging.deliver:3:email:flow_action_run:A:1:2030-01-02T08:00:00.000Z',
  )
  const ab = deliverJobKey({ ...base, sourceIds: ['A:1', 'A:2'] }, at)
  expect(deliverJobKey({ ...base, sourceIds: ['A:2', 'A:1'] }, at)).toBe(ab)
  expect(deliverJobKey({ ...base, sourceIds: ['A:1', 'A:3'] }, at)).not.toBe(ab)
  expect(deliverJobKey({ ...base, sourceIds: ['A:1', 'A:2'] }, new Date(at.getTime() + 1000))).not.toBe(ab)
})
