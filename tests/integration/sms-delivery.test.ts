/** @jest-environment node */
// SMS end to end against a local server that speaks Twilio's Messages API: the settings saved
// through /ajax/sms/account (token sealed at rest, masked on read), delivery rendered per
// profile with the status callback, Twilio's answers (201, 400 code 21211, 500, no connection,
// no answer), the segment limit, signed status callbacks (valid and forged), and one company
// unable to see or touch another's settings, numbers or sends.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)
import { db } from '@/lib/db/client'
import { makeCompany, makeUser, signIn, ajaxRequest } from '../helpers/factory'
import { startFakeTwilio, type FakeTwilio } from '../helpers/fake-twilio'
import { upsertProfile } from '@/lib/profiles/upsert-profile'
import { setConsent } from '@/lib/profiles/consent'
import { runJobsUntilIdle } from '@/lib/jobs/queue'
import { createSends } from '@/lib/messaging/create-sends'
import { ulid } from '@/lib/ids/make-id'
import { twilioSignature } from '@/lib/messaging/sms/twilio-signature'
import { verifySmsUnsubscribeToken } from '@/lib/messaging/sms/sms-unsubscribe-token'
import * as accountRoute from '@/app/ajax/sms/account/route'
import * as estimateRoute from '@/app/ajax/sms/estimate/route'
import * as sendTestRoute from '@/app/ajax/sms/send-test/route'
import * as statusRoute from '@/app/webhooks/sms/status/route'

const APP = 'https://app.example.test'
const SID_A = 'AC' + 'a'.repeat(32)
const SID_B = 'AC' + 'b'.repeat(32)
const TOKEN_A = 'token-a-0123456789abcdef'
const TOKEN_B = 'token-b-0123456789abcdef'
let twilio: FakeTwilio

beforeAll(async () => {
  process.env.APP_URL = APP
  process.env.SECRETS_KEY = 's'.repeat(40)
  process.env.SMS_PROVIDER_TIMEOUT_MS = '2000'
  twilio = await startFakeTwilio({ [SID_A]: TOKEN_A, [SID_B]: TOKEN_B })
})
afterAll(() => twilio.close())

async function owner(companyId: number) {
  const u = await makeUser({ companyId })
  return signIn(u.id, companyId)
}

const settingsBody = (over: Record<string, unknown> = {}) => ({
  accountSid: SID_A,
  authToken: TOKEN_A,
  senderNumber: '+15550000001',
  phoneNumbers: ['+15550000001'],
  baseUrl: twilio.baseUrl,
  helpText: 'Shop help: reply STOP to opt out.',
  maxSegments: 2,
  quietHours: { enabled: false, start: '21:00', end: '08:00' },
  ...over,
})

let numbers = 0
async function configured(over: Record<string, unknown> = {}) {
  const co = await makeCompany()
  const cookie = await owner(co.id)
  // Each company its own sender number (a number belongs to one account); the first keeps +15550000001.
  const own = numbers++
    ? {
        senderNumber: `+1555100${String(numbers).padStart(4, '0')}`,
        phoneNumbers: [`+1555100${String(numbers).padStart(4, '0')}`],
      }
    : {}
  const res = await accountRoute.POST(
    ajaxRequest('/ajax/sms/account', { method: 'POST', cookie, body: settingsBody({ ...own, ...over }) }),
  )
  expect(res.status).toBe(200)
  return { companyId: co.id, cookie }
}

async function phoneProfile(companyId: number, phone: string, firstName = 'Ada') {
  return (await upsertProfile(companyId, { phoneNumber: phone, firstName }, { mode: 'import' })).profile.id
}

async function send(companyId: number, profileId: string, text: string, transactional = true) {
  const sourceId = ulid()
  const [created] = await createSends({
    companyId,
    channel: 'sms',
    sourceType: 'transactional',
    sourceId,
    transactional,
    content: { text },
    recipients: [{ profileId }],
  })
  await runJobsUntilIdle()
  return db.send.findUniqueOrThrow({ where: { id: created!.id } })
}

const eventsOf = async (companyId: number, profileId: string, metric: string) =>
  db.event.findMany({ where: { companyId, profileId, metric: { name: metric } } })

function statusRequest(url: string, params: Record<string, string>, token: string | null) {
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' }
  if (token) headers['x-twilio-signature'] = twilioSignature(token, url, params)
  // Twilio calls the public address; the server sees its own host.
  const local = url.replace(APP, 'http://localhost:3000')
  return statusRoute.POST(new Request(local, { method: 'POST', headers, body: new URLSearchParams(params).toString() }))
}

