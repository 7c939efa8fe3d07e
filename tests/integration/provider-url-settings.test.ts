/** @jest-environment node */
// Issue 29, finding 3: an account owner could set the SMS or WhatsApp base URL to
// http://127.0.0.1:… or http://169.254.169.254/…, and "Send test" POSTed there and showed the
// answer on the settings screen. The save now refuses plain http and private addresses with a 400
// field error (unless PROVIDERS_ALLOW_PRIVATE=1, the tests' local stand-ins), and what a provider
// answers never reaches the screen: only the HTTP status and the provider's numeric error code.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()

import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { makeCompany, makeUser, signIn, ajaxRequest } from '../helpers/factory'
import * as smsAccountRoute from '@/app/ajax/sms/account/route'
import * as smsSendTestRoute from '@/app/ajax/sms/send-test/route'
import * as waRoute from '@/app/ajax/sms/whatsapp/route'
import * as waSendTestRoute from '@/app/ajax/sms/whatsapp/send-test/route'

const SID = 'AC' + 'a'.repeat(32)
const SECRET = 'ami-id: ami-0123 INTERNAL-ONLY iam/security-credentials/admin'

let server: http.Server
let base = ''
beforeAll(async () => {
  // Stands for an internal service: it answers every POST with a body that must never be shown.
  server = http.createServer((req, res) => {
    req.resume()
    req.on('end', () => {
      res.writeHead(req.url?.includes('/json/') ? 400 : 200, { 'content-type': 'application/json' })
      res.end(
        JSON.stringify({
          code: 21211,
          message: SECRET,
          error: { code: 131026, message: SECRET },
          messages: [{ id: SECRET }],
          sid: SECRET,
        }),
      )
    })
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((r) => server.close(() => r())))

async function owner() {
  const co = await makeCompany()
  const u = await makeUser({ companyId: co.id, role: 'owner' })
  return signIn(u.id, co.id)
}

type Handler = (r: Request) => Promise<Response>
const post = async (h: Handler, path: string, cookie: string, body: unknown) => {
  const res = await h(ajaxRequest(path, { method: 'POST', cookie, body }))
  return { status: res.status, json: await res.json() }
}
// A number belongs to one account: each company its own.
let numbers = 0
const sms = (baseUrl: string, n = `+1555200${String(++numbers).padStart(4, '0')}`) => ({
  accountSid: SID,
  authToken: 'tok',
  senderNumber: n,
  phoneNumbers: [n],
  baseUrl,
})
let ids = 0
const wa = (baseUrl: string) => ({ phoneNumberId: String(7_700_000 + ++ids), accessToken: 'EAAG-token', baseUrl })

const refused: Array<[string, string]> = [
  ['plain http', 'http://api.twilio.com'],
  ['loopback', 'https://127.0.0.1:8443'],
  ['metadata service', 'https://169.254.169.254/latest'],
  ['IPv4-mapped loopback', 'https://[::ffff:127.0.0.1]'],
  ['decimal loopback', 'https://2130706433'],
  ['localhost', 'https://localhost:8443'],
  ['private network', 'https://10.1.2.3'],
]

describe('saving a provider base URL', () => {
  beforeEach(() => {
    delete process.env.PROVIDERS_ALLOW_PRIVATE
  })
  test.each(refused)('SMS: %s is a 400 field error', async (_name, url) => {
    const r = await post(smsAccountRoute.POST as Handler, '/ajax/sms/account', await owner(), sms(url))
    expect(r.status).toBe(400)
    expect(r.json.fieldErrors.baseUrl).toEqual([expect.stringMatching(/https:\/\/|private network/)])
  })
  test.each(refused)('WhatsApp: %s is a 400 field error', async (_name, url) => {
    const r = await post(waRoute.POST as Handler, '/ajax/sms/whatsapp', await owner(), wa(url))
    expect(r.status).toBe(400)
    expect(r.json.fieldErrors.baseUrl).toEqual([expect.stringMatching(/https:\/\/|private network/)])
  })
  test('a public https URL is saved', async () => {
    const cookie = await owner()
    expect(
      (await post(smsAccountRoute.POST as Handler, '/ajax/sms/account', cookie, sms('https://api.twilio.com'))).status,
    ).toBe(200)
    expect(
      (await post(waRoute.POST as Handler, '/ajax/sms/whatsapp', cookie, wa('https://graph.facebook.com/v21.0')))
        .status,
    ).toBe(200)
  })
})

describe('"Send test" never shows what the other side answered', () => {
  // PROVIDERS_ALLOW_PRIVATE=1 (the operator setting for a local stand-in) lets it be saved.
  beforeEach(() => {
    process.env.PROVIDERS_ALLOW_PRIVATE = '1'
  })
  test('SMS: a refusal names the status and code only; a 200 without a real SID is not echoed', async () => {
    const cookie = await owner()
    expect(await post(smsAccountRoute.POST as Handler, '/ajax/sms/account', cookie, sms(`${base}/json`))).toMatchObject(
      { status: 200 },
    )
    const refusal = await post(smsSendTestRoute.POST as Handler, '/ajax/sms/send-test', cookie, {
      to: '+15551230001',
      body: 'hi',
    })
    expect(refusal.status).toBe(400)
    expect(refusal.json.message).toBe('The SMS provider answered HTTP 400 (error 21211).')
    await post(smsAccountRoute.POST as Handler, '/ajax/sms/account', cookie, sms(`${base}/ok`))
    const odd = await post(smsSendTestRoute.POST as Handler, '/ajax/sms/send-test', cookie, {
      to: '+15551230001',
      body: 'hi',
    })
    expect(JSON.stringify(odd.json)).not.toContain('INTERNAL-ONLY')
    await post(smsAccountRoute.POST as Handler, '/ajax/sms/account', cookie, sms('http://127.0.0.1:9'))
    const down = await post(smsSendTestRoute.POST as Handler, '/ajax/sms/send-test', cookie, {
      to: '+15551230001',
      body: 'hi',
    })
    expect(down).toMatchObject({ status: 502, json: { message: 'The SMS provider could not be reached.' } })
  })
  test('WhatsApp: the same', async () => {
    const cookie = await owner()
    await post(waRoute.POST as Handler, '/ajax/sms/whatsapp', cookie, {
      ...wa(`${base}/json`),
      templates: [{ name: 'hello_world', language: 'en_US' }],
    })
    const refusal = await post(waSendTestRoute.POST as Handler, '/ajax/sms/whatsapp/send-test', cookie, {
      to: '+15551230001',
      templateName: 'hello_world',
      language: 'en_US',
    })
    expect(refusal.status).toBe(400)
    expect(refusal.json.message).toBe('WhatsApp answered HTTP 400 (error 131026).')
    await post(waRoute.POST as Handler, '/ajax/sms/whatsapp', cookie, {
      ...wa(`${base}/ok`),
      templates: [{ name: 'hello_world', language: 'en_US' }],
    })
    const odd = await post(waSendTestRoute.POST as Handler, '/ajax/sms/whatsapp/send-test', cookie, {
      to: '+15551230001',
      templateName: 'hello_world',
      language: 'en_US',
    })
    expect(JSON.stringify(odd.json)).not.toContain('INTERNAL-ONLY')
  })
})
