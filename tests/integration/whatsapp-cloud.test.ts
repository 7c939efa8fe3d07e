/** @jest-environment node */
// WhatsApp end to end against a local server that speaks the Cloud API: settings (token and
// app secret sealed and masked), template messages with body parameters rendered per profile,
// free text only within 24 hours of the customer's last message, Meta's error answers, the
// webhook's verify challenge, signed statuses (delivered / read / failed, once each) and
// inbound messages (Received WhatsApp Message, STOP), forged signatures, and cross-company.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)
import { db } from '@/lib/db/client'
import { makeCompany, makeUser, signIn, ajaxRequest } from '../helpers/factory'
import { startFakeWhatsApp, type FakeWhatsApp } from '../helpers/fake-whatsapp'
import { upsertProfile } from '@/lib/profiles/upsert-profile'
import { setConsent } from '@/lib/profiles/consent'
import { runJobsUntilIdle } from '@/lib/jobs/queue'
import { createSends } from '@/lib/messaging/create-sends'
import type { WhatsAppContent } from '@/lib/messaging/whatsapp/whatsapp-content'
import { ulid } from '@/lib/ids/make-id'
import { hubSignature } from '@/lib/messaging/whatsapp/whatsapp-signature'
import * as settingsRoute from '@/app/ajax/sms/whatsapp/route'
import * as sendTestRoute from '@/app/ajax/sms/whatsapp/send-test/route'
import * as webhook from '@/app/webhooks/whatsapp/route'

let cloud: FakeWhatsApp
let ids = 0
beforeAll(async () => {
  process.env.APP_URL = 'https://app.example.test'
  process.env.SECRETS_KEY = 'w'.repeat(40)
  cloud = await startFakeWhatsApp()
})
afterAll(() => cloud.close())

async function configured() {
  const co = await makeCompany()
  const u = await makeUser({ companyId: co.id })
  const cookie = await signIn(u.id, co.id)
  const phoneNumberId = String(1000000 + ++ids)
  const token = `EAAG-token-${ids}-abcdefgh`
  const appSecret = `app-secret-${ids}`
  const res = await settingsRoute.POST(
    ajaxRequest('/ajax/sms/whatsapp', {
      method: 'POST',
      cookie,
      body: {
        phoneNumberId,
        accessToken: token,
        appSecret,
        baseUrl: cloud.baseUrl,
        templates: [
          { name: 'order_shipped', language: 'en_US', bodyParameters: 2 },
          { name: 'hello_world', language: 'en_US' },
        ],
      },
    }),
  )
  expect(res.status).toBe(200)
  return { companyId: co.id, cookie, phoneNumberId, token, appSecret, view: (await res.json()).settings }
}

// The fake server checks tokens: register each company's as it is made.
async function company() {
  const c = await configured()
  cloud.tokens[c.phoneNumberId] = c.token
  return c
}

async function profile(companyId: number, phone: string, firstName = 'Ada') {
  const id = (await upsertProfile(companyId, { phoneNumber: phone, firstName }, { mode: 'import' })).profile.id
  await setConsent(companyId, id, 'whatsapp', 'subscribed', { method: 'TEST' })
  return id
}

async function send(companyId: number, profileId: string, content: WhatsAppContent, transactional = false) {
  const [created] = await createSends({
    companyId,
    channel: 'whatsapp',
    sourceType: transactional ? 'transactional' : 'campaign_message',
    transactional,
    sourceId: ulid(),
    content,
    recipients: [{ profileId, context: { event: { order: 'A-7' } } }],
  })
  await runJobsUntilIdle()
  return db.send.findUniqueOrThrow({ where: { id: created!.id } })
}

function post(payload: unknown, secret: string | null) {
  const raw = JSON.stringify(payload)
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  if (secret) headers['x-hub-signature-256'] = hubSignature(secret, raw)
  return webhook.POST(new Request('http://localhost:3000/webhooks/whatsapp', { method: 'POST', headers, body: raw }))
}

const change = (phoneNumberId: string, value: Record<string, unknown>) => ({
  object: 'whatsapp_business_account',
  entry: [
    {
      id: '99',
      changes: [
        {
          field: 'messages',
          value: {
            messaging_product: 'whatsapp',
            metadata: { display_phone_number: '15550001', phone_number_id: phoneNumberId },
            ...value,
          },
        },
      ],
    },
  ],
})
const events = (companyId: number, metric: string) =>
  db.event.findMany({ where: { companyId, metric: { name: metric } } })

