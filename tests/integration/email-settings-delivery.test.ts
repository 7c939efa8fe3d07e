/** @jest-environment node */
// The email channel with the company's settings: its own SMTP server (a real smtp-server that
// requires the saved login) instead of SMTP_URL, a changed configuration on a new pool, the
// default sender and reply-to, the provider rate limit, and the outbox when nothing is set.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)

import { db } from '@/lib/db/client'
import { ajaxRequest, makeCompany, makeUser, signIn } from '../helpers/factory'
import { headerOf, startSmtpSink, type SmtpSink } from '../helpers/smtp-sink'
import { POST as postSettings } from '@/app/ajax/account/email/settings/route'
import { upsertProfile } from '@/lib/profiles/upsert-profile'
import { createSends, type CreateSendsInput } from '@/lib/messaging/create-sends'
import { deliverSends } from '@/lib/messaging/deliver-sends'
import { closeSmtpTransports, TokenBucket, sendSmtp } from '@/lib/messaging/email-transport'
import { forgetEmailConfig } from '@/lib/messaging/email-settings/email-config'
import { ulid } from '@/lib/ids/make-id'

const sinks: SmtpSink[] = []
async function sink(auth?: { user: string; pass: string }) {
  const s = await startSmtpSink({ auth })
  sinks.push(s)
  return s
}
beforeEach(() => {
  delete process.env.SMTP_URL
  delete process.env.MAIL_FROM
  process.env.APP_URL = 'https://app.example.test'
  forgetEmailConfig()
})
afterAll(async () => {
  closeSmtpTransports()
  await Promise.all(sinks.map((s) => s.close()))
})

async function account() {
  const company = await makeCompany()
  const user = await makeUser({ companyId: company.id })
  return { company, cookie: await signIn(user.id, company.id) }
}
async function save(cookie: string, body: Record<string, unknown>) {
  const res = await postSettings(ajaxRequest('/ajax/account/email/settings', { method: 'POST', cookie, body }))
  expect(res.status).toBe(200)
}
async function send(
  companyId: number,
  emails: string[],
  content: CreateSendsInput['content'] = { subject: 'Hi', html: '<p>Hello</p>' },
) {
  const ids = []
  for (const email of emails) ids.push((await upsertProfile(companyId, { email }, { mode: 'import' })).profile.id)
  const input: CreateSendsInput = {
    companyId,
    channel: 'email',
    sourceType: 'campaign_message',
    sourceId: ulid(),
    content,
    recipients: ids.map((profileId) => ({ profileId })),
  }
  await createSends(input)
  await deliverSends(input)
  return db.send.findMany({ where: { companyId, sourceId: input.sourceId }, orderBy: { id: 'asc' } })
}

test('a company with its own SMTP server sends through it (with its login); another company uses SMTP_URL', async () => {
  const server = await sink()
  const own = await sink({ user: 'shop', pass: 'S3cret-pass-word' })
  process.env.SMTP_URL = server.url
  const a = await account()
  const b = await account()
  await save(a.cookie, {
    default_from_name: 'Acme Shop',
    default_from_email: 'news@acme.example',
    reply_to: 'help@acme.example',
    smtp_host: own.host,
    smtp_port: own.port,
    smtp_user: 'shop',
    smtp_password: 'S3cret-pass-word',
  })
  const sentA = await send(a.company.id, ['ada@x.test'])
  expect(sentA.map((s) => [s.status, s.provider])).toEqual([['sent', 'smtp:company']])
  expect(own.mails).toHaveLength(1)
  expect(own.mails[0]).toMatchObject({ to: ['ada@x.test'], from: 'news@acme.example', user: 'shop' })
  expect(headerOf(own.mails[0]!.raw, 'From')).toBe('Acme Shop <news@acme.example>')
  expect(headerOf(own.mails[0]!.raw, 'Reply-To')).toBe('help@acme.example')
  expect(server.mails).toHaveLength(0)

  // The message's own sender and reply-to win over the company's defaults.
  await send(a.company.id, ['bea@x.test'], {
    subject: 'Hi',
    html: '<p>x</p>',
    fromEmail: 'deals@acme.example',
    fromName: 'Deals',
    replyTo: 'r@acme.example',
  })
  expect(headerOf(own.mails[1]!.raw, 'From')).toBe('Deals <deals@acme.example>')
  expect(headerOf(own.mails[1]!.raw, 'Reply-To')).toBe('r@acme.example')

  const sentB = await send(b.company.id, ['bob@x.test'])
  expect(sentB.map((s) => [s.status, s.provider])).toEqual([['sent', 'smtp']])
  expect(server.mails.map((m) => m.to[0])).toEqual(['bob@x.test'])
  expect(own.mails).toHaveLength(2)
})

