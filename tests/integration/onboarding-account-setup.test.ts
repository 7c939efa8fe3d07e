/** @jest-environment node */
// Issue 26 §2: the account-setup wizard's ajax (each step valid and invalid with field errors,
// saved and resumable, applied to the organization and email sender), a new account for a
// signed-in user, the phone check by texted code (hashed, single use, 10 minutes, rate
// limited) through a local Twilio-compatible stand-in, the task status, and tenancy.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)

import { db } from '@/lib/db/client'
import { ajaxRequest, makeCompany, makeUser, params, signIn } from '../helpers/factory'
import { startFakeTwilio, type FakeTwilio } from '../helpers/fake-twilio'
import { GET as getSetup } from '@/app/ajax/onboarding/setup/route'
import { POST as saveStep } from '@/app/ajax/onboarding/setup/[...step]/route'
import { POST as createAccount } from '@/app/ajax/onboarding/account/route'
import { POST as sendCode } from '@/app/ajax/onboarding/verify-phone/route'
import { POST as confirmCode } from '@/app/ajax/onboarding/verify-phone/confirm/route'
import { GET as taskStatus } from '@/app/ajax/onboarding/task/[taskId]/route'
import { confirmPhoneCode, sendPhoneCode } from '@/lib/onboarding/phone-verification'
import { enqueue } from '@/lib/jobs/queue'

const SID = 'AC' + 'a'.repeat(32)
const TOKEN = 'verify-token'
let twilio: FakeTwilio

beforeAll(async () => {
  process.env.SECRETS_KEY = 's'.repeat(40)
  process.env.SMS_PROVIDER_TIMEOUT_MS = '2000'
  twilio = await startFakeTwilio({ [SID]: TOKEN })
  process.env.VERIFY_SMS_ACCOUNT_SID = SID
  process.env.VERIFY_SMS_AUTH_TOKEN = TOKEN
  process.env.VERIFY_SMS_FROM = '+15550001111'
  process.env.VERIFY_SMS_BASE_URL = twilio.baseUrl
})
afterAll(() => twilio.close())

type Handler = (r: Request, c?: never) => Promise<Response>
async function call(handler: Handler, path: string, cookie: string, body?: unknown, ctx?: unknown) {
  const res = await (handler as (r: Request, c?: unknown) => Promise<Response>)(
    ajaxRequest(path, { method: body === undefined ? 'GET' : 'POST', cookie, body }),
    ctx,
  )
  return { status: res.status, json: await res.json(), res }
}
const step = (cookie: string, name: string, body: unknown) =>
  call(saveStep as Handler, `/ajax/onboarding/setup/${name}`, cookie, body, params({ step: name }))

async function account(role = 'owner') {
  const company = await makeCompany(undefined, { postalAddress: false })
  const user = await makeUser({ companyId: company.id, role })
  return { company, user, cookie: await signIn(user.id, company.id) }
}

