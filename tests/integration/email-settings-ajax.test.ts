/** @jest-environment node */
// /settings/email behind /ajax/account/email/{settings,sending,tracking,consent,smtp-test}: field
// errors, the SMTP password sealed at rest and never sent back, the test-connection button
// against a real SMTP server with a login, permissions, and one company never reaching another's.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)

import { db } from '@/lib/db/client'
import { ajaxRequest, makeCompany, makeUser, signIn } from '../helpers/factory'
import { startSmtpSink, type SmtpSink } from '../helpers/smtp-sink'
import { GET as getSettings, POST as postSettings } from '@/app/ajax/account/email/settings/route'
import { GET as getSending, POST as postSending } from '@/app/ajax/account/email/sending/route'
import { GET as getTracking, POST as postTracking } from '@/app/ajax/account/email/tracking/route'
import { GET as getConsent, POST as postConsent } from '@/app/ajax/account/email/consent/route'
import { POST as smtpTest } from '@/app/ajax/account/email/smtp-test/route'
import { getEmailConfig, forgetEmailConfig } from '@/lib/messaging/email-settings/email-config'
import { loadPolicySettingsOps } from '@/lib/messaging/claim-sends'
import { read } from '@/lib/db/ops'

type Handler = (r: Request, c?: never) => Promise<Response>
async function call(handler: Handler, path: string, cookie: string | undefined, body?: unknown) {
  const res = await handler(ajaxRequest(path, { method: body === undefined ? 'GET' : 'POST', cookie, body }))
  return { status: res.status, json: await res.json() }
}

async function account(role = 'owner') {
  const company = await makeCompany()
  const user = await makeUser({ companyId: company.id, role })
  return { company, cookie: await signIn(user.id, company.id) }
}

let sink: SmtpSink
beforeAll(async () => {
  sink = await startSmtpSink({ auth: { user: 'shop', pass: 'S3cret-pass-word' } })
})
afterAll(() => sink.close())
beforeEach(() => {
  delete process.env.SMTP_URL
  forgetEmailConfig()
})

test('defaults: no company SMTP and no SMTP_URL means the local outbox, tracking on', async () => {
  const { cookie } = await account()
  const r = await call(getSettings, '/ajax/account/email/settings', cookie)
  expect(r.status).toBe(200)
  expect(r.json.settings).toEqual({
    defaultFromName: '',
    defaultFromEmail: '',
    replyTo: '',
    smtp: null,
    delivery: 'outbox',
  })
  process.env.SMTP_URL = sink.url
  expect((await call(getSettings, '/ajax/account/email/settings', cookie)).json.settings.delivery).toBe('server_smtp')
  expect((await call(getTracking, '/ajax/account/email/tracking', cookie)).json.tracking).toEqual({
    openTracking: true,
    clickTracking: true,
  })
  expect((await call(getConsent, '/ajax/account/email/consent', cookie)).json.consent).toEqual({
    unsubscribeScope: 'all',
  })
  expect((await call(getSending, '/ajax/account/email/sending', cookie)).json.sending).toMatchObject({
    smartSendingHours: 16,
    frequencyCaps: { email: { day: null, week: null } },
  })
})

test('settings: field errors name each bad field and nothing is written', async () => {
  const { company, cookie } = await account()
  const r = await call(postSettings, '/ajax/account/email/settings', cookie, {
    default_from_name: 'Bad "name"',
    default_from_email: 'not-an-address',
    reply_to: 'also@bad',
    smtp_host: 'http://smtp.example.com',
    smtp_port: 70000,
    rate_limit_per_second: 0,
  })
  expect(r.status).toBe(400)
  expect(Object.keys(r.json.fieldErrors).sort()).toEqual([
    'defaultFromEmail',
    'defaultFromName',
    'rateLimitPerSecond',
    'replyTo',
    'smtpHost',
    'smtpPort',
  ])
  expect(r.json.fieldErrors.defaultFromEmail).toEqual(['Enter a valid email address.'])
  const missingPort = await call(postSettings, '/ajax/account/email/settings', cookie, {
    smtp_host: 'smtp.example.com',
  })
  expect(missingPort.status).toBe(400)
  expect(missingPort.json.fieldErrors).toEqual({ smtpPort: ['Enter the port of the SMTP server (587, 465 or 25).'] })
  const userWithoutHost = await call(postSettings, '/ajax/account/email/settings', cookie, {
    smtp_user: 'u',
    smtp_password: 'p',
  })
  expect(userWithoutHost.json.fieldErrors).toEqual({
    smtpHost: ['Enter the SMTP server before its user name and password.'],
  })
  expect(await db.emailSettings.findUnique({ where: { companyId: company.id } })).toBeNull()
})