test('settings: token and app secret sealed and masked; a verify token and the webhook URL are shown; bad input is a 400', async () => {
  const c = await company()
  const row = await db.whatsAppSettings.findUniqueOrThrow({ where: { companyId: c.companyId } })
  expect(row.accessTokenSealed).not.toContain(c.token)
  expect(row.appSecretSealed).not.toContain(c.appSecret)
  expect(c.view).toMatchObject({
    configured: true,
    phoneNumberId: c.phoneNumberId,
    accessTokenMask: '••••efgh',
    webhookUrl: 'https://app.example.test/webhooks/whatsapp',
  })
  expect(c.view.verifyToken).toMatch(/^[A-Za-z0-9_-]{20,}$/)
  const bad = await settingsRoute.POST(
    ajaxRequest('/ajax/sms/whatsapp', {
      method: 'POST',
      cookie: c.cookie,
      body: { phoneNumberId: 'abc', templates: [{ name: 'Bad Name', language: 'english' }] },
    }),
  )
  expect(bad.status).toBe(400)
  expect(Object.keys((await bad.json()).fieldErrors).sort()).toEqual([
    'phoneNumberId',
    'templates.0.language',
    'templates.0.name',
  ])
})

test('a template message with body parameters rendered per profile; Meta errors bounce, fail or retry', async () => {
  const c = await company()
  const ada = await profile(c.companyId, '+15552220001')
  const before = cloud.requests.length
  const row = await send(c.companyId, ada, {
    whatsappTemplate: {
      name: 'order_shipped',
      language: 'en_US',
      bodyParameters: ['{{ first_name }}', '{{ event.order }}'],
    },
  })
  expect(row).toMatchObject({ status: 'sent', provider: 'whatsapp_cloud' })
  expect(row.providerMessageId).toMatch(/^wamid\./)
  const req = cloud.requests[before]!
  expect(req).toMatchObject({ phoneNumberId: c.phoneNumberId, token: c.token })
  expect(req.body).toEqual({
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to: '15552220001',
    biz_opaque_callback_data: row.id,
    type: 'template',
    template: {
      name: 'order_shipped',
      language: { code: 'en_US' },
      components: [
        {
          type: 'body',
          parameters: [
            { type: 'text', text: 'Ada' },
            { type: 'text', text: 'A-7' },
          ],
        },
      ],
    },
  })
  expect(await events(c.companyId, 'Sent WhatsApp Message')).toHaveLength(1)

  const gone = await profile(c.companyId, '+15552220002')
  cloud.behaviour.set('15552220002', 'undeliverable')
  const bounced = await send(c.companyId, gone, { whatsappTemplate: { name: 'hello_world', language: 'en_US' } })
  expect(bounced).toMatchObject({ status: 'bounced' })
  expect(bounced.error).toContain('131026')
  expect(await events(c.companyId, 'Failed to Deliver WhatsApp Message')).toHaveLength(1)

  const busy = await profile(c.companyId, '+15552220003')
  cloud.behaviour.set('15552220003', 'rate-limit')
  expect(await send(c.companyId, busy, { whatsappTemplate: { name: 'hello_world', language: 'en_US' } })).toMatchObject(
    { status: 'deferred', reason: 'retry' },
  )
  cloud.behaviour.set('15552220003', 'server-error')
  const other = await profile(c.companyId, '+15552220004')
  cloud.behaviour.set('15552220004', 'server-error')
  expect(
    await send(c.companyId, other, { whatsappTemplate: { name: 'hello_world', language: 'en_US' } }),
  ).toMatchObject({ status: 'deferred', reason: 'retry' })

  expect(
    await send(c.companyId, ada, { whatsappTemplate: { name: 'not_approved', language: 'en_US' } }, true),
  ).toMatchObject({ status: 'failed', reason: 'template_not_approved' })
  expect(
    cloud.requests.filter((r) => (r.body.template as { name?: string } | undefined)?.name === 'not_approved'),
  ).toHaveLength(0)
})

