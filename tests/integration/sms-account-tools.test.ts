/** @jest-environment node */
// Issue 25 §2, SMS account tools through the real route handlers: custom opt-in keywords
// (texted through the signed inbound webhook: list membership, SMS consent, the confirmation
// as TwiML; STOP/HELP keep their meaning), sending numbers per type and country, per-country
// pricing (segments × rate), the disclosure text and the AU/NZ registration steps; bad input is
// a 400 with field errors, an analyst cannot write, and one company never reaches another's rows.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)
import { db } from '@/lib/db/client'
import { ajaxRequest, makeCompany, makeUser, params, signIn } from '../helpers/factory'
import { saveSmsSettings, saveSmsSettingsBody } from '@/lib/messaging/sms/sms-settings'
import { twilioSignature } from '@/lib/messaging/sms/twilio-signature'
import * as inboundRoute from '@/app/webhooks/sms/inbound/route'
import * as keywordsRoute from '@/app/ajax/sms/keywords/route'
import * as keywordRoute from '@/app/ajax/sms/keywords/[id]/route'
import * as numbersRoute from '@/app/ajax/sms/phone-numbers/route'
import * as numberRoute from '@/app/ajax/sms/phone-numbers/[id]/route'
import * as pricingRoute from '@/app/ajax/sms/pricing/route'
import * as estimateRoute from '@/app/ajax/sms/pricing/estimate/route'
import * as disclosureRoute from '@/app/ajax/sms/disclosure/route'
import * as registrationRoute from '@/app/ajax/sms/registrations/[country]/route'
import * as statusRoute from '@/app/ajax/sms/setup-status/route'
import { isValidAbn } from '@/lib/messaging/sms/sms-registrations'

const APP = 'https://app.example.test'
const URL_IN = `${APP}/webhooks/sms/inbound`
let n = 0

beforeAll(() => {
  process.env.APP_URL = APP
  process.env.SECRETS_KEY = 's'.repeat(40)
})

async function account(role = 'owner') {
  const co = await makeCompany()
  const number = `+1777${String(++n).padStart(7, '0')}`
  const sid = 'AC' + String(co.id).padStart(32, '0')
  await saveSmsSettings(
    co.id,
    saveSmsSettingsBody.parse({ accountSid: sid, authToken: 'tok', senderNumber: number, phoneNumbers: [number] }),
  )
  const list = await db.group.create({ data: { id: `L${co.id}x${n}`, companyId: co.id, name: 'VIP texts', type: 0 } })
  const user = await makeUser({ companyId: co.id, role })
  return { id: co.id, sid, number, list, cookie: await signIn(user.id, co.id) }
}

function text(c: { sid: string; number: string }, from: string, body: string) {
  const p = {
    MessageSid: `SM${String(++n).padStart(32, '0')}`,
    AccountSid: c.sid,
    From: from,
    To: c.number,
    Body: body,
  }
  return inboundRoute.POST(
    new Request('http://localhost:3000/webhooks/sms/inbound', {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': twilioSignature('tok', URL_IN, p),
      },
      body: new URLSearchParams(p).toString(),
    }),
  )
}

const send = (
  handler: (req: Request, ctx?: { params?: Promise<Record<string, string>> }) => Promise<Response>,
  path: string,
  cookie: string,
  method = 'GET',
  body?: unknown,
  p?: Record<string, string>,
) => handler(ajaxRequest(path, { method, cookie, body }), p ? params(p) : undefined)