test('the wizard from init to sender-info: each step saved and applied, resumable, then finished', async () => {
  const { company, cookie } = await account()
  expect((await call(getSetup as Handler, '/ajax/onboarding/setup', cookie)).json).toMatchObject({
    currentStep: 'init',
    completedAt: null,
  })
  expect((await step(cookie, 'init', {})).json.next).toBe('/account-setup/business-category')
  expect((await step(cookie, 'business-category', { category: 'pets' })).json.next).toBe(
    '/account-setup/business-focus',
  )
  await step(cookie, 'business-focus', { focus: 'grow_list' })
  // The singular spelling of the seed is the same step.
  const ch = await step(cookie, 'choose-channel', { channels: ['email', 'email'] })
  expect(ch.json.state.answers['choose-channels']).toEqual({ channels: ['email'] })
  // A reload in the middle returns to the first unanswered step.
  expect((await call(getSetup as Handler, '/ajax/onboarding/setup', cookie)).json.currentStep).toBe('company-website')
  await step(cookie, 'company-website', { websiteUrl: 'https://shop.example.com' })
  await step(cookie, 'list-size', { listSize: 'under_500' })
  await step(cookie, 'mailing-address', { line1: '1 Pet Lane', city: 'Leeds', country: 'gb' })
  // No store: the integration steps are skipped.
  expect((await step(cookie, 'platform', { platform: 'none' })).json.next).toBe('/account-setup/sender-info')
  const c = await db.company.findUniqueOrThrow({ where: { id: company.id } })
  expect(c).toMatchObject({
    industry: 'pets',
    websiteUrl: 'https://shop.example.com',
    addressLine1: '1 Pet Lane',
    city: 'Leeds',
    country: 'GB',
  })

  // An address on a domain the account has not verified says what to fix and mails the records.
  const unverified = await step(cookie, 'sender-info', { fromName: 'Pet Shop', fromEmail: 'hi@shop.example.com' })
  expect(unverified.status).toBe(400)
  expect(unverified.json.fieldErrors.fromEmail[0]).toMatch(/shop\.example\.com is not verified yet/)
  expect(await db.sendingDomain.count({ where: { companyId: company.id, domain: 'shop.example.com' } })).toBe(1)
  const mail = await db.outboxMail.findFirstOrThrow({ where: { companyId: company.id } })
  expect(mail.text).toMatch(/_domainkey\.shop\.example\.com/)
  expect(await db.emailSettings.findUnique({ where: { companyId: company.id } })).toBeNull()
  // Going on anyway keeps it (the mail is not sent twice); the wizard is finished.
  const done = await step(cookie, 'sender-info', {
    fromName: 'Pet Shop',
    fromEmail: 'hi@shop.example.com',
    continueUnverified: true,
  })
  expect(done.status).toBe(200)
  expect(done.json).toMatchObject({ next: '/get-started', sender: { verified: false, verificationMailSent: false } })
  expect(await db.outboxMail.count({ where: { companyId: company.id } })).toBe(1)
  expect(await db.emailSettings.findUniqueOrThrow({ where: { companyId: company.id } })).toMatchObject({
    defaultFromName: 'Pet Shop',
    defaultFromEmail: 'hi@shop.example.com',
  })
  const state = (await call(getSetup as Handler, '/ajax/onboarding/setup', cookie)).json
  expect(state.currentStep).toBeNull()
  expect(state.completedAt).not.toBeNull()
})

test('a verified sending domain passes sender-info at once; SMS accounts go on to the phone check', async () => {
  const { company, cookie } = await account()
  await db.sendingDomain.create({
    data: {
      companyId: company.id,
      domain: 'ok.example',
      selector: 's1',
      privateKey: 'x',
      publicKey: 'y',
      verified: true,
    },
  })
  await step(cookie, 'choose-channels', { channels: ['email', 'sms'] })
  const r = await step(cookie, 'sender-info', { fromName: 'OK', fromEmail: 'news@ok.example' })
  expect(r.status).toBe(200)
  expect(r.json).toMatchObject({ next: '/account/verify-phone', sender: { verified: true } })
  expect(await db.outboxMail.count({ where: { companyId: company.id } })).toBe(0)
})

test.each([
  ['company-website', { websiteUrl: 'not a url' }, 'websiteUrl'],
  ['company-website', { websiteUrl: 'ftp://shop.example.com' }, 'websiteUrl'],
  ['company-website', { websiteUrl: 'https://myshop' }, 'websiteUrl'],
  ['business-category', { category: 'weapons' }, 'category'],
  ['choose-channels', { channels: [] }, 'channels'],
  ['mailing-address', { line1: '', city: 'X', country: 'US' }, 'line1'],
  ['mailing-address', { line1: '1 A St', city: 'X', country: 'ZZ' }, 'country'],
  ['sender-info', { fromName: 'A', fromEmail: 'nope' }, 'fromEmail'],
  ['sender-info', { fromName: 'A', fromEmail: 'shop@gmail.com', continueUnverified: true }, 'fromEmail'],
  ['sender-info', { fromName: 'A', fromEmail: 'shop@yahoo.co.uk', continueUnverified: true }, 'fromEmail'],
  ['integration/sync', { days: -1 }, 'days'],
])('step %s with %j is a 400 naming %s, and nothing is saved', async (name, body, field) => {
  const { company, cookie } = await account()
  const r = await step(cookie, name, body)
  expect(r.status).toBe(400)
  expect(Object.keys(r.json.fieldErrors)).toContain(field)
  expect(await db.accountSetup.findUnique({ where: { companyId: company.id } })).toBeNull()
})

