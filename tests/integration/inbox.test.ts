/** @jest-environment node */
// The conversations inbox (issue 25 §1) through the real webhook and /ajax routes: an inbound
// SMS becomes a thread, the agent's reply goes through the send pipeline to the Twilio stand-in
// and the thread shows it delivered after the status callback; a redelivered webhook stores
// once; WhatsApp text and media; a hub message answered by email and the customer's emailed
// answer threaded back by its Reply-To; a reply refused after STOP; unread counts and
// assignment under concurrent writes; the poll's ETag (304); roles and tenancy.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(90_000)
import { db } from '@/lib/db/client'
import { makeCompany, makeUser, signIn, ajaxRequest, params } from '../helpers/factory'
import { startFakeTwilio, type FakeTwilio } from '../helpers/fake-twilio'
import { startFakeWhatsApp, type FakeWhatsApp } from '../helpers/fake-whatsapp'
import { runJobsUntilIdle } from '@/lib/jobs/queue'
import { upsertProfile } from '@/lib/profiles/upsert-profile'
import { twilioSignature } from '@/lib/messaging/sms/twilio-signature'
import { hubSignature } from '@/lib/messaging/whatsapp/whatsapp-signature'
import { inboundWebhookToken } from '@/lib/messaging/bounces/webhook-token'
import { sendHubSupport } from '@/lib/customer-hub/send-hub-support'
import { newTextOf } from '@/lib/inbox/receive-email-reply'
import * as smsAccountRoute from '@/app/ajax/sms/account/route'
import * as whatsappSettingsRoute from '@/app/ajax/sms/whatsapp/route'
import * as smsInbound from '@/app/webhooks/sms/inbound/route'
import * as smsStatus from '@/app/webhooks/sms/status/route'
import * as whatsappWebhook from '@/app/webhooks/whatsapp/route'
import * as inboundEmail from '@/app/webhooks/inbound/email/route'
import * as listRoute from '@/app/ajax/inbox/conversations/route'
import * as threadRoute from '@/app/ajax/inbox/conversations/[id]/route'
import * as replyRoute from '@/app/ajax/inbox/conversations/[id]/reply/route'
import * as notesRoute from '@/app/ajax/inbox/conversations/[id]/notes/route'
import * as profileRoute from '@/app/ajax/inbox/conversations/[id]/profile/route'
import * as updatesRoute from '@/app/ajax/inbox/updates/route'
import * as quickRepliesRoute from '@/app/ajax/inbox/conversations/[id]/quick-replies/route'

const APP = 'https://app.example.test'
let twilio: FakeTwilio
let cloud: FakeWhatsApp
const credentials: Record<string, string> = {}
let n = 0

beforeAll(async () => {
  process.env.APP_URL = APP
  process.env.SECRETS_KEY = 'i'.repeat(40)
  process.env.SMS_PROVIDER_TIMEOUT_MS = '2000'
  twilio = await startFakeTwilio(credentials)
  cloud = await startFakeWhatsApp()
})
afterAll(async () => {
  await twilio.close()
  await cloud.close()
})

async function smsCompany() {
  const co = await makeCompany()
  const owner = await makeUser({ companyId: co.id })
  const cookie = await signIn(owner.id, co.id)
  const k = ++n
  const sid = 'AC' + String(co.id).padStart(32, '0')
  const token = `inbox-token-${k}-0123456789`
  credentials[sid] = token
  const number = `+1555200${String(k).padStart(4, '0')}`
  const res = await smsAccountRoute.POST(
    ajaxRequest('/ajax/sms/account', {
      method: 'POST',
      cookie,
      body: {
        accountSid: sid,
        authToken: token,
        senderNumber: number,
        phoneNumbers: [number],
        baseUrl: twilio.baseUrl,
        helpText: 'Help: reply STOP to opt out.',
        maxSegments: 4,
        quietHours: { enabled: true, start: '00:00', end: '23:59' },
      },
    }),
  )
  expect(res.status).toBe(200)
  return { companyId: co.id, cookie, ownerId: owner.id, sid, token, number }
}