test('an opt-in keyword texted to the number joins the list with SMS consent and answers the confirmation', async () => {
  const c = await account()
  const created = await send(keywordsRoute.POST, '/ajax/sms/keywords', c.cookie, 'POST', {
    keyword: ' vip ',
    list_id: c.list.id,
    confirmation: 'Welcome to VIP texts! Reply STOP to opt out.',
  })
  expect(created.status).toBe(201)
  expect((await created.json()).keyword).toMatchObject({ keyword: 'VIP', listName: 'VIP texts', enabled: true })

  const res = await text(c, '+15550100001', 'Vip!')
  expect(res.status).toBe(200)
  expect(await res.text()).toBe(
    '<?xml version="1.0" encoding="UTF-8"?><Response><Message>Welcome to VIP texts! Reply STOP to opt out.</Message></Response>',
  )
  const profile = (await db.profile.findFirst({ where: { companyId: c.id, phoneNumber: '+15550100001' } }))!
  expect(
    await db.profileConsent.findFirst({ where: { profileId: profile.id, channel: 'sms_marketing' } }),
  ).toMatchObject({
    status: 'subscribed',
    method: 'KEYWORD',
    source: 'sms_keyword:VIP',
  })
  const member = await db.groupMembership.findFirst({
    where: { groupId: c.list.id, profileId: profile.id, leftAt: null },
  })
  expect(member).toMatchObject({ source: 'sms_keyword:VIP' })
  expect((await db.group.findUnique({ where: { id: c.list.id } }))!.memberCount).toBe(1)

  // texting it again changes nothing and answers again; STOP still unsubscribes
  await text(c, '+15550100001', 'VIP')
  expect(await db.groupMembership.count({ where: { groupId: c.list.id } })).toBe(1)
  await text(c, '+15550100001', 'STOP')
  expect(
    (await db.profileConsent.findFirst({ where: { profileId: profile.id, channel: 'sms_marketing' } }))!.status,
  ).toBe('unsubscribed')
  // a disabled keyword, or a list deleted since, is just a message
  const id = (await db.smsKeyword.findFirstOrThrow({ where: { companyId: c.id } })).id
  await db.smsKeyword.update({ where: { id }, data: { enabled: false } })
  expect(await (await text(c, '+15550100002', 'VIP')).text()).not.toContain('Welcome')
  await db.smsKeyword.update({ where: { id }, data: { enabled: true } })
  await db.group.update({ where: { id: c.list.id }, data: { deletedAt: new Date() } })
  expect(await (await text(c, '+15550100003', 'VIP')).text()).not.toContain('Welcome')
})

test('keywords: 400 with field errors for bad words, standard words, a taken word and another company’s list', async () => {
  const c = await account()
  const other = await account()
  const post = (body: unknown) => send(keywordsRoute.POST, '/ajax/sms/keywords', c.cookie, 'POST', body)
  const good = { keyword: 'JOIN', listId: c.list.id, confirmation: 'Thanks!' }
  expect((await post(good)).status).toBe(201)
  for (const [body, field] of [
    [{ ...good, keyword: 'no way!' }, 'keyword'],
    [{ ...good, keyword: 'stop' }, 'keyword'],
    [{ ...good, keyword: 'HELP' }, 'keyword'],
    [{ ...good, keyword: 'join' }, 'keyword'],
    [{ ...good, keyword: 'OTHER', listId: other.list.id }, 'listId'],
    [{ ...good, keyword: 'OTHER', confirmation: '' }, 'confirmation'],
  ] as const) {
    const res = await post(body)
    expect([JSON.stringify(body), res.status]).toEqual([JSON.stringify(body), 400])
    expect(Object.keys((await res.json()).fieldErrors)).toContain(field)
  }
  // a standard word is refused by the body's own check, beside the other fields' errors
  const both = await post({ keyword: 'Stop', listId: '', confirmation: 'x' })
  expect((await both.json()).fieldErrors).toEqual({
    keyword: ['STOP, START and HELP words (and your extra ones) keep their meaning; choose another word.'],
    listId: ['Choose a list.'],
  })
  // tenancy: company B neither sees nor changes A's keyword
  const id = String((await db.smsKeyword.findFirstOrThrow({ where: { companyId: c.id } })).id)
  expect((await (await send(keywordsRoute.GET, '/ajax/sms/keywords', other.cookie)).json()).keywords).toEqual([])
  const put = await send(
    keywordRoute.PUT,
    `/ajax/sms/keywords/${id}`,
    other.cookie,
    'PUT',
    { ...good, listId: other.list.id },
    { id },
  )
  expect(put.status).toBe(404)
  expect(
    (await send(keywordRoute.DELETE, `/ajax/sms/keywords/${id}`, other.cookie, 'DELETE', undefined, { id })).status,
  ).toBe(404)
  expect(await db.smsKeyword.count({ where: { companyId: c.id } })).toBe(1)
  expect(
    (await send(keywordRoute.DELETE, `/ajax/sms/keywords/${id}`, c.cookie, 'DELETE', undefined, { id })).status,
  ).toBe(200)
})