test('the integration step: "connected" needs a connected store; skipping goes to sender info', async () => {
  const { company, cookie } = await account()
  expect((await step(cookie, 'platform', { platform: 'shopify' })).json.next).toBe('/account-setup/integration')
  const notYet = await step(cookie, 'integration', { action: 'connected' })
  expect(notYet.status).toBe(400)
  expect(notYet.json.fieldErrors.action[0]).toMatch(/not connected yet/)
  await db.integration.create({
    data: { id: 'int-1', companyId: company.id, key: 'shopify', externalKey: 'a.myshopify.com', status: 'connected' },
  })
  expect((await step(cookie, 'integration', { action: 'connected' })).json.next).toBe(
    '/account-setup/integration/data-sharing',
  )
  const shared = await step(cookie, 'integration/data-sharing', { writeBackConsent: false })
  expect(shared.json.next).toBe('/account-setup/integration/sync')
  const settings = JSON.parse((await db.integration.findUniqueOrThrow({ where: { id: 'int-1' } })).settings)
  expect(settings.writeBackConsent).toBe(false)
  // 0 days: no sync. Changing the platform asks the integration steps again.
  expect((await step(cookie, 'integration/sync', { days: 0 })).json).toMatchObject({
    next: '/account-setup/sender-info',
  })
  const changed = await step(cookie, 'platform', { platform: 'woocommerce' })
  expect(changed.json.state.answers.integration).toBeUndefined()
  expect(changed.json.next).toBe('/account-setup/integration')
  expect(changed.json.state.storeConnected).toBe(false)
})

test('an unknown step is a 404; the analyst cannot change the setup', async () => {
  const { cookie } = await account()
  expect((await step(cookie, 'no-such-step', {})).status).toBe(404)
  const analyst = await account('analyst')
  expect((await step(analyst.cookie, 'init', {})).status).toBe(403)
})

test('tenancy: one account’s answers are not another’s', async () => {
  const a = await account()
  const b = await account()
  await step(a.cookie, 'business-focus', { focus: 'recover_revenue' })
  const other = (await call(getSetup as Handler, '/ajax/onboarding/setup', b.cookie)).json
  expect(other.answers).toEqual({})
  expect(await db.accountSetup.count({ where: { companyId: b.company.id } })).toBe(0)
})

test('/account/create: a new account owned by the user, the session moved to it, the wizard next', async () => {
  const { user, cookie } = await account()
  const bad = await call(createAccount as Handler, '/ajax/onboarding/account', cookie, { companyName: ' ' })
  expect(bad.status).toBe(400)
  expect(bad.json.fieldErrors.companyName).toBeDefined()
  const r = await call(createAccount as Handler, '/ajax/onboarding/account', cookie, {
    companyName: 'Second Store',
    timezone: 'Europe/Paris',
  })
  expect(r.status).toBe(201)
  expect(r.json.redirect).toBe('/account-setup/init')
  const m = await db.membership.findUniqueOrThrow({
    where: { userId_companyId: { userId: user.id, companyId: r.json.companyId } },
  })
  expect(m.role).toBe('owner')
  expect(await db.company.findUniqueOrThrow({ where: { id: r.json.companyId } })).toMatchObject({
    name: 'Second Store',
    timezone: 'Europe/Paris',
  })
  expect(r.res.headers.getSetCookie().length).toBeGreaterThan(0)
})