type Sms = Awaited<ReturnType<typeof smsCompany>>

function inboundSms(c: Sms, from: string, body: string, extra: Record<string, string> = {}) {
  const p = {
    MessageSid: `SM${String(++n).padStart(32, '0')}`,
    AccountSid: c.sid,
    From: from,
    To: c.number,
    Body: body,
    NumMedia: '0',
    ...extra,
  }
  return smsInbound.POST(
    new Request('http://localhost:3000/webhooks/sms/inbound', {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': twilioSignature(c.token, `${APP}/webhooks/sms/inbound`, p),
      },
      body: new URLSearchParams(p).toString(),
    }),
  )
}

const list = async (cookie: string, q = '') => listRoute.GET(ajaxRequest(`/ajax/inbox/conversations${q}`, { cookie }))
const thread = (cookie: string, id: number) =>
  threadRoute.GET(ajaxRequest(`/ajax/inbox/conversations/${id}`, { cookie }), params({ id: String(id) }))
const reply = (cookie: string, id: number, text: string, clientRequestId: string) =>
  replyRoute.POST(
    ajaxRequest(`/ajax/inbox/conversations/${id}/reply`, { method: 'POST', cookie, body: { text, clientRequestId } }),
    params({ id: String(id) }),
  )
const patch = (cookie: string, id: number, body: unknown) =>
  threadRoute.PATCH(
    ajaxRequest(`/ajax/inbox/conversations/${id}`, { method: 'PATCH', cookie, body }),
    params({ id: String(id) }),
  )
const updates = (cookie: string, q: string, etag?: string) =>
  updatesRoute.GET(ajaxRequest(`/ajax/inbox/updates${q}`, { cookie, headers: etag ? { 'if-none-match': etag } : {} }))

test('inbound SMS → thread → agent reply → delivered, shown by the poll; a redelivered webhook stores once', async () => {
  const c = await smsCompany()
  const sid = 'SM' + 'a'.repeat(32)
  expect((await inboundSms(c, '+15557001001', 'Does this come in blue?', { MessageSid: sid })).status).toBe(200)
  expect((await inboundSms(c, '+15557001001', 'Does this come in blue?', { MessageSid: sid })).status).toBe(200)

  const listed = await (await list(c.cookie)).json()
  expect(listed.conversations).toHaveLength(1)
  const conv = listed.conversations[0]
  expect(conv).toMatchObject({ channel: 'sms', status: 'open', unreadCount: 1, preview: 'Does this come in blue?' })
  expect(conv.profile.phoneNumber).toBe('+15557001001')

  const t = await (await thread(c.cookie, conv.id)).json()
  expect(t.messages.map((m: { body: string; direction: string }) => [m.direction, m.body])).toEqual([
    ['in', 'Does this come in blue?'],
  ])

  // Quiet hours cover the whole day for marketing; a transactional reply is not held back.
  const r = await reply(c.cookie, conv.id, 'Yes, navy and sky blue.', 'req-blue-0001')
  expect(r.status).toBe(200)
  expect(await r.json()).toMatchObject({ deliveryStatus: 'queued', created: true })
  expect((await (await reply(c.cookie, conv.id, 'Yes, navy and sky blue.', 'req-blue-0001')).json()).created).toBe(
    false,
  )
  await runJobsUntilIdle()
  const sent = twilio.requests.filter((q) => q.form.To === '+15557001001')
  expect(sent).toHaveLength(1)
  expect(sent[0]!.form.Body).toBe('Yes, navy and sky blue.')

  const first = await updates(c.cookie, `?conversation=${conv.id}&after=0`)
  const etag = first.headers.get('etag')!
  const body1 = await first.json()
  expect(body1.deliveries[0]).toMatchObject({ deliveryStatus: 'sent' })
  expect(body1.messages.map((m: { body: string }) => m.body)).toEqual([
    'Does this come in blue?',
    'Yes, navy and sky blue.',
  ])
  expect((await updates(c.cookie, `?conversation=${conv.id}&after=${body1.cursor}`, etag)).status).toBe(304)

  const callback = sent[0]!.form.StatusCallback!
  const status = {
    MessageSid: (await db.send.findFirstOrThrow({ where: { companyId: c.companyId, channel: 'sms' } }))
      .providerMessageId!,
    MessageStatus: 'delivered',
    AccountSid: c.sid,
    To: '+15557001001',
  }
  const cb = await smsStatus.POST(
    new Request(callback.replace(APP, 'http://localhost:3000'), {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': twilioSignature(c.token, callback, status),
      },
      body: new URLSearchParams(status).toString(),
    }),
  )
  expect(cb.status).toBe(204)
  const after = await updates(c.cookie, `?conversation=${conv.id}&after=${body1.cursor}`, etag)
  expect(after.status).toBe(200)
  const body2 = await after.json()
  expect(body2.messages).toEqual([]) // nothing shown twice
  expect(body2.deliveries[0]).toMatchObject({ deliveryStatus: 'delivered' })

  // A new customer message moves the cursor by exactly that message.
  await inboundSms(c, '+15557001001', 'Great, thanks!')
  const body3 = await (
    await updates(c.cookie, `?conversation=${conv.id}&after=${body2.cursor}`, after.headers.get('etag')!)
  ).json()
  expect(body3.messages.map((m: { body: string }) => m.body)).toEqual(['Great, thanks!'])
  expect(await db.conversationMessage.count({ where: { companyId: c.companyId } })).toBe(3)
})

