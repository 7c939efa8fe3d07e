/** @jest-environment node */
// The set-based ingest (issue 22 §1, PostgreSQL) hands its batch to the in-transaction consumers
// as the per-event path does: on the same fixtures, the same flow entries (a live flow on Placed
// Order) and the same revenue attributions (an email click two hours before the orders), with
// duplicates, new profiles named by one identifier or more, and a profile that gains an
// identifier in the batch. Runs on both engines (on SQLite both sides are the per-event code).
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
import { db } from '@/lib/db/client'
import { inWriteTx } from '@/lib/db/ops'
import { ingestBatchOps, ingestEvents, validateEvents, writeBatch } from '@/lib/events/ingest-events'
import type { EventInput, IngestGroup } from '@/lib/events/types'
import { flowDefinition, type FlowDefinition } from '@/lib/flows/definition'
import { createFlow } from '@/lib/flows/store'
import { prepareFlowJobs } from '@/lib/flows/engine/enter-flow'
import { MESSAGE_METRICS, recordMessageEventOps } from '@/lib/messaging/message-events'
import { makeCompany } from '../helpers/factory'

afterAll(() => db.$disconnect())

const NOW = Date.now()
const at = (minutesAgo: number) => new Date(NOW - minutesAgo * 60_000).toISOString()
const BATCH: EventInput[] = [
  { metric: { name: 'Placed Order' }, profile: { email: 'buyer@x.test' }, time: at(10), value: 50, uniqueId: 'o1' },
  { metric: { name: 'Placed Order' }, profile: { email: 'new@x.test', firstName: 'New' }, time: at(9), value: 20 },
  { metric: { name: 'Viewed Product' }, profile: { email: 'buyer@x.test' }, time: at(8) },
  { metric: { name: 'Placed Order' }, profile: { email: 'buyer@x.test' }, time: at(7), value: 50, uniqueId: 'o1' },
  { metric: { name: 'Placed Order' }, profile: { externalId: 'ext-1' }, time: at(6), value: 5, uniqueId: 'o5' },
  {
    metric: { name: 'Placed Order' },
    profile: { email: 'buyer@x.test', phoneNumber: '+4915112345678' },
    time: at(5),
    value: 30,
    uniqueId: 'o6',
  },
]

/** A company with a buyer who clicked a campaign email 2 hours ago and a live flow on Placed Order. */
async function setUp(): Promise<number> {
  const companyId = (await makeCompany()).id
  const [buyer] = await ingestEvents(companyId, [
    { metric: { name: 'Signed Up' }, profile: { email: 'buyer@x.test' }, time: at(60 * 24 * 30) },
  ])
  // The metric exists once an event of it is stored (an old order: no flow, no attribution).
  await ingestEvents(companyId, [
    { metric: { name: 'Placed Order' }, profile: { email: 'seed@x.test' }, time: at(60 * 24 * 40), value: 1 },
  ])
  const metric = await db.metric.findFirstOrThrow({ where: { companyId, name: 'Placed Order' } })
  const campaignId = `c-${companyId}`
  await db.campaign.create({ data: { id: campaignId, companyId, name: 'Spring', channel: 'email' } })
  await db.campaignMessage.create({ data: { id: `m-${companyId}`, companyId, campaignId, channel: 'email' } })
  await inWriteTx(() =>
    recordMessageEventOps({
      companyId,
      profileId: buyer!.profileId,
      metric: MESSAGE_METRICS.email.clicked,
      sendId: `s-${companyId}`,
      at: new Date(NOW - 2 * 3_600_000),
      properties: { channel: 'email', $message: `m-${companyId}`, $source_type: 'campaign_message' },
    }),
  )
  await createFlow(companyId, {
    name: 'Thanks',
    status: 'live',
    definition: flowDefinition.parse({
      triggers: [{ type: 'metric', id: metric.id }],
      profile_filter: null,
      entry_action_id: 'a0',
      reentry_criteria: null,
      actions: [{ temporary_id: 'a0', type: 'time-delay', links: { next: null }, data: { unit: 'days', value: 1 } }],
    }) as FlowDefinition,
  })
  return companyId
}

/** What the consumers wrote, with the company's own ids replaced by what they stand for. */
async function snapshot(companyId: number) {
  const profiles = await db.profile.findMany({ where: { companyId } })
  const who = new Map(profiles.map((p) => [p.id, p.email ?? p.externalId ?? p.phoneNumber]))
  const events = await db.event.findMany({ where: { companyId }, include: { metric: true } })
  const what = new Map(events.map((e) => [e.id, `${e.metric.name}:${e.uniqueId ?? e.ts}`]))
  const runs = await db.flowRun.findMany({ where: { companyId } })
  const attributions = await db.eventAttribution.findMany({ where: { companyId } })
  const own = (s: string | null) => s?.replace(String(companyId), 'X')
  return {
    runs: runs
      .map((r) => ({
        profile: who.get(r.profileId),
        event: what.get(Number(r.entryKey.replace('event:', ''))),
        kind: r.triggerKind,
        status: r.status,
      }))
      .sort((a, b) => String(a.event).localeCompare(String(b.event))),
    attributions: attributions
      .map((a) => ({
        event: what.get(a.eventId),
        profile: who.get(a.profileId),
        value: a.value,
        campaign: own(a.campaignId),
        message: own(a.messageId),
        send: own(a.sendId),
        touch: a.touch,
        channel: a.channel,
      }))
      .sort((a, b) => String(a.event).localeCompare(String(b.event))),
  }
}

test('the set-based batch enters the same flows and attributes the same orders as the per-event path', async () => {
  await prepareFlowJobs()
  const setBased = await setUp()
  const perEvent = await setUp()
  const events = validateEvents(BATCH)
  const group = (companyId: number): IngestGroup[] => [{ companyId, mode: 'import', events }]
  await writeBatch(group(setBased), 'atomic')
  await inWriteTx(() => ingestBatchOps(group(perEvent), false, new Map()))
  const got = await snapshot(setBased)
  expect(got).toEqual(await snapshot(perEvent))
  // And what that is: every stored order entered the flow (the repeated o1 did not), and the
  // buyer's orders are the click's.
  expect(got.runs.map((r) => [r.profile, r.event])).toEqual([
    ['new@x.test', expect.stringMatching(/^Placed Order:\d+$/)], // no unique_id: named by its time
    ['buyer@x.test', 'Placed Order:o1'],
    ['ext-1', 'Placed Order:o5'],
    ['buyer@x.test', 'Placed Order:o6'],
  ])
  expect(got.attributions.map((a) => [a.event, a.profile, a.value, a.touch])).toEqual([
    ['Placed Order:o1', 'buyer@x.test', 50, 'click'],
    ['Placed Order:o6', 'buyer@x.test', 30, 'click'],
  ])
})