test('free text only within 24 hours of the customer writing; inbound messages, STOP and retries through the signed webhook', async () => {
  const c = await company()
  const p = await profile(c.companyId, '+15552220010')
  const toP = () => cloud.requests.filter((r) => r.body.to === '15552220010')
  expect(await send(c.companyId, p, { text: 'Hi {{ first_name }}' })).toMatchObject({
    status: 'failed',
    reason: 'outside_window',
  })
  expect(toP()).toHaveLength(0)

  const hello = change(c.phoneNumberId, {
    contacts: [{ profile: { name: 'Ada' }, wa_id: '15552220010' }],
    messages: [
      {
        from: '15552220010',
        id: 'wamid.IN1',
        timestamp: String(Math.floor(Date.now() / 1000)),
        type: 'text',
        text: { body: 'Where is my order?' },
      },
    ],
  })
  expect((await post(hello, c.appSecret)).status).toBe(200)
  expect((await post(hello, c.appSecret)).status).toBe(200) // Meta's retry
  const received = await events(c.companyId, 'Received WhatsApp Message')
  expect(received).toHaveLength(1)
  expect(JSON.parse(received[0]!.properties)).toMatchObject({ From: '+15552220010', Body: 'Where is my order?' })

  const text = await send(c.companyId, p, { text: 'Hi {{ first_name }}, it ships today.' })
  expect(text).toMatchObject({ status: 'sent' })
  expect(cloud.requests.at(-1)!.body).toMatchObject({
    type: 'text',
    text: { body: 'Hi Ada, it ships today.' },
    to: '15552220010',
  })

  const stop = change(c.phoneNumberId, {
    messages: [{ from: '15552220010', id: 'wamid.IN2', type: 'text', text: { body: 'Stop' } }],
  })
  expect((await post(stop, c.appSecret)).status).toBe(200)
  expect(await db.profileConsent.findFirst({ where: { profileId: p, channel: 'whatsapp' } })).toMatchObject({
    status: 'unsubscribed',
    method: 'KEYWORD',
    source: 'whatsapp_keyword:STOP',
  })
  expect(await events(c.companyId, 'Unsubscribed from WhatsApp')).toHaveLength(1)
  expect(await send(c.companyId, p, { whatsappTemplate: { name: 'hello_world', language: 'en_US' } })).toMatchObject({
    status: 'skipped',
    reason: 'unsubscribed',
  })

  // A new number writing in gets a profile.
  await post(
    change(c.phoneNumberId, {
      messages: [{ from: '15552220099', id: 'wamid.IN3', type: 'text', text: { body: 'hi' } }],
    }),
    c.appSecret,
  )
  expect(await db.profile.count({ where: { companyId: c.companyId, phoneNumber: '+15552220099' } })).toBe(1)
})

test('statuses: delivered, read (one event) and failed (one event), only with a valid signature and the right wamid', async () => {
  const c = await company()
  const p = await profile(c.companyId, '+15552220020')
  const a = await send(c.companyId, p, { whatsappTemplate: { name: 'hello_world', language: 'en_US' } })
  const status = (s: Record<string, unknown>) =>
    change(c.phoneNumberId, { statuses: [{ recipient_id: '15552220020', timestamp: '1', ...s }] })

  expect(
    (
      await post(
        status({ id: a.providerMessageId, status: 'delivered', biz_opaque_callback_data: a.id }),
        'wrong-secret',
      )
    ).status,
  ).toBe(403)
  expect(
    (await post(status({ id: a.providerMessageId, status: 'delivered', biz_opaque_callback_data: a.id }), null)).status,
  ).toBe(403)
  expect((await db.send.findUniqueOrThrow({ where: { id: a.id } })).status).toBe('sent')
  // Right signature, wrong wamid: nothing.
  await post(status({ id: 'wamid.other', status: 'failed', biz_opaque_callback_data: a.id }), c.appSecret)
  expect((await db.send.findUniqueOrThrow({ where: { id: a.id } })).status).toBe('sent')

  await post(status({ id: a.providerMessageId, status: 'delivered', biz_opaque_callback_data: a.id }), c.appSecret)
  expect((await db.send.findUniqueOrThrow({ where: { id: a.id } })).status).toBe('delivered')
  await post(status({ id: a.providerMessageId, status: 'read', biz_opaque_callback_data: a.id }), c.appSecret)
  await post(status({ id: a.providerMessageId, status: 'read', biz_opaque_callback_data: a.id }), c.appSecret)
  expect(await events(c.companyId, 'Read WhatsApp Message')).toHaveLength(1)

  const b = await send(c.companyId, p, { whatsappTemplate: { name: 'hello_world', language: 'en_US' } }, true)
  const failed = status({
    id: b.providerMessageId,
    status: 'failed',
    biz_opaque_callback_data: b.id,
    errors: [{ code: 131026, title: 'Message undeliverable', message: 'Message undeliverable' }],
  })
  await post(failed, c.appSecret)
  await post(failed, c.appSecret)
  expect(await db.send.findUniqueOrThrow({ where: { id: b.id } })).toMatchObject({
    status: 'failed',
    reason: 'undelivered',
    error: 'WhatsApp error 131026: Message undeliverable',
  })
  expect(await events(c.companyId, 'Failed to Deliver WhatsApp Message')).toHaveLength(1)
})