test('an analyst reads the SMS tools but cannot change them', async () => {
  const c = await account('analyst')
  expect((await send(keywordsRoute.GET, '/ajax/sms/keywords', c.cookie)).status).toBe(200)
  const body = { keyword: 'JOIN', listId: c.list.id, confirmation: 'Thanks!' }
  expect((await send(keywordsRoute.POST, '/ajax/sms/keywords', c.cookie, 'POST', body)).status).toBe(403)
  expect(
    (
      await send(numbersRoute.POST, '/ajax/sms/phone-numbers', c.cookie, 'POST', {
        value: '+15005550006',
        type: 'long_code',
        country: 'US',
      })
    ).status,
  ).toBe(403)
  expect(
    (await send(disclosureRoute.PUT, '/ajax/sms/disclosure', c.cookie, 'PUT', { text: 'x'.repeat(30) + ' STOP' }))
      .status,
  ).toBe(403)
})

test('sending numbers: each type validated, unique per country, scoped to the company', async () => {
  const c = await account()
  const other = await account()
  const post = (body: unknown) => send(numbersRoute.POST, '/ajax/sms/phone-numbers', c.cookie, 'POST', body)
  for (const body of [
    { value: '+15005550006', type: 'long_code', country: 'us' },
    { value: '+18005550100', type: 'toll_free', country: 'US' },
    { value: '12345', type: 'short_code', country: 'US' },
    { value: 'ACME Shop', type: 'alphanumeric', country: 'GB', status: 'active' },
  ])
    expect((await post(body)).status).toBe(201)
  for (const body of [
    { value: '5005550006', type: 'long_code', country: 'US' },
    { value: '12', type: 'short_code', country: 'US' },
    { value: '123456789012', type: 'alphanumeric', country: 'GB' },
    { value: '12345678', type: 'alphanumeric', country: 'GB' },
    { value: '12345', type: 'short_code', country: 'US' },
  ]) {
    const res = await post(body)
    expect(res.status).toBe(400)
    expect((await res.json()).fieldErrors).toHaveProperty('value')
  }
  const bad = await post({ value: '+15005550007', type: 'pager', country: 'USA' })
  expect(Object.keys((await bad.json()).fieldErrors).sort()).toEqual(['country', 'type'])
  const list = (await (await send(numbersRoute.GET, '/ajax/sms/phone-numbers', c.cookie)).json()).numbers
  expect(list.map((x: { value: string; country: string }) => `${x.country} ${x.value}`)).toEqual([
    'GB ACME Shop',
    'US +15005550006',
    'US +18005550100',
    'US 12345',
  ])
  const id = String(list[0].id)
  const change = { value: 'ACME', type: 'alphanumeric', country: 'GB', status: 'disabled' }
  expect((await send(numberRoute.PUT, '/', other.cookie, 'PUT', change, { id })).status).toBe(404)
  const ok = await send(numberRoute.PUT, '/', c.cookie, 'PUT', change, { id })
  expect((await ok.json()).number).toMatchObject({ value: 'ACME', status: 'disabled' })
})

