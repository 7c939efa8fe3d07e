/** @jest-environment node */
// Inbound SMS through the real webhook route: the company found by the To number, the
// X-Twilio-Signature checked with that company's token, keywords (STOP-words unsubscribe with
// a consent change and an Unsubscribed from SMS event, START-words resubscribe, HELP answers
// with TwiML), other texts as Received SMS, retries recorded once; and the public
// /sms/unsubscribe page's signed link.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)
import { db } from '@/lib/db/client'
import { makeCompany } from '../helpers/factory'
import { ajaxRequest } from '../helpers/factory'
import { saveSmsSettings, saveSmsSettingsBody } from '@/lib/messaging/sms/sms-settings'
import { twilioSignature } from '@/lib/messaging/sms/twilio-signature'
import { smsUnsubscribeToken, smsUnsubscribeUrl } from '@/lib/messaging/sms/sms-unsubscribe-token'
import { upsertProfile } from '@/lib/profiles/upsert-profile'
import { setConsent } from '@/lib/profiles/consent'
import * as inboundRoute from '@/app/webhooks/sms/inbound/route'
import * as unsubscribeRoute from '@/app/ajax/sms/unsubscribe/route'

const APP = 'https://app.example.test'
const URL_IN = `${APP}/webhooks/sms/inbound`
let sidN = 0

beforeAll(() => {
  process.env.APP_URL = APP
  process.env.SECRETS_KEY = 's'.repeat(40)
})

async function company(
  number: string,
  token: string,
  keywords: { stop: string[]; start: string[]; help: string[] } = { stop: [], start: [], help: [] },
) {
  const co = await makeCompany()
  await saveSmsSettings(
    co.id,
    saveSmsSettingsBody.parse({
      accountSid: 'AC' + String(co.id).padStart(32, '0'),
      authToken: token,
      senderNumber: number,
      phoneNumbers: [number],
      helpText: 'Acme: help at acme.test. Msg&data rates may apply.',
      keywords,
    }),
  )
  return { id: co.id, sid: 'AC' + String(co.id).padStart(32, '0'), token, number }
}

function inbound(
  c: { sid: string; token: string; number: string },
  from: string,
  body: string,
  opts: { sign?: string | null; messageSid?: string } = {},
) {
  const params = {
    MessageSid: opts.messageSid ?? `SM${String(++sidN).padStart(32, '0')}`,
    AccountSid: c.sid,
    From: from,
    To: c.number,
    Body: body,
    NumMedia: '0',
  }
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' }
  const key = opts.sign === undefined ? c.token : opts.sign
  if (key) headers['x-twilio-signature'] = twilioSignature(key, URL_IN, params)
  return inboundRoute.POST(
    new Request('http://localhost:3000/webhooks/sms/inbound', {
      method: 'POST',
      headers,
      body: new URLSearchParams(params).toString(),
    }),
  )
}

const profileByPhone = (companyId: number, phoneNumber: string) =>
  db.profile.findFirst({ where: { companyId, phoneNumber } })
const consentOf = (profileId: string) => db.profileConsent.findFirst({ where: { profileId, channel: 'sms_marketing' } })
const events = (companyId: number, metric: string) =>
  db.event.findMany({ where: { companyId, metric: { name: metric } }, orderBy: { id: 'asc' } })

test.each(['STOP', 'unsubscribe', 'Cancel', 'END', 'quit.'])(
  '%s unsubscribes with a consent change and one event',
  async (word) => {
    const c = await company(`+1666${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`, 'tok-' + word)
    const p = (await upsertProfile(c.id, { phoneNumber: '+15557770001' }, { mode: 'import' })).profile.id
    await setConsent(c.id, p, 'sms_marketing', 'subscribed', { method: 'TEST' })
    const res = await inbound(c, '+15557770001', word)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('text/xml')
    expect(await res.text()).toBe('<?xml version="1.0" encoding="UTF-8"?><Response></Response>')
    expect(await consentOf(p)).toMatchObject({
      status: 'unsubscribed',
      method: 'KEYWORD',
      source: `sms_keyword:${word.toUpperCase().replace('.', '')}`,
    })
    expect(
      await db.suppression.count({
        where: { companyId: c.id, profileId: p, channel: 'sms', reason: 'unsubscribed', clearedAt: null },
      }),
    ).toBe(1)
    const ev = await events(c.id, 'Unsubscribed from SMS')
    expect(ev).toHaveLength(1)
    expect(JSON.parse(ev[0]!.properties)).toMatchObject({ From: '+15557770001', Body: word, method: 'KEYWORD' })
    expect(await events(c.id, 'Received SMS')).toHaveLength(0)
  },
)