test('a changed configuration goes to the new server on a new pool and the old pool is closed', async () => {
  const first = await sink()
  const second = await sink()
  closeSmtpTransports()
  const a = await account()
  await save(a.cookie, { smtp_host: first.host, smtp_port: first.port })
  await send(a.company.id, ['one@x.test'])
  const pools = () => (globalThis as unknown as { __smtpTransports?: Map<string, unknown> }).__smtpTransports
  const before = new Set(pools()!.keys())
  await save(a.cookie, { smtp_host: second.host, smtp_port: second.port })
  await send(a.company.id, ['two@x.test'])
  expect(first.mails.map((m) => m.to[0])).toEqual(['one@x.test'])
  expect(second.mails.map((m) => m.to[0])).toEqual(['two@x.test'])
  const after = new Set(pools()!.keys())
  expect(before.size).toBe(1)
  expect([...before].filter((k) => after.has(k))).toEqual([])
  expect(after.size).toBe(1)
})

test('no company SMTP and no SMTP_URL: the local outbox, with the company sender', async () => {
  const a = await account()
  await save(a.cookie, { default_from_email: 'news@acme.example', default_from_name: 'Acme' })
  const sent = await send(a.company.id, ['ada@x.test'])
  expect(sent[0]).toMatchObject({ status: 'sent', provider: 'outbox', reason: 'not_delivered_outbox' })
  const mail = await db.outboxMail.findFirstOrThrow({ where: { companyId: a.company.id } })
  expect(mail.fromAddress).toBe('"Acme" <news@acme.example>')
})

test('the rate limit paces the company server: 12 messages at 5 per second take over a second, all delivered once', async () => {
  const own = await sink()
  const a = await account()
  await save(a.cookie, { smtp_host: own.host, smtp_port: own.port, rate_limit_per_second: 5 })
  const emails = Array.from({ length: 12 }, (_, i) => `r${i}@x.test`)
  const t0 = Date.now()
  const sent = await send(a.company.id, emails)
  expect(sent.every((s) => s.status === 'sent')).toBe(true)
  expect(own.mails.map((m) => m.to[0]).sort()).toEqual([...emails].sort())
  // 5 at once (a full bucket), then one every 200 ms: the last cannot leave before 1.4 s.
  const at = own.mails.map((m) => m.at).sort((x, y) => x - y)
  expect(at[11]! - t0).toBeGreaterThanOrEqual(1350)
  expect(at[4]! - t0).toBeLessThan(at[11]! - t0 - 900)
})

test('token bucket: waits within the limit, refuses ("retry") beyond the longest wait', async () => {
  const b = new TokenBucket(2, 0)
  expect([b.take(1000, 0), b.take(1000, 0), b.take(1000, 0), b.take(1000, 0)]).toEqual([0, 0, 500, 1000])
  expect(b.take(1000, 0)).toBeNull()
  expect(b.take(1000, 1500)).toBe(0)
  // sendSmtp answers 'retry' (deferred with backoff by the pipeline) when the wait would be too long.
  const own = await sink()
  const target = { host: own.host, port: own.port, secure: false, rateLimitPerSecond: 1 }
  const msg = (to: string) => ({ from: 'a@x.test', to, subject: 's', text: 't', messageId: `<${to}>`, headers: {} })
  const results = await Promise.all(Array.from({ length: 8 }, (_, i) => sendSmtp(target, msg(`q${i}@x.test`))))
  expect(results.filter((r) => r.kind === 'sent')).toHaveLength(6)
  expect(results.filter((r) => r.kind === 'retry').map((r) => (r as { error: string }).error)).toEqual([
    'rate_limited: over 1 messages per second',
    'rate_limited: over 1 messages per second',
  ])
})