test('after STOP a reply is refused with its reason in the thread and nothing is sent; keywords are not messages', async () => {
  const c = await smsCompany()
  await inboundSms(c, '+15557001002', 'Is my order shipped?')
  await inboundSms(c, '+15557001002', 'STOP')
  const conv = (await (await list(c.cookie)).json()).conversations[0]
  const before = twilio.requests.length
  const res = await (await reply(c.cookie, conv.id, 'It shipped today.', 'req-stop-0001')).json()
  expect(res).toMatchObject({ deliveryStatus: 'refused', deliveryReason: 'opted_out' })
  await runJobsUntilIdle()
  expect(twilio.requests.length).toBe(before)
  const t = await (await thread(c.cookie, conv.id)).json()
  expect(t.messages.map((m: { body: string; deliveryStatus: string | null }) => [m.body, m.deliveryStatus])).toEqual([
    ['Is my order shipped?', null],
    ['It shipped today.', 'refused'],
  ])
  expect(await db.send.count({ where: { companyId: c.companyId } })).toBe(0)
})

test('MMS media of accepted types is kept with the message; other types are dropped', async () => {
  const c = await smsCompany()
  await inboundSms(c, '+15557001003', '', {
    NumMedia: '2',
    MediaUrl0: 'https://api.twilio.example/media/1',
    MediaContentType0: 'image/jpeg',
    MediaUrl1: 'https://api.twilio.example/media/2',
    MediaContentType1: 'application/x-msdownload',
  })
  const conv = (await (await list(c.cookie)).json()).conversations[0]
  const t = await (await thread(c.cookie, conv.id)).json()
  // Kept as a reference until the attachments job stores the file (inbox-attachments.test.ts).
  expect(t.messages[0].media).toEqual([
    { index: 0, url: 'https://api.twilio.example/media/1', contentType: 'image/jpeg', status: 'pending' },
  ])
})

