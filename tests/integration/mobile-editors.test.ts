/** @jest-environment node */
// Issue 25 §3 step 3, the editors' server side through their real route handlers: the push
// editor (get and put on a campaign's and a flow's message, field errors, tenancy, the preview's
// payloads, a test send to a chosen device of a profile reaching the FCM and APNs stand-ins);
// the SMS editor (preview with segments and cost, a test text reaching the Twilio stand-in);
// WhatsApp templates (create with its variables, submit to the Cloud API stand-in, PENDING →
// APPROVED or REJECTED by polling, an approved one becomes sendable).
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)
import { db } from '@/lib/db/client'
import { ulid } from '@/lib/ids/make-id'
import { upsertProfile } from '@/lib/profiles/upsert-profile'
import { ajaxRequest, makeCompany, makeUser, params, signIn } from '../helpers/factory'
import { startFakeApns, type FakeApns } from '../helpers/fake-apns'
import { startFakeFcm, type FakeFcm } from '../helpers/fake-fcm'
import { startFakeTwilio, type FakeTwilio } from '../helpers/fake-twilio'
import { startFakeWhatsApp, type FakeWhatsApp } from '../helpers/fake-whatsapp'
import { closeApnsSessions } from '@/lib/messaging/push/apns-client'
import { forgetAccessToken } from '@/lib/messaging/push/fcm-client'
import { savePushServiceAccount } from '@/lib/messaging/push/push-settings'
import { saveApnsKey } from '@/lib/messaging/push/apns-settings'
import { saveSmsSettings, saveSmsSettingsBody } from '@/lib/messaging/sms/sms-settings'
import { saveWhatsAppSettings, saveWhatsAppSettingsBody } from '@/lib/messaging/whatsapp/whatsapp-settings'
import * as pushMessage from '@/app/ajax/push/messages/[id]/route'
import * as pushPreview from '@/app/ajax/push/messages/[id]/preview/route'
import * as pushSendTest from '@/app/ajax/push/messages/[id]/send-test/route'
import * as testDevices from '@/app/ajax/push/test-devices/route'
import * as smsMessage from '@/app/ajax/sms/messages/[id]/route'
import * as smsPreview from '@/app/ajax/sms/messages/[id]/preview/route'
import * as smsSendTest from '@/app/ajax/sms/messages/[id]/send-test/route'
import * as pushReport from '@/app/ajax/push/messages/[id]/report/route'
import * as smsReport from '@/app/ajax/sms/messages/[id]/report/route'
import { createSends } from '@/lib/messaging/create-sends'
import { deliverSends } from '@/lib/messaging/deliver-sends'
import { handleWhatsAppWebhook } from '@/lib/messaging/whatsapp/handle-whatsapp-webhook'
import { hubSignature } from '@/lib/messaging/whatsapp/whatsapp-signature'
import * as templates from '@/app/ajax/mobile/whatsapp-templates/route'
import * as submit from '@/app/ajax/mobile/whatsapp-templates/[id]/submit/route'
import * as status from '@/app/ajax/mobile/whatsapp-templates/[id]/status/route'

let apns: FakeApns
let fcm: FakeFcm
let twilio: FakeTwilio
let whatsapp: FakeWhatsApp
const SID = 'AC' + '7'.repeat(32)
beforeAll(async () => {
  apns = await startFakeApns()
  fcm = await startFakeFcm()
  twilio = await startFakeTwilio({ [SID]: 'tok' })
  whatsapp = await startFakeWhatsApp({ '1234567': 'wa-token' })
  process.env.APNS_API_URL = apns.baseUrl
  process.env.FCM_API_URL = fcm.url
})
afterAll(async () => {
  closeApnsSessions()
  await Promise.all([apns.close(), fcm.close(), twilio.close(), whatsapp.close()])
})
beforeEach(() => forgetAccessToken())

type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>
async function call(h: unknown, path: string, cookie: string, method = 'GET', body?: unknown, id = '') {
  const res = await (h as Handler)(ajaxRequest(path, { method, cookie, body }), params(id ? { id } : {}))
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON answers
  return { status: res.status, json: (await res.json()) as any }
}