test('settings: the auth token is sealed at rest and masked on read; a blank token keeps it; bad input is a 400 with field errors', async () => {
  const { companyId, cookie } = await configured()
  const row = await db.smsSettings.findUniqueOrThrow({ where: { companyId } })
  expect(row.authTokenSealed).not.toContain(TOKEN_A)
  const got = await (await accountRoute.GET(ajaxRequest('/ajax/sms/account', { cookie }))).json()
  expect(got.settings).toMatchObject({
    configured: true,
    accountSid: SID_A,
    authTokenMask: '••••cdef',
    phoneNumbers: ['+15550000001'],
    maxSegments: 2,
  })
  expect(JSON.stringify(got)).not.toContain(TOKEN_A)
  expect(got.settings.quietHours).toEqual({ enabled: false, start: '21:00', end: '08:00' })

  const keep = await accountRoute.POST(
    ajaxRequest('/ajax/sms/account', {
      method: 'POST',
      cookie,
      body: settingsBody({ authToken: '', helpText: 'New help' }),
    }),
  )
  expect(keep.status).toBe(200)
  expect((await db.smsSettings.findUniqueOrThrow({ where: { companyId } })).authTokenSealed).toBe(row.authTokenSealed)

  const bad = await accountRoute.POST(
    ajaxRequest('/ajax/sms/account', {
      method: 'POST',
      cookie,
      body: settingsBody({ accountSid: 'nope', senderNumber: '+15550009999', phoneNumbers: ['12345'], maxSegments: 0 }),
    }),
  )
  expect(bad.status).toBe(400)
  const errors = (await bad.json()).fieldErrors
  expect(Object.keys(errors).sort()).toEqual(['accountSid', 'maxSegments', 'phoneNumbers.0', 'senderNumber'])
  expect((await db.smsSettings.findUniqueOrThrow({ where: { companyId } })).helpText).toBe('New help')
})

test('an SMS is rendered for its profile and posted to the Messages API with basic auth and a status callback', async () => {
  const { companyId } = await configured()
  const ada = await phoneProfile(companyId, '+15551230001')
  const before = twilio.requests.length
  const row = await send(companyId, ada, 'Hi {{ first_name }}, your order shipped. Opt out: {% unsubscribe_link %}')
  const req = twilio.requests[before]!
  expect(twilio.requests).toHaveLength(before + 1)
  expect(req.path).toBe(`/2010-04-01/Accounts/${SID_A}/Messages.json`)
  expect(req.accountSid).toBe(SID_A)
  expect(req.authToken).toBe(TOKEN_A)
  expect(req.form.To).toBe('+15551230001')
  const link = /^Hi Ada, your order shipped\. Opt out: (https:\/\/app\.example\.test\/sms\/unsubscribe\?t=\S+)$/.exec(
    req.form.Body!,
  )
  expect(link).not.toBeNull()
  expect(verifySmsUnsubscribeToken(decodeURIComponent(new URL(link![1]!).searchParams.get('t')!))).toEqual({
    companyId,
    profileId: ada,
  })
  expect(req.form.From).toBe((await db.smsSettings.findUniqueOrThrow({ where: { companyId } })).senderNumber)
  expect(req.form.StatusCallback).toBe(`${APP}/webhooks/sms/status?c=${companyId}&s=${row.id}`)
  expect(row).toMatchObject({ status: 'sent', provider: 'twilio', attempts: 1 })
  expect(row.providerMessageId).toMatch(/^SM[0-9a-f]{32}$/)
  expect(await eventsOf(companyId, ada, 'Sent SMS')).toHaveLength(1)
})

test('marketing SMS needs explicit consent; with it, it goes out', async () => {
  const { companyId } = await configured()
  const p = await phoneProfile(companyId, '+15551230002')
  expect(await send(companyId, p, 'Sale!', false)).toMatchObject({ status: 'skipped', reason: 'no_consent' })
  await setConsent(companyId, p, 'sms_marketing', 'subscribed', { method: 'TEST' })
  expect(await send(companyId, p, 'Sale!', false)).toMatchObject({ status: 'sent' })
})