test('settings: saved, the password sealed at rest, never sent back, kept when the field is left empty', async () => {
  const { company, cookie } = await account()
  const body = {
    default_from_name: 'Acme Shop',
    default_from_email: 'news@acme.example',
    reply_to: 'help@acme.example',
    smtp_host: 'smtp.acme.example',
    smtp_port: '587',
    smtp_secure: false,
    smtp_user: 'shop',
    smtp_password: 'S3cret-pass-word',
    rate_limit_per_second: 20,
  }
  const r = await call(postSettings, '/ajax/account/email/settings', cookie, body)
  expect(r.status).toBe(200)
  expect(r.json.settings).toEqual({
    defaultFromName: 'Acme Shop',
    defaultFromEmail: 'news@acme.example',
    replyTo: 'help@acme.example',
    delivery: 'company_smtp',
    smtp: {
      host: 'smtp.acme.example',
      port: 587,
      secure: false,
      user: 'shop',
      passwordSet: true,
      rateLimitPerSecond: 20,
    },
  })
  expect(JSON.stringify(r.json)).not.toContain('S3cret')
  const row = await db.emailSettings.findUniqueOrThrow({ where: { companyId: company.id } })
  expect(row.smtpPassword).toMatch(/^s1\./)
  expect(row.smtpPassword).not.toContain('S3cret')
  expect(Buffer.from(JSON.stringify(row)).toString('base64')).not.toContain(
    Buffer.from('S3cret-pass-word').toString('base64'),
  )
  expect((await getEmailConfig(company.id)).smtp).toMatchObject({
    host: 'smtp.acme.example',
    password: 'S3cret-pass-word',
    rateLimitPerSecond: 20,
  })
  expect(JSON.stringify((await call(getSettings, '/ajax/account/email/settings', cookie)).json)).not.toContain('S3cret')

  // Saving again without a password keeps it; clear_smtp_password removes it; no host removes everything.
  await call(postSettings, '/ajax/account/email/settings', cookie, {
    ...body,
    smtp_password: '',
    rate_limit_per_second: '',
  })
  const kept = await db.emailSettings.findUniqueOrThrow({ where: { companyId: company.id } })
  expect(kept.smtpPassword).toBe(row.smtpPassword)
  expect(kept.rateLimitPerSecond).toBeNull()
  await call(postSettings, '/ajax/account/email/settings', cookie, {
    ...body,
    smtp_password: undefined,
    clear_smtp_password: true,
  })
  expect((await db.emailSettings.findUniqueOrThrow({ where: { companyId: company.id } })).smtpPassword).toBeNull()
  const none = await call(postSettings, '/ajax/account/email/settings', cookie, {
    default_from_email: 'news@acme.example',
  })
  expect(none.json.settings).toMatchObject({ smtp: null, delivery: 'outbox', defaultFromName: '' })
})

test('smtp-test: signs in to a real SMTP server with the saved password, reports a wrong one, sends nothing', async () => {
  const { cookie } = await account()
  const form = { smtp_host: sink.host, smtp_port: sink.port, smtp_user: 'shop' }
  const wrong = await call(smtpTest, '/ajax/account/email/smtp-test', cookie, { ...form, smtp_password: 'nope' })
  expect(wrong.status).toBe(200)
  expect(wrong.json.result.ok).toBe(false)
  expect(wrong.json.result.message).toMatch(/535|EAUTH|Invalid|credentials/i)
  await call(postSettings, '/ajax/account/email/settings', cookie, { ...form, smtp_password: 'S3cret-pass-word' })
  const ok = await call(smtpTest, '/ajax/account/email/smtp-test', cookie, form)
  expect(ok.json.result).toEqual({ ok: true, message: `Connected to ${sink.host}:${sink.port} and signed in.` })
  expect(sink.logins.slice(-2)).toEqual([
    { user: 'shop', ok: false },
    { user: 'shop', ok: true },
  ])
  expect(sink.mails).toHaveLength(0)
  const closed = await call(smtpTest, '/ajax/account/email/smtp-test', cookie, { smtp_host: '127.0.0.1', smtp_port: 1 })
  expect(closed.json.result.ok).toBe(false)
  expect((await call(smtpTest, '/ajax/account/email/smtp-test', cookie, {})).json.fieldErrors).toEqual({
    smtpHost: ['Enter the SMTP server to test.'],
  })
})