async function account(role = 'owner') {
  const company = await makeCompany()
  const user = await makeUser({ companyId: company.id, role })
  return { company, cookie: await signIn(user.id, company.id) }
}
async function pushMessages(companyId: number) {
  const campaignMsg = await db.campaignMessage.create({
    data: {
      id: ulid(),
      companyId,
      campaignId: 'c1',
      channel: 'mobile_push',
      content: JSON.stringify({ title: 'Old', body: 'Old body', extra: 'kept' }),
    },
  })
  const flowMsg = await db.flowMessage.create({
    data: {
      id: ulid(),
      companyId,
      flowId: 'f1',
      actionId: 'a1',
      channel: 'push',
      definition: JSON.stringify({ title: 'Flow', body: 'x', on_open: 'link', link_url: 'shop://old', badge: true }),
    },
  })
  return { campaignId: campaignMsg.id, flowId: flowMsg.id }
}

const goodPush = {
  title: 'Hi {{ first_name }}',
  body: 'Your cart misses you',
  imageUrl: 'https://cdn.example.com/cart.png',
  openAction: { type: 'deep_link', url: 'shop://cart' },
  badgeAction: { type: 'set_count', count: 2 },
  notificationType: 'standard',
}

describe('push editor', () => {
  test('get and put on a campaign message and a flow message; other keys kept; older flow fields read', async () => {
    const { company, cookie } = await account()
    const { campaignId, flowId } = await pushMessages(company.id)
    const flow = await call(pushMessage.GET, `/ajax/push/messages/${flowId}`, cookie, 'GET', undefined, flowId)
    expect(flow.json.message).toMatchObject({
      source: 'flow',
      openAction: { type: 'deep_link', url: 'shop://old' },
      badgeAction: { type: 'increment' },
    })
    const put = await call(pushMessage.PUT, `/ajax/push/messages/${campaignId}`, cookie, 'PUT', goodPush, campaignId)
    expect(put.status).toBe(200)
    expect(put.json.message).toMatchObject({ ...goodPush, source: 'campaign' })
    const stored = JSON.parse((await db.campaignMessage.findUniqueOrThrow({ where: { id: campaignId } })).content)
    expect(stored).toMatchObject({ extra: 'kept', badge_action: { type: 'set_count', count: 2 } })
  })

  test('bad input: 400 with field errors; another company: 404; a reader cannot save', async () => {
    const { company, cookie } = await account()
    const { campaignId } = await pushMessages(company.id)
    const bad = await call(
      pushMessage.PUT,
      `/ajax/push/messages/${campaignId}`,
      cookie,
      'PUT',
      {
        title: 'x',
        body: '',
        imageUrl: 'ftp://nope',
        openAction: { type: 'deep_link', url: '' },
        badgeAction: { type: 'set_property' },
        notificationType: 'loud',
      },
      campaignId,
    )
    expect(bad.status).toBe(400)
    expect(Object.keys(bad.json.fieldErrors).sort()).toEqual(
      ['badgeAction.property', 'imageUrl', 'notificationType', 'openAction.url'].sort(),
    )
    const noBody = await call(pushMessage.PUT, '/x', cookie, 'PUT', { ...goodPush, body: ' ' }, campaignId)
    expect(noBody.json.fieldErrors).toEqual({ body: ['Enter the message.'] })
    // a silent push needs no words
    const silent = { ...goodPush, title: '', body: '', notificationType: 'silent' }
    expect((await call(pushMessage.PUT, '/x', cookie, 'PUT', silent, campaignId)).status).toBe(200)
    const other = await account()
    expect((await call(pushMessage.GET, '/x', other.cookie, 'GET', undefined, campaignId)).status).toBe(404)
    expect((await call(pushMessage.PUT, '/x', other.cookie, 'PUT', goodPush, campaignId)).status).toBe(404)
    expect((await call(pushPreview.POST, '/x', other.cookie, 'POST', {}, campaignId)).status).toBe(404)
    const analyst = await makeUser({ companyId: company.id, role: 'analyst' })
    const aCookie = await signIn(analyst.id, company.id)
    expect((await call(pushMessage.GET, '/x', aCookie, 'GET', undefined, campaignId)).status).toBe(200)
    expect((await call(pushMessage.PUT, '/x', aCookie, 'PUT', goodPush, campaignId)).status).toBe(403)
  })

  test('preview renders for a profile with the FCM and APNs payloads', async () => {
    const { company, cookie } = await account()
    const { campaignId } = await pushMessages(company.id)
    await call(pushMessage.PUT, '/x', cookie, 'PUT', goodPush, campaignId)
    const { profile } = await upsertProfile(
      company.id,
      { email: 'ada@example.com', firstName: 'Ada' },
      { mode: 'import' },
    )
    const r = await call(pushPreview.POST, '/x', cookie, 'POST', { profileId: profile.id }, campaignId)
    expect({ status: r.status, json: r.json }).toMatchObject({ status: 200 })
    expect(r.json.rendered).toMatchObject({ title: 'Hi Ada', openUrl: 'shop://cart', badge: { kind: 'set', count: 2 } })
    expect(r.json.ios.payload.aps).toMatchObject({ badge: 2, alert: { title: 'Hi Ada' } })
    expect(r.json.android.android.notification).toEqual({
      image: 'https://cdn.example.com/cart.png',
      notification_count: 2,
    })
    // sample profile when none is chosen; a profile of another company is not found
    expect((await call(pushPreview.POST, '/x', cookie, 'POST', {}, campaignId)).json.rendered.title).toBe('Hi Jane')
    const other = await account()
    const { profile: foreign } = await upsertProfile(other.company.id, { email: 'x@example.com' }, { mode: 'import' })
    expect((await call(pushPreview.POST, '/x', cookie, 'POST', { profileId: foreign.id }, campaignId)).status).toBe(404)
  })

  test('send test to a chosen device of a profile reaches the FCM and APNs stand-ins', async () => {
    const { company, cookie } = await account()
    const { campaignId } = await pushMessages(company.id)
    await call(pushMessage.PUT, '/x', cookie, 'PUT', goodPush, campaignId)
    await savePushServiceAccount(company.id, fcm.serviceAccount())
    await saveApnsKey(company.id, {
      keyId: apns.keyId,
      teamId: apns.teamId,
      bundleId: apns.bundleId,
      privateKey: apns.privateKeyPem,
      environment: 'sandbox',
    })
    const { profile } = await upsertProfile(
      company.id,
      { email: 'ada@example.com', firstName: 'Ada' },
      { mode: 'import' },
    )
    const tok = (token: string, vendor: string) =>
      db.pushToken.create({
        data: {
          id: ulid(),
          companyId: company.id,
          profileId: profile.id,
          token,
          vendor,
          platform: vendor === 'apns' ? 'ios' : 'android',
        },
      })
    const android = await tok('android-test-1', 'fcm')
    const ios = await tok('c'.repeat(64), 'apns')
    const devices = await call(testDevices.GET, '/ajax/push/test-devices?q=ada@example.com', cookie)
    expect(devices.json.devices.map((d: { id: string }) => d.id).sort()).toEqual([android.id, ios.id].sort())

    const a = await call(
      pushSendTest.POST,
      '/x',
      cookie,
      'POST',
      { profileId: profile.id, tokenId: android.id },
      campaignId,
    )
    expect(a.json).toMatchObject({ ok: true, provider: 'fcm' })
    const sent = fcm.sent.find((s) => s.message.token === 'android-test-1')!.message as Record<
      string,
      Record<string, unknown>
    >
    expect(sent.notification).toMatchObject({ title: 'Hi Ada', body: 'Your cart misses you' })
    expect(sent.data).toMatchObject({ test: '1', url: 'shop://cart' })

    const i = await call(
      pushSendTest.POST,
      '/x',
      cookie,
      'POST',
      { profileId: profile.id, tokenId: ios.id },
      campaignId,
    )
    expect(i.json).toMatchObject({ ok: true, provider: 'apns' })
    expect(apns.hits.find((h) => h.token === 'c'.repeat(64))!.payload.aps).toMatchObject({ badge: 2 })

    // a token Apple calls gone is unregistered by the test too
    apns.gone.add('d'.repeat(64))
    const gone = await tok('d'.repeat(64), 'apns')
    const g = await call(
      pushSendTest.POST,
      '/x',
      cookie,
      'POST',
      { profileId: profile.id, tokenId: gone.id },
      campaignId,
    )
    expect(g.json).toMatchObject({ ok: false, kind: 'invalid_token' })
    expect((await db.pushToken.findUniqueOrThrow({ where: { id: gone.id } })).unregisteredAt).not.toBeNull()

    // bad input and another company's device
    const bad = await call(pushSendTest.POST, '/x', cookie, 'POST', { profileId: '' }, campaignId)
    expect(bad.status).toBe(400)
    expect(Object.keys(bad.json.fieldErrors).sort()).toEqual(['profileId', 'tokenId'])
    const other = await account()
    const { profile: op } = await upsertProfile(other.company.id, { email: 'o@example.com' }, { mode: 'import' })
    const foreign = await db.pushToken.create({
      data: {
        id: ulid(),
        companyId: other.company.id,
        profileId: op.id,
        token: 'foreign-1',
        vendor: 'fcm',
        platform: 'android',
      },
    })
    expect(
      (await call(pushSendTest.POST, '/x', cookie, 'POST', { profileId: op.id, tokenId: foreign.id }, campaignId))
        .status,
    ).toBe(404)
    expect((await call(testDevices.GET, '/ajax/push/test-devices?q=o@example.com', cookie)).json.devices).toEqual([])
  })
})