test('WhatsApp text and image messages land in a whatsapp conversation, once per wamid', async () => {
  const co = await makeCompany()
  const u = await makeUser({ companyId: co.id })
  const cookie = await signIn(u.id, co.id)
  const phoneNumberId = String(7000000 + ++n)
  const appSecret = `inbox-secret-${n}`
  const res = await whatsappSettingsRoute.POST(
    ajaxRequest('/ajax/sms/whatsapp', {
      method: 'POST',
      cookie,
      body: {
        phoneNumberId,
        accessToken: `EAAG-inbox-${n}-abcdefgh`,
        appSecret,
        baseUrl: cloud.baseUrl,
        templates: [],
      },
    }),
  )
  expect(res.status).toBe(200)
  const payload = {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '1',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { phone_number_id: phoneNumberId },
              messages: [
                { id: 'wamid.A1', from: '15557002001', type: 'text', text: { body: 'Hello, is the shop open?' } },
                {
                  id: 'wamid.A2',
                  from: '15557002001',
                  type: 'image',
                  image: { id: 'media-9', mime_type: 'image/png', caption: 'This one' },
                },
              ],
            },
          },
        ],
      },
    ],
  }
  const raw = JSON.stringify(payload)
  const post = () =>
    whatsappWebhook.POST(
      new Request('http://localhost:3000/webhooks/whatsapp', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-hub-signature-256': hubSignature(appSecret, raw) },
        body: raw,
      }),
    )
  expect((await post()).status).toBe(200)
  expect((await post()).status).toBe(200)
  const conv = (await (await list(cookie, '?channel=whatsapp')).json()).conversations[0]
  expect(conv).toMatchObject({ channel: 'whatsapp', unreadCount: 2 })
  const t = await (await thread(cookie, conv.id)).json()
  expect(t.messages.map((m: { body: string; media: unknown[] }) => [m.body, m.media])).toEqual([
    ['Hello, is the shop open?', []],
    ['This one', [{ index: 0, mediaId: 'media-9', contentType: 'image/png', caption: 'This one', status: 'pending' }]],
  ])
})

test('a hub message is answered by email with a reply address; the emailed answer threads back once; reports keep their path', async () => {
  const co = await makeCompany()
  const u = await makeUser({ companyId: co.id })
  const cookie = await signIn(u.id, co.id)
  const profileId = (await upsertProfile(co.id, { email: 'ada@example.test', firstName: 'Ada' }, { mode: 'import' }))
    .profile.id
  await sendHubSupport(co.id, profileId, { subject: 'Where is my order?', body: 'Order 1001 has not arrived.' })
  const conv = (await (await list(cookie, '?channel=chat')).json()).conversations[0]
  expect(conv).toMatchObject({ channel: 'chat', unreadCount: 1, preview: 'Order 1001 has not arrived.' })

  expect((await reply(cookie, conv.id, 'It ships tomorrow.', 'req-hub-00001')).status).toBe(200)
  const send = await db.send.findFirstOrThrow({ where: { companyId: co.id, channel: 'email' } })
  expect(send.transactional).toBe(true)
  const content = JSON.parse(send.content) as { replyTo: string; subject: string }
  expect(content.subject).toBe('Re: Where is my order?')
  expect(content.replyTo).toMatch(new RegExp(`^reply\\+c${conv.id}\\.[0-9a-f]{24}@app\\.example\\.test$`))

  const mail = (to: string, id: string) =>
    [
      'From: Ada <ada@example.test>',
      `To: ${to}`,
      'Subject: Re: Where is my order?',
      `Message-ID: <${id}@example.test>`,
      'Content-Type: text/plain; charset=utf-8',
      '',
      'Thank you, that helps!',
      '',
      'On Mon, 30 Nov 2026 at 10:00, Shop <shop@example.test> wrote:',
      '> It ships tomorrow.',
      '',
    ].join('\r\n')
  const post = (raw: string, companyId = co.id) =>
    inboundEmail.POST(
      new Request(
        `http://localhost:3000/webhooks/inbound/email?token=${encodeURIComponent(inboundWebhookToken(companyId))}`,
        {
          method: 'POST',
          headers: { 'content-type': 'message/rfc822' },
          body: raw,
        },
      ),
    )
  const first = await post(mail(content.replyTo, 'r1'))
  expect(first.status).toBe(200)
  expect(await first.json()).toMatchObject({ kind: 'reply', recorded: 1 })
  expect(await (await post(mail(content.replyTo, 'r1'))).json()).toMatchObject({ kind: 'reply', recorded: 0 })
  const t = await (await thread(cookie, conv.id)).json()
  expect(t.messages.map((m: { direction: string; body: string }) => [m.direction, m.body])).toEqual([
    ['in', 'Order 1001 has not arrived.'],
    ['out', 'It ships tomorrow.'],
    ['in', 'Thank you, that helps!'],
  ])
  // A forged reply address, or another company's endpoint: not threaded.
  const forged = content.replyTo.replace(/\.[0-9a-f]{24}@/, '.' + '0'.repeat(24) + '@')
  expect((await post(mail(forged, 'r2'))).status).toBe(400) // the reports' path: not a report either
  const other = await makeCompany()
  expect((await post(mail(content.replyTo, 'r3'), other.id)).status).toBe(400)
  expect(await db.conversationMessage.count({ where: { conversationId: conv.id } })).toBe(3)
  expect(newTextOf('Yes\n> quoted\nmore')).toBe('Yes\nmore')
})

