/** @jest-environment node */
// The inbound SMS webhook keeps its per-request lookups (number → company, the SMS account and
// its token, the inbox settings and automation rules) in a per-process cache: a change saved in
// this process is seen by the very next webhook. And concurrent webhooks share one SQLite
// transaction (lib/db/batched-write-tx.ts) without losing their own guarantees: one profile
// per number, exactly one message per MessageSid, one Received SMS event each; a caller that
// fails undoes only its own writes.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)
import { db } from '@/lib/db/client'
import { makeCompany } from '../helpers/factory'
import { saveSmsSettings, saveSmsSettingsBody } from '@/lib/messaging/sms/sms-settings'
import { twilioSignature } from '@/lib/messaging/sms/twilio-signature'
import { saveIntent } from '@/lib/inbox/automations/intent-rules'
import { saveInboxSettings } from '@/lib/inbox/automations/inbox-settings'
import * as inboundRoute from '@/app/webhooks/sms/inbound/route'
import { batchedWriteTx } from '@/lib/db/batched-write-tx'
import { exec } from '@/lib/db/ops'
import { kysely } from '@/lib/db/kysely'

const APP = 'https://app.example.test'
const URL_IN = `${APP}/webhooks/sms/inbound`
let sidN = 0

beforeAll(() => {
  process.env.APP_URL = APP
  process.env.SECRETS_KEY = 's'.repeat(40)
})

const settings = (companyId: number, number: string, token: string) =>
  saveSmsSettings(
    companyId,
    saveSmsSettingsBody.parse({
      accountSid: 'AC' + String(companyId).padStart(32, '0'),
      authToken: token,
      senderNumber: number,
      phoneNumbers: [number],
    }),
  )

function inbound(c: { id: number; token: string; number: string }, from: string, body: string, messageSid?: string) {
  const params = {
    MessageSid: messageSid ?? `SM${String(++sidN).padStart(32, '0')}`,
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

const conversationOf = async (companyId: number, phone: string) => {
  const p = await db.profile.findFirstOrThrow({ where: { companyId, phoneNumber: phone } })
  return db.conversation.findFirst({ where: { companyId, profileId: p.id } })
}

test('a changed number and auth token are seen by the next webhook in this process, not the cached ones', async () => {
  const co = await makeCompany()
  await settings(co.id, '+15550100001', 'token-one')
  const before = { id: co.id, number: '+15550100001', token: 'token-one' }
  expect((await inbound(before, '+15557100001', 'hello')).status).toBe(200)
  await settings(co.id, '+15550100002', 'token-two')
  // The old number no longer belongs to the company; the new one checks the new token.
  expect((await inbound(before, '+15557100001', 'hello again')).status).toBe(404)
  expect((await inbound({ ...before, number: '+15550100002' }, '+15557100001', 'hi')).status).toBe(403)
  const after = { id: co.id, number: '+15550100002', token: 'token-two' }
  expect((await inbound(after, '+15557100001', 'hi')).status).toBe(200)
})

test('a rule or an inbox setting saved in this process applies to the next message', async () => {
  const co = await makeCompany()
  const c = { id: co.id, number: '+15550100003', token: 'token-three' }
  await settings(co.id, c.number, c.token)
  // The first message loads (and keeps) the company's rules: none yet.
  expect((await inbound(c, '+15557100002', 'do you ship wholesale?')).status).toBe(200)
  expect(JSON.parse((await conversationOf(co.id, '+15557100002'))!.tags)).toEqual([])
  await saveIntent(co.id, {
    name: 'Wholesale',
    key: 'custom',
    phrases: ['wholesale'],
    action: 'tag',
    replyText: '',
    tag: 'wholesale',
    flowId: null,
    enabled: true,
    priority: 1,
  })
  expect((await inbound(c, '+15557100002', 'wholesale prices please')).status).toBe(200)
  expect(JSON.parse((await conversationOf(co.id, '+15557100002'))!.tags)).toEqual(['wholesale'])
  // SMS no longer feeds the inbox: the store reads that from the same copy, dropped by the save.
  await saveInboxSettings(co.id, 'inbound-messages', { channels: ['email'], inboundNumbers: [] })
  expect((await inbound(c, '+15557100003', 'not for the inbox')).status).toBe(200)
  const p = await db.profile.findFirstOrThrow({ where: { companyId: co.id, phoneNumber: '+15557100003' } })
  expect(await db.conversation.count({ where: { companyId: co.id, profileId: p.id } })).toBe(0)
})

test('concurrent webhooks share a transaction but keep one profile per number, one message per MessageSid', async () => {
  const co = await makeCompany()
  const c = { id: co.id, number: '+15550100004', token: 'token-four' }
  await settings(co.id, c.number, c.token)
  const sids = Array.from({ length: 6 }, (_, i) => `SM${String(900 + i).padStart(32, '0')}`)
  // A new number's first six messages at once, each delivered twice (Twilio's retry).
  const answers = await Promise.all([...sids, ...sids].map((sid, i) => inbound(c, '+15557100004', `msg ${i % 6}`, sid)))
  expect(answers.map((r) => r.status)).toEqual(Array(12).fill(200))
  expect(await db.profile.count({ where: { companyId: co.id, phoneNumber: '+15557100004' } })).toBe(1)
  const conv = (await conversationOf(co.id, '+15557100004'))!
  expect(conv.unreadCount).toBe(6)
  const msgs = await db.conversationMessage.findMany({ where: { conversationId: conv.id } })
  expect(msgs.map((m) => m.providerMessageId).sort()).toEqual(sids)
  expect(await db.event.count({ where: { companyId: co.id, metric: { name: 'Received SMS' } } })).toBe(6)
})

test('a caller that fails inside a shared transaction fails alone and leaves nothing; the others are stored', async () => {
  const co = await makeCompany()
  const insert = (name: string, fail: boolean) =>
    batchedWriteTx(function* () {
      const now = new Date()
      yield* exec(
        kysely()
          .insertInto('Metric')
          .values({
            id: `bw-${co.id}-${name}`,
            companyId: co.id,
            name,
            integration: 'api',
            createdAt: now,
            updatedAt: now,
          }),
      )
      if (fail) throw new Error(`no ${name}`)
      return name
    })
  const settled = await Promise.allSettled([insert('a', false), insert('b', true), insert('c', false)])
  expect(settled.map((r) => (r.status === 'fulfilled' ? r.value : String(r.reason)))).toEqual(['a', 'Error: no b', 'c'])
  const names = await db.metric.findMany({
    where: { companyId: co.id },
    select: { name: true },
    orderBy: { name: 'asc' },
  })
  expect(names.map((n) => n.name)).toEqual(['a', 'c'])
})
