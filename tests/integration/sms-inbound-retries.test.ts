/** @jest-environment node */
// The inbound SMS webhook on either engine (in tests/postgres.list): Twilio's concurrent and late
// redeliveries of one MessageSid store one message and count it once in the conversation's
// unread count (on PostgreSQL the message and the count are one statement, the count guarded by
// the insert), and on PostgreSQL the compiled-once statements are sent as named prepared
// statements except behind a transaction pooler, where a name would not survive the transaction;
// a Received SMS webhook gets each new message once (on PostgreSQL read with the sender's profile).
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)
import { db, dbEngine } from '@/lib/db/client'
import { makeCompany } from '../helpers/factory'
import { saveSmsSettings, saveSmsSettingsBody } from '@/lib/messaging/sms/sms-settings'
import { twilioSignature } from '@/lib/messaging/sms/twilio-signature'
import * as inboundRoute from '@/app/webhooks/sms/inbound/route'
import { kysely } from '@/lib/db/kysely'
import { preparedName, queryTemplate } from '@/lib/db/query-template'
import { topicOfMetric } from '@/lib/webhooks/topic-of-metric'

const APP = 'https://app.example.test'
const URL_IN = `${APP}/webhooks/sms/inbound`

beforeAll(() => {
  process.env.APP_URL = APP
  process.env.SECRETS_KEY = 's'.repeat(40)
})

function inbound(c: { id: number; token: string; number: string }, from: string, body: string, sid: string) {
  const params = {
    MessageSid: sid,
    AccountSid: 'AC' + String(c.id).padStart(32, '0'),
    From: from,
    To: c.number,
    Body: body,
    NumMedia: '0',
  }
  return inboundRoute.POST(
    new Request('http://localhost:3000/webhooks/sms/inbound', {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': twilioSignature(c.token, URL_IN, params),
      },
      body: new URLSearchParams(params).toString(),
    }),
  )
}

test('concurrent and late redeliveries of one MessageSid keep one message, counted once as unread', async () => {
  const co = await makeCompany()
  const c = { id: co.id, number: '+15550200001', token: 'token-retries' }
  await saveSmsSettings(
    co.id,
    saveSmsSettingsBody.parse({
      accountSid: 'AC' + String(co.id).padStart(32, '0'),
      authToken: c.token,
      senderNumber: c.number,
      phoneNumbers: [c.number],
    }),
  )
  const from = '+15557200001'
  // The conversation exists (a first message), so the deliveries below race on the message only.
  expect((await inbound(c, from, 'first', 'SM' + '1'.padStart(32, '0'))).status).toBe(200)
  const sid = 'SM' + '2'.padStart(32, '0')
  const answers = await Promise.all(Array.from({ length: 8 }, () => inbound(c, from, 'Does this come in blue?', sid)))
  expect(answers.map((r) => r.status)).toEqual(Array(8).fill(200))
  expect((await inbound(c, from, 'Does this come in blue?', sid)).status).toBe(200)

  const p = await db.profile.findFirstOrThrow({ where: { companyId: co.id, phoneNumber: from } })
  const conv = await db.conversation.findFirstOrThrow({ where: { companyId: co.id, profileId: p.id } })
  expect(conv.unreadCount).toBe(2)
  expect(conv.lastMessagePreview).toBe('Does this come in blue?')
  expect(await db.conversationMessage.count({ where: { conversationId: conv.id, providerMessageId: sid } })).toBe(1)
  expect(await db.event.count({ where: { companyId: co.id, metric: { name: 'Received SMS' } } })).toBe(2)
  // The event's profile is touched with it (on PostgreSQL in the event's own statement).
  const last = await db.event.findFirstOrThrow({ where: { companyId: co.id }, orderBy: { ts: 'desc' } })
  expect(p.lastEventAt?.getTime()).toBe(last.ts * 1000)
})