describe('sent message report and preview (/notification/… and /sms/…)', () => {
  test('counts by status, recipients, one recipient rendered; type, tenancy and bad input', async () => {
    const { company, cookie } = await account()
    const { campaignId } = await pushMessages(company.id)
    await call(pushMessage.PUT, '/x', cookie, 'PUT', goodPush, campaignId)
    await savePushServiceAccount(company.id, fcm.serviceAccount())
    const { profile } = await upsertProfile(
      company.id,
      { email: 'r@example.com', firstName: 'Ria' },
      { mode: 'import' },
    )
    await db.pushToken.create({
      data: {
        id: ulid(),
        companyId: company.id,
        profileId: profile.id,
        token: 'rep-1',
        vendor: 'fcm',
        platform: 'android',
      },
    })
    await createSends({
      companyId: company.id,
      channel: 'push',
      sourceType: 'campaign_message',
      sourceId: campaignId,
      transactional: true,
      content: { subject: 'Hi {{ first_name }}', text: 'Sent' },
      recipients: [{ profileId: profile.id, context: {} }],
    })
    await deliverSends({ companyId: company.id, channel: 'push', sourceType: 'campaign_message', sourceId: campaignId })
    const q = '/x?messageType=campaign'
    const r = await call(pushReport.GET, q, cookie, 'GET', undefined, campaignId)
    expect(r.json.counts).toEqual({ sent: 1 })
    expect(r.json.recipients).toMatchObject([{ profileId: profile.id, email: 'r@example.com', status: 'sent' }])
    const one = await call(pushReport.POST, `${q}&recipientId=${profile.id}`, cookie, 'POST', undefined, campaignId)
    expect(one.json.push.rendered.title).toBe('Hi Ria')
    const nobody = await call(pushReport.GET, `${q}&recipientId=nobody`, cookie, 'GET', undefined, campaignId)
    expect(nobody.status).toBe(404)
    expect((await call(pushReport.GET, '/x?messageType=flow', cookie, 'GET', undefined, campaignId)).status).toBe(404)
    expect((await call(pushReport.GET, '/x?messageType=nope', cookie, 'GET', undefined, campaignId)).status).toBe(400)
    expect((await call(smsReport.GET, q, cookie, 'GET', undefined, campaignId)).status).toBe(404) // not an SMS
    const other = await account()
    expect((await call(pushReport.GET, q, other.cookie, 'GET', undefined, campaignId)).status).toBe(404)
  })
})

