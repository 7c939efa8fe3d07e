/** @jest-environment node */
// Recording a page of deliveries together (recordSentOps, recordMessageEventsOps): mail really
// sent to a local SMTP sink, then one Received Email event per Send, each profile's lastEventAt,
// one webhook delivery per new event for a company with a webhook on that topic, none for a
// company without; a row another worker holds is not recorded; recording the same page again
// adds nothing.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)
import { db } from '@/lib/db/client'
import { inWriteTx } from '@/lib/db/ops'
import { makeCompany } from '../helpers/factory'
import { startSmtpSink, type SmtpSink } from '../helpers/smtp-sink'
import { upsertProfile } from '@/lib/profiles/upsert-profile'
import { createSends } from '@/lib/messaging/create-sends'
import { claimPage, deliverPage, deliverSends, recordOutcomes } from '@/lib/messaging/deliver-sends'
import { recordMessageEventsOps } from '@/lib/messaging/message-events'
import { closeSmtpTransports } from '@/lib/messaging/email-transport'
import { topicOfMetric } from '@/lib/webhooks/topic-of-metric'
import { ulid } from '@/lib/ids/make-id'

let sink: SmtpSink
beforeAll(async () => {
  sink = await startSmtpSink()
  process.env.SMTP_URL = sink.url
})
afterAll(async () => {
  closeSmtpTransports()
  delete process.env.SMTP_URL
  await sink.close()
})

async function companyWith(n: number, webhook: boolean) {
  const company = await makeCompany()
  const profiles = []
  for (let i = 0; i < n; i++)
    profiles.push(
      (await upsertProfile(company.id, { email: `p${i}-${company.id}@x.test`, firstName: `P${i}` }, { mode: 'import' }))
        .profile,
    )
  if (webhook) {
    const id = ulid()
    await db.webhook.create({
      data: { id, companyId: company.id, name: 'feed', endpointUrl: 'http://127.0.0.1:9/hook', secretSealed: 'x' },
    })
    await db.webhookTopicSubscription.create({
      data: { companyId: company.id, webhookId: id, topic: topicOfMetric('Received Email') },
    })
  }
  return { company, profiles }
}
const content = { subject: 'Hi {{ first_name }}', fromEmail: 'news@shop.test', html: '<p>Hello {{ first_name }}</p>' }

test('a page sent together: one Send sent, one event and one lastEventAt per profile, one webhook delivery per event; only where the company has the webhook', async () => {
  const a = await companyWith(5, true)
  const b = await companyWith(3, false)
  for (const { company, profiles } of [a, b]) {
    const sourceId = ulid()
    await createSends({
      companyId: company.id,
      channel: 'email',
      sourceType: 'campaign_message',
      sourceId,
      content,
      recipients: profiles.map((p) => ({ profileId: p.id, context: {} })),
    })
    expect(
      await deliverSends({ companyId: company.id, channel: 'email', sourceType: 'campaign_message', sourceId }),
    ).toBe(profiles.length)
    const sends = await db.send.findMany({ where: { companyId: company.id } })
    expect(sends.map((s) => s.status)).toEqual(profiles.map(() => 'sent'))
    for (const s of sends) {
      expect(s.subject).toBe(`Hi ${profiles.find((p) => p.id === s.profileId)!.firstName}`)
      expect(s.providerMessageId).toBe(s.messageId)
      expect(s.lockedBy).toBeNull()
    }
    const events = await db.event.findMany({ where: { companyId: company.id }, include: { metric: true } })
    expect(events.map((e) => e.metric.name)).toEqual(profiles.map(() => 'Received Email'))
    expect(new Set(events.map((e) => JSON.parse(e.properties).$send_id))).toEqual(new Set(sends.map((s) => s.id)))
    const touched = await db.profile.findMany({ where: { companyId: company.id } })
    expect(touched.every((p) => p.lastEventAt !== null)).toBe(true)
  }
  expect(await db.webhookDelivery.count({ where: { companyId: a.company.id } })).toBe(5)
  expect(await db.webhookDelivery.count({ where: { companyId: b.company.id } })).toBe(0)
  expect(sink.mails.filter((m) => m.to[0]!.endsWith(`-${a.company.id}@x.test`))).toHaveLength(5)
})

test('only rows this worker holds are recorded, and recording the same page again adds nothing', async () => {
  const { company, profiles } = await companyWith(4, true)
  const sourceId = ulid()
  const p = { companyId: company.id, channel: 'email' as const, sourceType: 'campaign_message' as const, sourceId }
  await createSends({ ...p, content, recipients: profiles.map((pr) => ({ profileId: pr.id, context: {} })) })
  const page = await claimPage(p, { workerId: 'w1' })
  expect(page.sending).toHaveLength(4)
  // Another worker took one row over (its lease expired and it claimed it): w1 may not record it.
  await db.send.update({ where: { id: page.sending[0]!.id }, data: { lockedBy: 'w2' } })
  const outcomes = await deliverPage(page.sending)
  expect(outcomes.every(([, o]) => o.kind === 'sent')).toBe(true)
  expect(await recordOutcomes(outcomes, 'w1')).toBe(3)
  expect(await recordOutcomes(outcomes, 'w1')).toBe(0)
  expect(await db.send.count({ where: { companyId: company.id, status: 'sent' } })).toBe(3)
  expect(await db.send.findUnique({ where: { id: page.sending[0]!.id } })).toMatchObject({
    status: 'sending',
    lockedBy: 'w2',
  })
  expect(await db.event.count({ where: { companyId: company.id } })).toBe(3)
  expect(await db.webhookDelivery.count({ where: { companyId: company.id } })).toBe(3)
})

test('recordMessageEventsOps ignores an event already recorded (same send and metric) and never moves lastEventAt back', async () => {
  const { company, profiles } = await companyWith(2, true)
  const later = new Date('2030-01-01T00:00:00Z')
  const earlier = new Date('2029-01-01T00:00:00Z')
  const ev = (at: Date) =>
    profiles.map((p, i) => ({
      companyId: company.id,
      profileId: p.id,
      metric: 'Received Email',
      sendId: `send-${i}-${company.id}`,
      at,
      properties: {},
    }))
  expect(await inWriteTx(() => recordMessageEventsOps(company.id, 'Received Email', later, ev(later)))).toBe(2)
  expect(await inWriteTx(() => recordMessageEventsOps(company.id, 'Received Email', earlier, ev(earlier)))).toBe(0)
  expect(await db.event.count({ where: { companyId: company.id } })).toBe(2)
  expect(await db.webhookDelivery.count({ where: { companyId: company.id } })).toBe(2)
  for (const p of await db.profile.findMany({ where: { companyId: company.id } }))
    expect(p.lastEventAt?.toISOString()).toBe(later.toISOString())
})