test('a redelivery whose message outlived its sender’s profile answers 200 and stores nothing again', async () => {
  const co = await makeCompany()
  const c = { id: co.id, number: '+15550200003', token: 'token-orphan' }
  await saveSmsSettings(
    co.id,
    saveSmsSettingsBody.parse({
      accountSid: 'AC' + String(co.id).padStart(32, '0'),
      authToken: c.token,
      senderNumber: c.number,
      phoneNumbers: [c.number],
    }),
  )
  const from = '+15557200003'
  const sid = 'SM' + '21'.padStart(32, '0')
  expect((await inbound(c, from, 'hello', sid)).status).toBe(200)
  // The profile goes (a row removed by hand), its conversation and message stay.
  await db.profile.deleteMany({ where: { companyId: co.id, phoneNumber: from } })
  // Twilio redelivers: a new profile is made for the number, and the stored id is not stored twice.
  expect((await inbound(c, from, 'hello', sid)).status).toBe(200)
  expect(await db.conversationMessage.count({ where: { companyId: co.id, providerMessageId: sid } })).toBe(1)
  expect((await inbound(c, from, 'and again', 'SM' + '22'.padStart(32, '0'))).status).toBe(200)
  const p = await db.profile.findFirstOrThrow({ where: { companyId: co.id, phoneNumber: from } })
  const conv = await db.conversation.findFirstOrThrow({ where: { companyId: co.id, profileId: p.id } })
  expect(conv.unreadCount).toBe(1)
  expect(conv.lastMessagePreview).toBe('and again')
})

test('Received SMS webhooks: one delivery per new message to each enabled subscribed webhook of the company, none for a redelivery', async () => {
  const co = await makeCompany()
  const other = await makeCompany()
  const c = { id: co.id, number: '+15550200002', token: 'token-hooks' }
  await saveSmsSettings(
    co.id,
    saveSmsSettingsBody.parse({
      accountSid: 'AC' + String(co.id).padStart(32, '0'),
      authToken: c.token,
      senderNumber: c.number,
      phoneNumbers: [c.number],
    }),
  )
  const hook = async (companyId: number, id: string, topic: string, enabled = true) => {
    await db.webhook.create({
      data: { id, companyId, name: id, endpointUrl: 'http://127.0.0.1:9/hook', secretSealed: 'x', enabled },
    })
    await db.webhookTopicSubscription.create({ data: { companyId, webhookId: id, topic } })
  }
  await hook(co.id, `hook-on-${co.id}`, topicOfMetric('Received SMS'))
  await hook(co.id, `hook-off-${co.id}`, topicOfMetric('Received SMS'), false)
  await hook(co.id, `hook-sent-${co.id}`, topicOfMetric('Sent SMS'))
  await hook(other.id, `hook-other-${other.id}`, topicOfMetric('Received SMS'))
  const from = '+15557200002'
  // A new sender, then the same sender again (on PostgreSQL the profile and the webhooks are one look-up).
  for (const [sid, body] of [
    ['SM' + '11'.padStart(32, '0'), 'first'],
    ['SM' + '12'.padStart(32, '0'), 'second'],
    ['SM' + '12'.padStart(32, '0'), 'second'],
  ])
    expect((await inbound(c, from, body, sid)).status).toBe(200)
  const deliveries = await db.webhookDelivery.findMany({ where: { webhookId: { startsWith: 'hook-' } } })
  expect(deliveries.map((d) => [d.webhookId, d.topic, d.companyId])).toEqual([
    [`hook-on-${co.id}`, topicOfMetric('Received SMS'), co.id],
    [`hook-on-${co.id}`, topicOfMetric('Received SMS'), co.id],
  ])
  const events = await db.event.findMany({ where: { companyId: co.id }, orderBy: { id: 'asc' } })
  expect(deliveries.map((d) => d.eventId).sort()).toEqual(events.map((e) => e.id).sort())
})

test('PostgreSQL: a compiled-once statement is a named prepared statement, unnamed behind a pooler', () => {
  const template = queryTemplate(1, (companyId: number) =>
    kysely().selectFrom('Company').select('id').where('id', '=', companyId),
  )
  const q = template(1)
  if (dbEngine() !== 'postgresql') {
    expect(preparedName(q.sql)).toBeUndefined()
    return
  }
  expect(preparedName(q.sql)).toMatch(/^qt\d+$/)
  // Kysely's own queries (built per call, texts without bound) stay unnamed.
  expect(preparedName(kysely().selectFrom('Company').select('name').compile().sql)).toBeUndefined()
  const url = process.env.DATABASE_URL!
  try {
    process.env.DATABASE_URL = url + (url.includes('?') ? '&' : '?') + 'pgbouncer=true'
    expect(preparedName(q.sql)).toBeUndefined()
  } finally {
    process.env.DATABASE_URL = url
  }
})