test('verify-phone: the texted code works once, its hash only is kept, wrong codes are counted', async () => {
  const { company, cookie } = await account()
  const bad = await call(sendCode as Handler, '/ajax/onboarding/verify-phone', cookie, { phone: '0123' })
  expect(bad.status).toBe(400)
  expect(bad.json.fieldErrors.phone).toBeDefined()
  const sent = await call(sendCode as Handler, '/ajax/onboarding/verify-phone', cookie, { phone: '+15005550006' })
  expect(sent.status).toBe(200)
  const text = twilio.requests.at(-1)!
  expect(text.form).toMatchObject({ To: '+15005550006', From: '+15550001111' })
  const code = /(\d{6})/.exec(text.form.Body!)![1]!
  const row = await db.phoneVerificationCode.findFirstOrThrow({ where: { companyId: company.id } })
  expect(row.codeHash).not.toContain(code)
  const wrongCode = code === '000000' ? '111111' : '000000'
  const wrong = await call(confirmCode as Handler, '/ajax/onboarding/verify-phone/confirm', cookie, { code: wrongCode })
  expect(wrong.status).toBe(400)
  expect(wrong.json.fieldErrors.code[0]).toMatch(/not right/)
  const ok = await call(confirmCode as Handler, '/ajax/onboarding/verify-phone/confirm', cookie, { code })
  expect(ok.json).toEqual({ verified: true, phone: '+15005550006' })
  expect((await db.accountSetup.findUniqueOrThrow({ where: { companyId: company.id } })).phoneVerifiedAt).not.toBeNull()
  const again = await call(confirmCode as Handler, '/ajax/onboarding/verify-phone/confirm', cookie, { code })
  expect(again.status).toBe(400)
})

test('verify-phone: a code expires after 10 minutes, locks after 5 wrong tries, and sending is rate limited', async () => {
  const company = await makeCompany()
  const t0 = new Date()
  await sendPhoneCode(company.id, '+15005550010', t0)
  const code = /(\d{6})/.exec(twilio.requests.at(-1)!.form.Body!)![1]!
  await expect(confirmPhoneCode(company.id, code, new Date(t0.getTime() + 10 * 60_000 + 1))).rejects.toMatchObject({
    status: 400,
    fieldErrors: { code: [expect.stringMatching(/expired/)] },
  })
  await sendPhoneCode(company.id, '+15005550010', t0)
  const code2 = /(\d{6})/.exec(twilio.requests.at(-1)!.form.Body!)![1]!
  const wrong = code2 === '123456' ? '654321' : '123456'
  for (let i = 0; i < 5; i++)
    await expect(confirmPhoneCode(company.id, wrong, t0)).rejects.toMatchObject({ status: 400 })
  // The right code no longer works after 5 wrong ones.
  await expect(confirmPhoneCode(company.id, code2, t0)).rejects.toMatchObject({
    fieldErrors: { code: [expect.stringMatching(/Too many/)] },
  })
  // Three texts to one number an hour: the fourth is refused, and nothing is sent for it.
  await sendPhoneCode(company.id, '+15005550010', t0)
  const before = twilio.requests.length
  await expect(sendPhoneCode(company.id, '+15005550010', t0)).rejects.toMatchObject({ status: 429 })
  expect(twilio.requests.length).toBe(before)
})

test('task status: a job of the account, never another account’s', async () => {
  const a = await account()
  const b = await account()
  const id = await enqueue('onboarding.test-task', { secret: 'x' }, { companyId: a.company.id })
  const r = await call(
    taskStatus as Handler,
    `/ajax/onboarding/task/${id}`,
    a.cookie,
    undefined,
    params({ taskId: String(id) }),
  )
  expect(r.json).toMatchObject({ id, status: 'queued', finished: false })
  expect(r.json.payload).toBeUndefined()
  const other = await call(
    taskStatus as Handler,
    `/ajax/onboarding/task/${id}`,
    b.cookie,
    undefined,
    params({ taskId: String(id) }),
  )
  expect(other.status).toBe(404)
})