test("Twilio's answers: 21211 bounces, 401 fails, 500 and no connection are retried, no answer is never retried (it may have been accepted); over the segment limit nothing is sent", async () => {
  const { companyId } = await configured()
  const bad = await phoneProfile(companyId, '+15551230003')
  twilio.behaviour.set('+15551230003', 'invalid-number')
  const bounced = await send(companyId, bad, 'Hello')
  expect(bounced).toMatchObject({ status: 'bounced', reason: 'hard_bounce' })
  expect(bounced.error).toContain('21211')
  expect(await eventsOf(companyId, bad, 'Failed to Deliver SMS')).toHaveLength(1)

  const unauth = await phoneProfile(companyId, '+15551230004')
  twilio.behaviour.set('+15551230004', 'unauthorized')
  expect(await send(companyId, unauth, 'Hello')).toMatchObject({ status: 'failed', reason: 'provider_refused' })

  const flaky = await phoneProfile(companyId, '+15551230005')
  twilio.behaviour.set('+15551230005', 'server-error')
  const s500 = await send(companyId, flaky, 'Hello')
  expect(s500).toMatchObject({ status: 'deferred', reason: 'retry' })
  expect(s500.error).toContain('500')

  const slow = await phoneProfile(companyId, '+15551230006')
  twilio.behaviour.set('+15551230006', 'hang')
  const hung = await send(companyId, slow, 'Hello')
  // The request reached Twilio, which may have accepted it: 'unknown', never sent a second time.
  expect(hung).toMatchObject({ status: 'unknown' })
  expect(hung.error).toContain('no answer')
  // An absence in real time: no second request to Twilio arrives in the moment after the timeout.
  await new Promise((r) => setTimeout(r, 300))
  expect(twilio.requests.filter((r) => r.form.To === '+15551230006')).toHaveLength(1)

  const long = await phoneProfile(companyId, '+15551230007')
  const tooLong = await send(companyId, long, 'x'.repeat(307)) // 3 GSM-7 segments, limit 2
  expect(tooLong).toMatchObject({ status: 'failed', reason: 'too_many_segments' })
  expect(tooLong.error).toContain('3 segments')
  // (The deferred sends above may be retried meanwhile: count only this recipient's requests.)
  expect(twilio.requests.filter((r) => r.form.To === '+15551230007')).toHaveLength(0)

  const { companyId: down } = await configured({
    accountSid: SID_B,
    authToken: TOKEN_B,
    senderNumber: '+15550000002',
    phoneNumbers: ['+15550000002'],
    baseUrl: 'http://127.0.0.1:9',
  })
  const p = await phoneProfile(down, '+15551230008')
  const refused = await send(down, p, 'Hello')
  expect(refused).toMatchObject({ status: 'deferred', reason: 'retry' })
  expect(refused.error).toContain('unreachable')
})

test('status callbacks: signed delivered / undelivered update the send once; forged or replayed ones change nothing', async () => {
  const { companyId } = await configured()
  const p = await phoneProfile(companyId, '+15551230010')
  const a = await send(companyId, p, 'One')
  const urlA = `${APP}/webhooks/sms/status?c=${companyId}&s=${a.id}`
  const delivered = {
    MessageSid: a.providerMessageId!,
    MessageStatus: 'delivered',
    AccountSid: SID_A,
    To: '+15551230010',
  }

  expect((await statusRequest(urlA, delivered, 'wrong-token')).status).toBe(403)
  expect((await statusRequest(urlA, delivered, null)).status).toBe(403)
  expect((await db.send.findUniqueOrThrow({ where: { id: a.id } })).status).toBe('sent')
  // Genuine signature, but the parameters were changed after signing.
  const tampered = new Request(urlA.replace(APP, 'http://localhost:3000'), {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': twilioSignature(TOKEN_A, urlA, delivered),
    },
    body: new URLSearchParams({ ...delivered, MessageStatus: 'undelivered' }).toString(),
  })
  expect((await statusRoute.POST(tampered)).status).toBe(403)

  expect((await statusRequest(urlA, delivered, TOKEN_A)).status).toBe(204)
  expect((await db.send.findUniqueOrThrow({ where: { id: a.id } })).status).toBe('delivered')

  const b = await send(companyId, p, 'Two')
  const urlB = `${APP}/webhooks/sms/status?c=${companyId}&s=${b.id}`
  // A genuine callback of send A replayed against send B's URL (different SID) does nothing.
  expect((await statusRequest(urlB, { ...delivered }, TOKEN_A)).status).toBe(404)
  const undelivered = {
    MessageSid: b.providerMessageId!,
    MessageStatus: 'undelivered',
    ErrorCode: '30003',
    AccountSid: SID_A,
  }
  expect((await statusRequest(urlB, undelivered, TOKEN_A)).status).toBe(204)
  expect((await statusRequest(urlB, undelivered, TOKEN_A)).status).toBe(204)
  const failed = await db.send.findUniqueOrThrow({ where: { id: b.id } })
  expect(failed).toMatchObject({ status: 'failed', reason: 'undelivered', error: 'Twilio error 30003' })
  const events = await eventsOf(companyId, p, 'Failed to Deliver SMS')
  expect(events).toHaveLength(1)
  expect(JSON.parse(events[0]!.properties)).toMatchObject({ $send_id: b.id, error_code: '30003' })
})