test('unread counts and assignment stay right under concurrent inbound messages, replies and changes', async () => {
  const c = await smsCompany()
  await inboundSms(c, '+15557001004', 'first')
  const conv = (await (await list(c.cookie)).json()).conversations[0]
  const agent = await makeUser({ companyId: c.companyId, role: 'support' })
  const agentCookie = await signIn(agent.id, c.companyId)
  await Promise.all([
    ...Array.from({ length: 6 }, (_, i) => inboundSms(c, '+15557001004', `message ${i}`)),
    ...Array.from({ length: 4 }, (_, i) => reply(agentCookie, conv.id, `answer ${i}`, `req-conc-${i}-0000`)),
    reply(agentCookie, conv.id, 'answer 0', 'req-conc-0-0000'),
    patch(c.cookie, conv.id, { assigneeUserId: agent.id }),
  ])
  const row = await db.conversation.findUniqueOrThrow({ where: { id: conv.id } })
  expect(row.assigneeUserId).toBe(agent.id)
  const msgs = await db.conversationMessage.findMany({ where: { conversationId: conv.id }, orderBy: { id: 'asc' } })
  expect(msgs.filter((m) => m.direction === 'in')).toHaveLength(7)
  expect(msgs.filter((m) => m.direction === 'out')).toHaveLength(4)
  // Unread = the customer's messages after the team's last answer.
  const lastOut = Math.max(...msgs.filter((m) => m.direction === 'out').map((m) => m.id))
  expect(row.unreadCount).toBe(msgs.filter((m) => m.direction === 'in' && m.id > lastOut).length)
  expect(await db.send.count({ where: { companyId: c.companyId } })).toBe(4)

  const mine = await (await list(agentCookie, '?assigned=me')).json()
  expect(mine.conversations.map((x: { id: number }) => x.id)).toEqual([conv.id])
  expect((await (await list(agentCookie, '?assigned=unassigned')).json()).conversations).toEqual([])
  expect((await patch(agentCookie, conv.id, { read: true })).status).toBe(200)
  expect((await (await list(agentCookie, '?unread=1')).json()).conversations).toEqual([])
  expect((await (await list(agentCookie, '?q=message%203')).json()).conversations).toHaveLength(1)
  expect((await (await list(agentCookie, '?q=nothing-like-this')).json()).conversations).toHaveLength(0)
  const snooze = await patch(c.cookie, conv.id, {
    status: 'snoozed',
    snoozedUntil: new Date(Date.now() + 3_600_000).toISOString(),
  })
  expect(snooze.status).toBe(200)
  expect((await (await list(c.cookie, '?status=open')).json()).conversations).toEqual([])
  expect((await (await list(c.cookie, '?status=snoozed')).json()).conversations).toHaveLength(1)
  // A new customer message opens a snoozed conversation again.
  await inboundSms(c, '+15557001004', 'hello again')
  expect((await (await list(c.cookie, '?status=open')).json()).conversations).toHaveLength(1)
})