test('tracking, consent and sending: saved and read back, with field errors; the policy reads the window and caps', async () => {
  const { company, cookie } = await account()
  expect(
    (await call(postTracking, '/ajax/account/email/tracking', cookie, { open_tracking: false, click_tracking: true }))
      .json.tracking,
  ).toEqual({ openTracking: false, clickTracking: true })
  expect((await call(postTracking, '/ajax/account/email/tracking', cookie, { open_tracking: 'yes' })).status).toBe(400)
  expect((await getEmailConfig(company.id)).openTracking).toBe(false)
  expect(
    (await call(postConsent, '/ajax/account/email/consent', cookie, { unsubscribe_scope: 'list' })).json.consent,
  ).toEqual({ unsubscribeScope: 'list' })
  expect(
    (await call(postConsent, '/ajax/account/email/consent', cookie, { unsubscribe_scope: 'some' })).json.fieldErrors,
  ).toEqual({ unsubscribeScope: ['Choose what an unsubscribe link removes.'] })

  const bad = await call(postSending, '/ajax/account/email/sending', cookie, {
    smart_sending_hours: 500,
    frequency_caps: { email: { day: 5, week: 2 }, sms: { day: 0 }, fax: { day: 1 } },
  })
  expect(bad.status).toBe(400)
  expect(Object.keys(bad.json.fieldErrors).sort()).toEqual([
    'frequencyCaps',
    'frequencyCaps.email.week',
    'frequencyCaps.sms.day',
    'smartSendingHours',
  ])
  expect(bad.json.fieldErrors.frequencyCaps.join(' ')).toMatch(/Unknown channel|key/i)
  const ok = await call(postSending, '/ajax/account/email/sending', cookie, {
    smart_sending_hours: 8,
    frequency_caps: { email: { day: 2, week: 5 }, sms: { day: '', week: 3 } },
  })
  expect(ok.status).toBe(200)
  expect(ok.json.sending.frequencyCaps).toMatchObject({
    email: { day: 2, week: 5 },
    sms: { day: null, week: 3 },
    push: { day: null, week: null },
  })
  const weekBelowDay = await call(postSending, '/ajax/account/email/sending', cookie, {
    smart_sending_hours: 8,
    frequency_caps: { email: { day: 5, week: 2 } },
  })
  expect(weekBelowDay.json.fieldErrors).toEqual({
    'frequencyCaps.email.week': ['The weekly cap cannot be lower than the daily cap.'],
  })
  const policy = await read(loadPolicySettingsOps(company.id))
  expect(policy).toMatchObject({
    smartSendingHours: 8,
    frequencyCaps: { email: { day: 2, week: 5 }, sms: { week: 3 } },
    quietHoursEnabled: true,
  })

  // The soft-bounce limit: kept when absent, saved when valid, refused out of range; the inbound URLs carry this company's token.
  expect(ok.json.sending.softBounceLimit).toBe(3)
  const inbound = ok.json.sending.inboundWebhooks
  expect(inbound.inboundEmail).toMatch(new RegExp(`/webhooks/inbound/email\\?token=${company.id}\\.`))
  expect(inbound.ses).toMatch(/\/webhooks\/ses\?token=/)
  expect(inbound.sendgrid).toMatch(/\/webhooks\/sendgrid\?token=/)
  expect(
    (await call(postSending, '/ajax/account/email/sending', cookie, { smart_sending_hours: 8, soft_bounce_limit: 0 }))
      .json.fieldErrors,
  ).toEqual({ softBounceLimit: ['Enter a whole number of soft bounces from 1 to 20.'] })
  expect(
    (await call(postSending, '/ajax/account/email/sending', cookie, { smart_sending_hours: 8, soft_bounce_limit: '5' }))
      .json.sending.softBounceLimit,
  ).toBe(5)
  expect((await db.messagingSettings.findUniqueOrThrow({ where: { companyId: company.id } })).softBounceLimit).toBe(5)
})

test('permissions: an Analyst reads but cannot save; signed out is 401', async () => {
  const { cookie } = await account('analyst')
  expect((await call(getSettings, '/ajax/account/email/settings', cookie)).status).toBe(200)
  expect(
    (await call(postSettings, '/ajax/account/email/settings', cookie, { default_from_email: 'a@b.example' })).status,
  ).toBe(403)
  expect((await call(postSending, '/ajax/account/email/sending', cookie, { smart_sending_hours: 1 })).status).toBe(403)
  expect((await call(getSettings, '/ajax/account/email/settings', undefined)).status).toBe(401)
})

test('cross-company: each company sees and changes only its own settings', async () => {
  const a = await account()
  const b = await account()
  await call(postSettings, '/ajax/account/email/settings', a.cookie, {
    default_from_email: 'a@a.example',
    smtp_host: 'smtp.a.example',
    smtp_port: 25,
    smtp_user: 'a',
    smtp_password: 'A-password',
  })
  await call(postTracking, '/ajax/account/email/tracking', a.cookie, { open_tracking: false, click_tracking: false })
  await call(postSending, '/ajax/account/email/sending', a.cookie, { smart_sending_hours: 0 })
  expect((await call(getSettings, '/ajax/account/email/settings', b.cookie)).json.settings).toMatchObject({
    defaultFromEmail: '',
    smtp: null,
  })
  expect((await call(getTracking, '/ajax/account/email/tracking', b.cookie)).json.tracking).toEqual({
    openTracking: true,
    clickTracking: true,
  })
  expect((await call(getSending, '/ajax/account/email/sending', b.cookie)).json.sending.smartSendingHours).toBe(16)
  await call(postSettings, '/ajax/account/email/settings', b.cookie, { default_from_email: 'b@b.example' })
  expect((await db.emailSettings.findUniqueOrThrow({ where: { companyId: a.company.id } })).defaultFromEmail).toBe(
    'a@a.example',
  )
  expect((await getEmailConfig(b.company.id)).smtp).toBeNull()
})