test("a flow message's report counts the sends of every run of its action, and no other action's", async () => {
  const { company, cookie } = await account()
  const { flowId } = await pushMessages(company.id)
  const { profile } = await upsertProfile(company.id, { email: 'f@example.com' }, { mode: 'import' })
  const { profile: p2 } = await upsertProfile(company.id, { email: 'g@example.com' }, { mode: 'import' })
  const send = (sourceId: string, profileId: string, status: string) =>
    db.send.create({
      data: {
        id: ulid(),
        companyId: company.id,
        channel: 'push',
        sourceType: 'flow_action_run',
        sourceId,
        profileId,
        status,
        content: '{}',
        context: '{}',
      },
    })
  await send('a1:run-1', profile.id, 'sent')
  await send('a1:run-2', p2.id, 'failed')
  await send('a10:run-3', profile.id, 'sent') // another action whose id starts the same
  const r = await call(pushReport.GET, '/x?messageType=flow', cookie, 'GET', undefined, flowId)
  expect(r.json.counts).toEqual({ sent: 1, failed: 1 })
  expect(r.json.recipients).toHaveLength(2)
})

describe('SMS editor', () => {
  test('save, preview with segments and cost, test text reaches the provider; bad input', async () => {
    const { company, cookie } = await account()
    await saveSmsSettings(
      company.id,
      saveSmsSettingsBody.parse({
        accountSid: SID,
        authToken: 'tok',
        senderNumber: '+15005550001',
        phoneNumbers: ['+15005550001'],
        baseUrl: twilio.baseUrl,
      }),
    )
    const m = await db.campaignMessage.create({
      data: { id: ulid(), companyId: company.id, campaignId: 'c1', channel: 'sms', content: '{}' },
    })
    expect((await call(smsMessage.PUT, '/x', cookie, 'PUT', { body: '' }, m.id)).json.fieldErrors.body).toBeDefined()
    const saved = await call(smsMessage.PUT, '/x', cookie, 'PUT', { body: 'Hi {{ first_name }}, 20% off: SALE' }, m.id)
    expect(saved.json.message.body).toBe('Hi {{ first_name }}, 20% off: SALE')
    const { profile } = await upsertProfile(company.id, { email: 'b@example.com', firstName: 'Bo' }, { mode: 'import' })
    const p = await call(smsPreview.POST, '/x', cookie, 'POST', { profileId: profile.id, recipients: 1000 }, m.id)
    expect(p.json.text).toBe('Hi Bo, 20% off: SALE')
    expect(p.json.estimate).toMatchObject({ segments: 1, recipients: 1000, encoding: 'GSM-7' })
    expect(p.json.estimate.totalCost).toBeCloseTo(1000 * p.json.estimate.costPerSegment)
    const t = await call(smsSendTest.POST, '/x', cookie, 'POST', { profileId: profile.id, to: '+15005550006' }, m.id)
    expect(t.status).toBe(200)
    expect(twilio.requests.at(-1)!.form).toMatchObject({ To: '+15005550006', Body: 'Hi Bo, 20% off: SALE' })
    expect((await call(smsSendTest.POST, '/x', cookie, 'POST', { to: '555' }, m.id)).json.fieldErrors.to).toBeDefined()
    const other = await account()
    expect((await call(smsMessage.GET, '/x', other.cookie, 'GET', undefined, m.id)).status).toBe(404)
  })
})