test('bad input is a 400 with field errors; roles and tenancy', async () => {
  const a = await smsCompany()
  const b = await smsCompany()
  await inboundSms(a, '+15557001005', 'from A')
  const convA = (await (await list(a.cookie)).json()).conversations[0]

  const empty = await reply(a.cookie, convA.id, '', 'req-bad-00001')
  expect(empty.status).toBe(400)
  expect((await empty.json()).fieldErrors.text).toBeTruthy()
  expect((await reply(a.cookie, convA.id, 'ok', 'no')).status).toBe(400)
  expect((await patch(a.cookie, convA.id, { status: 'snoozed' })).status).toBe(400)
  const past = await patch(a.cookie, convA.id, { status: 'snoozed', snoozedUntil: '2020-01-01T00:00:00Z' })
  expect(past.status).toBe(400)
  expect((await past.json()).fieldErrors.snoozedUntil).toBeTruthy()
  const outsider = await makeUser({ companyId: b.companyId })
  expect((await patch(a.cookie, convA.id, { assigneeUserId: outsider.id })).status).toBe(400)
  expect((await list(a.cookie, '?status=nope')).status).toBe(400)
  expect((await thread(a.cookie, 0)).status).toBe(404)

  // Company B sees nothing of A's conversation and can change nothing.
  expect((await (await list(b.cookie)).json()).conversations).toEqual([])
  expect((await thread(b.cookie, convA.id)).status).toBe(404)
  expect((await reply(b.cookie, convA.id, 'hi', 'req-tenant-001')).status).toBe(404)
  expect((await patch(b.cookie, convA.id, { status: 'closed' })).status).toBe(404)
  expect(
    (
      await notesRoute.POST(
        ajaxRequest(`/ajax/inbox/conversations/${convA.id}/notes`, {
          method: 'POST',
          cookie: b.cookie,
          body: { text: 'x', clientRequestId: 'note-tenant-1' },
        }),
        params({ id: String(convA.id) }),
      )
    ).status,
  ).toBe(404)
  expect(
    (
      await profileRoute.GET(
        ajaxRequest(`/ajax/inbox/conversations/${convA.id}/profile`, { cookie: b.cookie }),
        params({ id: String(convA.id) }),
      )
    ).status,
  ).toBe(404)
  const bBody = await (await updates(b.cookie, `?conversation=${convA.id}`)).json()
  expect(bBody.error).toBe('not_found')
  expect(await db.conversationMessage.count({ where: { conversationId: convA.id } })).toBe(1)

  // An analyst reads the inbox but cannot answer; a content creator cannot read it.
  const analyst = await makeUser({ companyId: a.companyId, role: 'analyst' })
  const analystCookie = await signIn(analyst.id, a.companyId)
  expect((await thread(analystCookie, convA.id)).status).toBe(200)
  expect((await reply(analystCookie, convA.id, 'hi', 'req-analyst-01')).status).toBe(403)
  expect((await patch(analystCookie, convA.id, { status: 'closed' })).status).toBe(403)
  const creator = await makeUser({ companyId: a.companyId, role: 'content_creator' })
  expect((await list(await signIn(creator.id, a.companyId))).status).toBe(403)

  // A note is the team's only: stored, never sent.
  const note = await notesRoute.POST(
    ajaxRequest(`/ajax/inbox/conversations/${convA.id}/notes`, {
      method: 'POST',
      cookie: a.cookie,
      body: { text: 'VIP customer', clientRequestId: 'note-vip-0001' },
    }),
    params({ id: String(convA.id) }),
  )
  expect(note.status).toBe(200)
  const card = await (
    await profileRoute.GET(
      ajaxRequest(`/ajax/inbox/conversations/${convA.id}/profile`, { cookie: a.cookie }),
      params({ id: String(convA.id) }),
    )
  ).json()
  expect(card).toMatchObject({ profile: { phoneNumber: '+15557001005' }, orders: [], predictedClv: null })
  expect(await db.send.count({ where: { companyId: a.companyId } })).toBe(0)
})

