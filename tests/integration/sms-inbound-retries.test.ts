/** @jest-environment node */
// The inbound SMS webhook on either engine (in tests/postgres.list): Twilio's concurrent and late
// redeliveries of one MessageSid store one message and count it once in the conversation's
// unread count (on PostgreSQL the message and the count are one statement, the count guarded by
// the insert), and on PostgreSQL the compiled-once statements are sent as named prepared
// statements except behind a transaction pooler, where a name would not survive the transaction.
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