describe('WhatsApp templates', () => {
  let phoneIds = 1234567
  async function withWhatsApp(businessAccountId = '7654321') {
    const a = await account()
    const phoneNumberId = String(++phoneIds)
    whatsapp.tokens[phoneNumberId] = 'wa-token'
    await saveWhatsAppSettings(
      a.company.id,
      saveWhatsAppSettingsBody.parse({
        phoneNumberId,
        businessAccountId,
        accessToken: 'wa-token',
        appSecret: 'app-secret',
        baseUrl: whatsapp.baseUrl,
      }),
    )
    return a
  }
  const tpl = (over: Record<string, unknown> = {}) => ({
    name: 'order_shipped',
    language: 'en_US',
    category: 'UTILITY',
    body: 'Hi {{1}}, order {{2}} has shipped.',
    examples: ['Ada', 'A-1001'],
    ...over,
  })

  test('create, submit for approval, PENDING → APPROVED by polling; approved becomes sendable', async () => {
    const { company, cookie } = await withWhatsApp()
    const c = await call(templates.POST, '/x', cookie, 'POST', tpl())
    expect(c.status).toBe(201)
    expect(c.json.template).toMatchObject({ status: 'DRAFT', variables: 2 })
    const id = c.json.template.id
    const s = await call(submit.POST, '/x', cookie, 'POST', undefined, id)
    expect(s.json.template).toMatchObject({ status: 'PENDING' })
    const sentToMeta = [...whatsapp.templates.values()].at(-1)!
    expect(sentToMeta.businessAccountId).toBe('7654321')
    expect(sentToMeta.body).toMatchObject({
      name: 'order_shipped',
      components: [
        { type: 'BODY', text: 'Hi {{1}}, order {{2}} has shipped.', example: { body_text: [['Ada', 'A-1001']] } },
      ],
    })
    expect((await call(status.POST, '/x', cookie, 'POST', undefined, id)).json.template.status).toBe('PENDING')
    whatsapp.templates.get(s.json.template.vendorId)!.status = 'APPROVED'
    expect((await call(status.POST, '/x', cookie, 'POST', undefined, id)).json.template.status).toBe('APPROVED')
    const settings = await db.whatsAppSettings.findUniqueOrThrow({ where: { companyId: company.id } })
    expect(JSON.parse(settings.templates)).toEqual([{ name: 'order_shipped', language: 'en_US', bodyParameters: 2 }])
    // submitting again is refused
    expect((await call(submit.POST, '/x', cookie, 'POST', undefined, id)).status).toBe(400)
  })

  test('REJECTED with its reason; bad input; another company cannot see or submit', async () => {
    const { cookie } = await withWhatsApp()
    const id = (await call(templates.POST, '/x', cookie, 'POST', tpl({ name: 'promo' }))).json.template.id
    const s = await call(submit.POST, '/x', cookie, 'POST', undefined, id)
    Object.assign(whatsapp.templates.get(s.json.template.vendorId)!, { status: 'REJECTED', reason: 'INVALID_FORMAT' })
    expect((await call(status.POST, '/x', cookie, 'POST', undefined, id)).json.template).toMatchObject({
      status: 'REJECTED',
      rejectedReason: 'INVALID_FORMAT',
    })
    const bad = await call(templates.POST, '/x', cookie, 'POST', tpl({ name: 'Bad Name', body: 'Hi {{1}} {{3}}' }))
    expect(Object.keys(bad.json.fieldErrors).sort()).toEqual(['body', 'name'])
    const few = await call(templates.POST, '/x', cookie, 'POST', tpl({ name: 'few', examples: ['Ada'] }))
    expect(few.json.fieldErrors.examples).toBeDefined()
    expect((await call(templates.POST, '/x', cookie, 'POST', tpl({ name: 'promo' }))).status).toBe(400) // duplicate
    const other = await withWhatsApp()
    expect((await call(submit.POST, '/x', other.cookie, 'POST', undefined, id)).status).toBe(404)
    expect((await call(templates.GET, '/x', other.cookie)).json.templates).toEqual([])
  })

  test('the message_template_status_update webhook, signed by the company, approves its template only', async () => {
    const { company, cookie } = await withWhatsApp('8888001')
    const other = await withWhatsApp('8888002')
    const id = (await call(templates.POST, '/x', cookie, 'POST', tpl({ name: 'hooked' }))).json.template.id
    const vendorId = (await call(submit.POST, '/x', cookie, 'POST', undefined, id)).json.template.vendorId
    const otherId = (await call(templates.POST, '/x', other.cookie, 'POST', tpl({ name: 'hooked' }))).json.template.id
    await call(submit.POST, '/x', other.cookie, 'POST', undefined, otherId)
    const body = (waba: string, event: string, reason = 'NONE') =>
      JSON.stringify({
        object: 'whatsapp_business_account',
        entry: [
          {
            id: waba,
            changes: [
              {
                field: 'message_template_status_update',
                value: { event, message_template_id: Number(vendorId), message_template_name: 'hooked', reason },
              },
            ],
          },
        ],
      })
    // unsigned, or for another account: refused or ignored, nothing changes
    const bad = body('8888001', 'APPROVED')
    expect((await handleWhatsAppWebhook(bad, 'sha256=00')).status).toBe(403)
    const wrongAccount = body('8888002', 'APPROVED')
    expect((await handleWhatsAppWebhook(wrongAccount, hubSignature('app-secret', wrongAccount))).status).toBe(200)
    const status = async (cookieOf: string, tid: string) =>
      (await call(templates.GET, '/x', cookieOf)).json.templates.find((t: { id: string }) => t.id === tid).status
    expect(await status(cookie, id)).toBe('PENDING')
    expect(await status(other.cookie, otherId)).toBe('PENDING')
    const ok = body('8888001', 'APPROVED')
    expect((await handleWhatsAppWebhook(ok, hubSignature('app-secret', ok))).status).toBe(200)
    expect(await status(cookie, id)).toBe('APPROVED')
    expect(await status(other.cookie, otherId)).toBe('PENDING')
    const settings = await db.whatsAppSettings.findUniqueOrThrow({ where: { companyId: company.id } })
    expect(JSON.parse(settings.templates)).toEqual([{ name: 'hooked', language: 'en_US', bodyParameters: 2 }])
  })

  test('submit without WhatsApp settings: a 400 naming what is missing', async () => {
    const { cookie } = await account()
    const id = (await call(templates.POST, '/x', cookie, 'POST', tpl())).json.template.id
    const r = await call(submit.POST, '/x', cookie, 'POST', undefined, id)
    expect(r.status).toBe(400)
    expect(r.json.message).toContain('WhatsApp settings')
  })
})