test('START / UNSTOP resubscribe, HELP answers with the help text, other texts are Received SMS, retries count once', async () => {
  const c = await company('+16660000100', 'tok-main', { stop: ['STOPALL'], start: ['YES'], help: ['INFO'] })
  await inbound(c, '+15557770002', 'stop')
  const p = (await profileByPhone(c.id, '+15557770002'))!
  expect(p).not.toBeNull() // a number new to the company gets a profile, so the opt-out is kept
  expect((await consentOf(p.id))!.status).toBe('unsubscribed')

  await inbound(c, '+15557770002', 'UNSTOP')
  expect(await consentOf(p.id)).toMatchObject({ status: 'subscribed', method: 'KEYWORD', source: 'sms_keyword:UNSTOP' })
  expect(await db.suppression.count({ where: { profileId: p.id, clearedAt: null } })).toBe(0)
  await inbound(c, '+15557770002', 'stopall')
  expect((await consentOf(p.id))!.status).toBe('unsubscribed')
  await inbound(c, '+15557770002', 'Yes')
  expect((await consentOf(p.id))!.status).toBe('subscribed')
  await inbound(c, '+15557770002', 'START')
  expect((await consentOf(p.id))!.status).toBe('subscribed')

  for (const word of ['HELP', 'info']) {
    const help = await inbound(c, '+15557770002', word)
    expect(await help.text()).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><Response><Message>Acme: help at acme.test. Msg&amp;data rates may apply.</Message></Response>',
    )
  }

  const first = await inbound(c, '+15557770002', 'When does my order arrive?', { messageSid: 'SM' + 'f'.repeat(32) })
  expect(first.status).toBe(200)
  await inbound(c, '+15557770002', 'When does my order arrive?', { messageSid: 'SM' + 'f'.repeat(32) }) // Twilio's retry
  const received = await events(c.id, 'Received SMS')
  expect(received).toHaveLength(1)
  expect(JSON.parse(received[0]!.properties)).toMatchObject({
    Body: 'When does my order arrive?',
    From: '+15557770002',
    To: '+16660000100',
  })
  expect(await events(c.id, 'Unsubscribed from SMS')).toHaveLength(2)
})

test('forged, unsigned or misrouted inbound messages change nothing', async () => {
  const a = await company('+16660000200', 'tok-a')
  const b = await company('+16660000201', 'tok-b')
  expect((await inbound(a, '+15557770003', 'STOP', { sign: 'tok-b' })).status).toBe(403)
  expect((await inbound(a, '+15557770003', 'STOP', { sign: null })).status).toBe(403)
  expect((await inbound({ ...a, number: '+16660009999' }, '+15557770003', 'STOP')).status).toBe(404)
  // B's genuine signature, sent to A's number: verified with A's token, refused.
  expect((await inbound({ ...b, number: a.number }, '+15557770003', 'STOP')).status).toBe(403)
  expect(await db.profile.count({ where: { phoneNumber: '+15557770003' } })).toBe(0)
  expect((await inbound(a, 'not-a-number', 'hi')).status).toBe(400)
})

test('the /sms/unsubscribe link unsubscribes once; a forged or foreign token does nothing', async () => {
  const c = await company('+16660000300', 'tok-page')
  const p = (await upsertProfile(c.id, { phoneNumber: '+15557770004' }, { mode: 'import' })).profile.id
  await setConsent(c.id, p, 'sms_marketing', 'subscribed', { method: 'TEST' })
  expect(smsUnsubscribeUrl(c.id, p)).toMatch(new RegExp(`^${APP}/sms/unsubscribe\\?t=`))
  const token = smsUnsubscribeToken(c.id, p)
  const post = (t: string) =>
    unsubscribeRoute.POST(ajaxRequest('/ajax/sms/unsubscribe', { method: 'POST', body: { token: t } }))

  const other = await makeCompany()
  const forged = token.replace(`${c.id}.`, `${other.id}.`)
  expect((await post(forged)).status).toBe(400)
  expect((await post(token + 'x')).status).toBe(400)
  expect((await consentOf(p))!.status).toBe('subscribed')

  const ok = await post(token)
  expect(ok.status).toBe(200)
  expect(await ok.json()).toMatchObject({
    unsubscribed: true,
    companyName: expect.any(String),
    phoneMasked: '+15•••••••04',
  })
  expect(await consentOf(p)).toMatchObject({ status: 'unsubscribed', method: 'LINK', source: 'sms_unsubscribe_page' })
  await post(token)
  expect(await events(c.id, 'Unsubscribed from SMS')).toHaveLength(1)
})