test("the automations' actions are applied: an automatic reply (once per message), a tag, a close, a flow entry note", async () => {
  const c = await smsCompany()
  await db.inboxSettings.create({ data: { companyId: c.companyId } })
  const intent = (key: string, phrase: string, data: Record<string, unknown>, priority: number) =>
    db.inboxIntent.create({
      data: { companyId: c.companyId, name: key, phrases: JSON.stringify([phrase]), priority, ...data },
    })
  await intent(
    'status',
    'where is my order',
    { action: 'reply', replyText: 'Hi {{ first_name|default:"there" }}, checking now.' },
    1,
  )
  await intent('vip', 'wholesale', { action: 'tag', tag: 'wholesale' }, 2)
  await intent('bye', 'no thanks', { action: 'close' }, 3)
  await intent('flow', 'sign me up', { action: 'start_flow', flowId: 'no-such-flow' }, 4)
  const sid = 'SM' + 'b'.repeat(32)
  await inboundSms(c, '+15557001006', 'Where is my order?', { MessageSid: sid })
  await inboundSms(c, '+15557001006', 'Where is my order?', { MessageSid: sid })
  await inboundSms(c, '+15557001007', 'Do you sell wholesale?')
  await inboundSms(c, '+15557001008', 'No thanks')
  await inboundSms(c, '+15557001009', 'Sign me up')
  const byPhone = async (phone: string) => {
    const p = await db.profile.findFirstOrThrow({ where: { companyId: c.companyId, phoneNumber: phone } })
    const conv = await db.conversation.findFirstOrThrow({ where: { companyId: c.companyId, profileId: p.id } })
    const msgs = await db.conversationMessage.findMany({ where: { conversationId: conv.id }, orderBy: { id: 'asc' } })
    return { conv, msgs }
  }
  const status = await byPhone('+15557001006')
  expect(status.msgs.map((m) => [m.direction, m.kind, m.body])).toEqual([
    ['in', 'message', 'Where is my order?'],
    ['out', 'automatic', 'Hi there, checking now.'],
  ])
  expect(status.msgs[1]!.sendId).toBeTruthy()
  expect(JSON.parse((await byPhone('+15557001007')).conv.tags)).toEqual(['wholesale'])
  expect((await byPhone('+15557001008')).conv.status).toBe('closed')
  const flow = await byPhone('+15557001009')
  expect(flow.msgs.map((m) => [m.kind, m.body])).toEqual([
    ['message', 'Sign me up'],
    ['note', 'start_flow:no-such-flow:not_started'],
  ])
})

test('the inbox settings choose the channels and SMS numbers that feed it; quick replies come filled in for the customer', async () => {
  const c = await smsCompany()
  await db.inboxSettings.create({
    data: {
      companyId: c.companyId,
      channels: JSON.stringify(['sms']),
      inboundNumbers: JSON.stringify(['+19999999999']),
    },
  })
  await inboundSms(c, '+15557001010', 'to a number that does not feed the inbox')
  expect(await db.conversation.count({ where: { companyId: c.companyId } })).toBe(0)
  await db.inboxSettings.update({
    where: { companyId: c.companyId },
    data: { inboundNumbers: JSON.stringify([c.number]) },
  })
  await inboundSms(c, '+15557001010', 'now it does')
  const conv = (await (await list(c.cookie)).json()).conversations[0]
  expect(conv.preview).toBe('now it does')
  await db.profile.updateMany({ where: { companyId: c.companyId }, data: { firstName: 'Bea' } })
  await db.inboxQuickReply.create({
    data: { companyId: c.companyId, name: 'Thanks', body: 'Thanks {{ first_name }}!' },
  })
  const res = await quickRepliesRoute.GET(
    ajaxRequest(`/ajax/inbox/conversations/${conv.id}/quick-replies`, { cookie: c.cookie }),
    params({ id: String(conv.id) }),
  )
  expect((await res.json()).quickReplies).toEqual([{ id: expect.any(Number), name: 'Thanks', text: 'Thanks Bea!' }])
})