test('cross-company: another company cannot read the settings, take a number, or settle a send with its own token', async () => {
  const a = await configured()
  const p = await phoneProfile(a.companyId, '+15551230020')
  const sent = await send(a.companyId, p, 'Hi')
  const b = await makeCompany()
  const cookieB = await owner(b.id)
  const got = await (await accountRoute.GET(ajaxRequest('/ajax/sms/account', { cookie: cookieB }))).json()
  expect(got.settings).toMatchObject({ configured: false, accountSid: '', phoneNumbers: [] })

  const aNumber = (await db.smsPhoneNumber.findFirstOrThrow({ where: { companyId: a.companyId } })).number
  const take = await accountRoute.POST(
    ajaxRequest('/ajax/sms/account', {
      method: 'POST',
      cookie: cookieB,
      body: settingsBody({ accountSid: SID_B, authToken: TOKEN_B, senderNumber: aNumber, phoneNumbers: [aNumber] }),
    }),
  )
  expect(take.status).toBe(400)
  expect((await take.json()).fieldErrors['phoneNumbers.0']).toEqual(['This number is connected to another account.'])
  expect(await db.smsPhoneNumber.findMany({ where: { companyId: b.id } })).toHaveLength(0)

  await accountRoute.POST(
    ajaxRequest('/ajax/sms/account', {
      method: 'POST',
      cookie: cookieB,
      body: settingsBody({
        accountSid: SID_B,
        authToken: TOKEN_B,
        senderNumber: '+15559990003',
        phoneNumbers: ['+15559990003'],
      }),
    }),
  )
  const params = { MessageSid: sent.providerMessageId!, MessageStatus: 'failed', ErrorCode: '30005' }
  // B signs with its own token for A's send under B's company id: no such send in B.
  expect((await statusRequest(`${APP}/webhooks/sms/status?c=${b.id}&s=${sent.id}`, params, TOKEN_B)).status).toBe(404)
  // …or under A's company id: the signature does not verify with A's token.
  expect(
    (await statusRequest(`${APP}/webhooks/sms/status?c=${a.companyId}&s=${sent.id}`, params, TOKEN_B)).status,
  ).toBe(403)
  expect((await db.send.findUniqueOrThrow({ where: { id: sent.id } })).status).toBe('sent')
})

test('estimate and send test', async () => {
  const { cookie } = await configured({ costPerSegment: 0.01 })
  const est = await estimateRoute.POST(
    ajaxRequest('/ajax/sms/estimate', { method: 'POST', cookie, body: { body: 'Grüße 😀', recipients: 1000 } }),
  )
  expect(await est.json()).toMatchObject({
    encoding: 'UCS-2',
    segments: 1,
    characters: 7,
    costPerMessage: 0.01,
    totalCost: 10,
    overLimit: false,
  })
  const long = await (
    await estimateRoute.POST(
      ajaxRequest('/ajax/sms/estimate', { method: 'POST', cookie, body: { body: '€'.repeat(200) } }),
    )
  ).json()
  expect(long).toMatchObject({ encoding: 'GSM-7', units: 400, segments: 3, overLimit: true })
  expect(
    (await estimateRoute.POST(ajaxRequest('/ajax/sms/estimate', { method: 'POST', cookie, body: { body: 5 } }))).status,
  ).toBe(400)

  const ok = await sendTestRoute.POST(
    ajaxRequest('/ajax/sms/send-test', {
      method: 'POST',
      cookie,
      body: { to: '+15551239999', body: 'Test from settings' },
    }),
  )
  expect(ok.status).toBe(200)
  expect((await ok.json()).sid).toMatch(/^SM/)
  const test = twilio.requests.find((r) => r.form.To === '+15551239999')!
  expect(test.form).toMatchObject({ Body: 'Test from settings' })
  expect(test.form.StatusCallback).toBeUndefined()
  expect(test.form.From).toMatch(/^\+1555\d{7}$/)
  twilio.behaviour.set('+15551239998', 'invalid-number')
  const refused = await sendTestRoute.POST(
    ajaxRequest('/ajax/sms/send-test', { method: 'POST', cookie, body: { to: '+15551239998', body: 'x' } }),
  )
  expect(refused.status).toBe(400)
  expect((await refused.json()).message).toContain('21211')
  const invalid = await sendTestRoute.POST(
    ajaxRequest('/ajax/sms/send-test', { method: 'POST', cookie, body: { to: '555', body: '' } }),
  )
  expect(Object.keys((await invalid.json()).fieldErrors).sort()).toEqual(['body', 'to'])
})