test('pricing: segments × the country rate, the default elsewhere; rates validated', async () => {
  const c = await account()
  const put = await send(pricingRoute.PUT, '/ajax/sms/pricing', c.cookie, 'PUT', {
    rates: [
      { country: 'gb', costPerSegment: 0.04 },
      { country: 'AU', costPerSegment: '0.05' },
    ],
  })
  expect((await put.json()).pricing).toEqual({
    currency: 'USD',
    defaultCostPerSegment: 0.0079,
    rates: [
      { country: 'AU', costPerSegment: 0.05 },
      { country: 'GB', costPerSegment: 0.04 },
    ],
  })
  const dup = await send(pricingRoute.PUT, '/ajax/sms/pricing', c.cookie, 'PUT', {
    rates: [
      { country: 'GB', costPerSegment: 1 },
      { country: 'GB', costPerSegment: -1 },
    ],
  })
  expect(Object.keys((await dup.json()).fieldErrors).sort()).toEqual(['rates.1.costPerSegment', 'rates.1.country'])
  const price = async (body: string, country: string, recipients = 1) =>
    (await send(estimateRoute.POST, '/', c.cookie, 'POST', { body, country, recipients })).json()
  expect(await price('a'.repeat(161), 'GB', 1000)).toMatchObject({
    segments: 2,
    costPerSegment: 0.04,
    countryRate: true,
    costPerMessage: 0.08,
    totalCost: 80,
  })
  expect(await price('Hi 👋', 'US')).toMatchObject({
    encoding: 'UCS-2',
    segments: 1,
    costPerSegment: 0.0079,
    countryRate: false,
  })
  expect((await send(estimateRoute.POST, '/', c.cookie, 'POST', { body: 'x', country: 'Germany' })).status).toBe(400)
})

test('disclosure and the AU/NZ registration steps, and the set-up status', async () => {
  const c = await account()
  const first = (await (await send(disclosureRoute.GET, '/', c.cookie)).json()).disclosure
  expect(first.saved).toBe(false)
  expect(first.text).toContain('STOP')
  const noStop = await send(disclosureRoute.PUT, '/', c.cookie, 'PUT', { text: 'You agree to receive texts from us.' })
  expect((await noStop.json()).fieldErrors).toHaveProperty('text')
  const text = 'Texts from Acme. Msg & data rates may apply. Reply STOP to cancel, HELP for help.'
  expect((await (await send(disclosureRoute.PUT, '/', c.cookie, 'PUT', { text })).json()).disclosure).toEqual({
    text,
    saved: true,
  })
  expect((await db.smsSettings.findUnique({ where: { companyId: c.id } }))!.disclosureText).toBe(text)

  expect(isValidAbn('51 824 753 556')).toBe(true)
  expect(isValidAbn('51 824 753 557')).toBe(false)
  const au = {
    businessName: 'Acme Pty Ltd',
    abn: '51 824 753 556',
    senderId: 'ACME',
    contactEmail: 'ops@acme.test',
    useCase: 'Order updates and promotions',
  }
  const reg = (country: string, body: unknown, cookie = c.cookie) =>
    send(registrationRoute.PUT, '/', cookie, 'PUT', body, { country })
  const badAu = await reg('au', { ...au, abn: '12345678901', senderId: 'TOO LONG SENDER' })
  expect(Object.keys((await badAu.json()).fieldErrors).sort()).toEqual(['abn', 'senderId'])
  expect((await (await reg('au', au)).json()).registration).toMatchObject({
    status: 'draft',
    details: { abn: '51824753556' },
  })
  const submitted = (await (await reg('au', { ...au, submit: true })).json()).registration
  expect(submitted.status).toBe('submitted')
  expect((await reg('au', au)).status).toBe(400) // a submitted registration is not changed
  const nz = { businessName: 'Acme NZ', contactEmail: 'ops@acme.test', useCase: 'Order updates', monthlyVolume: '5000' }
  expect((await reg('nz', { ...nz, preferredCode: '12' })).status).toBe(400)
  expect((await (await reg('nz', { ...nz, preferredCode: '4321' })).json()).registration.status).toBe('draft')
  expect((await reg('fr', nz)).status).toBe(404)

  const other = await account()
  expect(
    (await (await send(registrationRoute.GET, '/', other.cookie, 'GET', undefined, { country: 'au' })).json())
      .registration.status,
  ).toBe('not_started')
  const status = (await (await send(statusRoute.GET, '/', c.cookie)).json()).status
  expect(status).toMatchObject({ accountConnected: true, disclosureSaved: true, au: 'submitted', nz: 'draft' })
})