test('webhook verification challenge', async () => {
  const c = await company()
  const verify = (q: string) => webhook.GET(new Request(`http://localhost:3000/webhooks/whatsapp?${q}`))
  const ok = await verify(`hub.mode=subscribe&hub.verify_token=${c.view.verifyToken}&hub.challenge=1158201444`)
  expect(ok.status).toBe(200)
  expect(await ok.text()).toBe('1158201444')
  expect((await verify('hub.mode=subscribe&hub.verify_token=guess&hub.challenge=1')).status).toBe(403)
  expect((await verify(`hub.mode=unsubscribe&hub.verify_token=${c.view.verifyToken}&hub.challenge=1`)).status).toBe(403)
  expect(
    (await webhook.POST(new Request('http://localhost:3000/webhooks/whatsapp', { method: 'POST', body: '{not json' })))
      .status,
  ).toBe(400)
})

test("cross-company: one company cannot read the other's settings, take its number id, or touch its sends with its own secret", async () => {
  const a = await company()
  const b = await company()
  const p = await profile(a.companyId, '+15552220030')
  const sent = await send(a.companyId, p, { whatsappTemplate: { name: 'hello_world', language: 'en_US' } })
  const gotB = await (await settingsRoute.GET(ajaxRequest('/ajax/sms/whatsapp', { cookie: b.cookie }))).json()
  expect(gotB.settings.phoneNumberId).toBe(b.phoneNumberId)
  expect(JSON.stringify(gotB)).not.toContain(a.phoneNumberId)

  const take = await settingsRoute.POST(
    ajaxRequest('/ajax/sms/whatsapp', { method: 'POST', cookie: b.cookie, body: { phoneNumberId: a.phoneNumberId } }),
  )
  expect(take.status).toBe(400)
  expect((await take.json()).fieldErrors.phoneNumberId).toEqual([
    'This phone number id is connected to another account.',
  ])

  // B signs a status for A's send under A's phone number id: A's secret does not verify it.
  const forged = change(a.phoneNumberId, {
    statuses: [{ id: sent.providerMessageId, status: 'failed', biz_opaque_callback_data: sent.id }],
  })
  expect((await post(forged, b.appSecret)).status).toBe(403)
  // …or under its own phone number id: A's send is not B's.
  const own = change(b.phoneNumberId, {
    statuses: [{ id: sent.providerMessageId, status: 'failed', biz_opaque_callback_data: sent.id }],
  })
  expect((await post(own, b.appSecret)).status).toBe(200)
  expect((await db.send.findUniqueOrThrow({ where: { id: sent.id } })).status).toBe('sent')
})

test('send test', async () => {
  const c = await company()
  const ok = await sendTestRoute.POST(
    ajaxRequest('/ajax/sms/whatsapp/send-test', {
      method: 'POST',
      cookie: c.cookie,
      body: { to: '+15552220040', templateName: 'hello_world', language: 'en_US' },
    }),
  )
  expect(ok.status).toBe(200)
  expect((await ok.json()).id).toMatch(/^wamid\./)
  cloud.behaviour.set('15552220041', 'undeliverable')
  const refused = await sendTestRoute.POST(
    ajaxRequest('/ajax/sms/whatsapp/send-test', {
      method: 'POST',
      cookie: c.cookie,
      body: { to: '+15552220041', templateName: 'hello_world', language: 'en_US' },
    }),
  )
  expect(refused.status).toBe(400)
  expect((await refused.json()).message).toContain('131026')
})
