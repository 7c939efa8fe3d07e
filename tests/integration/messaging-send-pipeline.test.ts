/** @jest-environment node */
// The send pipeline end to end against real SMTP servers (smtp-server on 127.0.0.1: one that
// accepts, one that answers 5xx, one that answers 4xx) and the local outbox: Send rows made
// once per decision, delivered exactly once, and what a worker killed mid-way leaves behind.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)
import { SMTPServer } from 'smtp-server'
import type { AddressInfo } from 'node:net'
import { db } from '@/lib/db/client'
import { inWriteTx, exec } from '@/lib/db/ops'
import { kysely } from '@/lib/db/kysely'
import { makeCompany } from '../helpers/factory'
import { upsertProfile } from '@/lib/profiles/upsert-profile'
import { setConsent } from '@/lib/profiles/consent'
import { runJobsUntilIdle } from '@/lib/jobs/queue'
import { setQueueClock } from '@/lib/jobs/clock'
import { createSends, createSendsOps, prepareSendQueue, type CreateSendsInput } from '@/lib/messaging/create-sends'
import { claimSendsPage, deliverClaimed, deliverSends, SEND_LEASE_MS } from '@/lib/messaging/deliver-sends'
import { MAX_ATTEMPTS } from '@/lib/messaging/record-outcome'
import { DELIVER_JOB } from '@/lib/messaging/create-sends'
import { jobQueue } from '@/lib/jobs/current-queue'
import { closeSmtpTransports } from '@/lib/messaging/email-transport'
import { verifyUnsubscribeToken } from '@/lib/messaging/unsubscribe-link'
import { ulid } from '@/lib/ids/make-id'
import { getMailer } from '@/lib/mail/mailer'

interface Received {
  from: string
  to: string[]
  raw: string
}
interface Sink {
  url: string
  mails: Received[]
  rcptAttempts: number
  /** How it answers RCPT TO; a test may change it (the provider is back). */
  answer: 'accept' | '5xx' | '4xx'
  close(): Promise<void>
}

async function sink(answer: 'accept' | '5xx' | '4xx' = 'accept'): Promise<Sink> {
  const mails: Received[] = []
  const s: Sink = { url: '', mails, rcptAttempts: 0, answer, close: async () => {} }
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      s.rcptAttempts++
      if (s.answer === '5xx')
        return callback(Object.assign(new Error('5.1.1 No such user here'), { responseCode: 550 }))
      if (s.answer === '4xx') return callback(Object.assign(new Error('4.7.1 Try again later'), { responseCode: 451 }))
      callback()
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('end', () => {
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        })
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.server.address() as AddressInfo).port
  s.url = `smtp://127.0.0.1:${port}`
  s.close = () => new Promise<void>((resolve) => server.close(() => resolve()))
  return s
}

const sinks: Sink[] = []
async function useSink(answer: 'accept' | '5xx' | '4xx' = 'accept') {
  const s = await sink(answer)
  sinks.push(s)
  closeSmtpTransports()
  process.env.SMTP_URL = s.url
  return s
}

beforeEach(() => {
  delete process.env.SMTP_URL
  delete process.env.MAIL_FROM
  process.env.APP_URL = 'https://app.example.test'
})
afterEach(() => setQueueClock(null))
afterAll(async () => {
  closeSmtpTransports()
  await Promise.all(sinks.map((s) => s.close()))
})

async function profile(companyId: number, email: string, extra: Record<string, unknown> = {}) {
  return (await upsertProfile(companyId, { email, ...extra }, { mode: 'import' })).profile.id
}

function campaign(companyId: number, profileIds: string[], over: Partial<CreateSendsInput> = {}): CreateSendsInput {
  return {
    companyId,
    channel: 'email',
    sourceType: 'campaign_message',
    sourceId: over.sourceId ?? ulid(),
    content: {
      subject: 'Hello {{ first_name|default:"friend" }}',
      html: '<p>Hi {{ person.first_name }}, order {{ event.order_id }}</p>',
      fromEmail: 'news@shop.example.test',
      fromName: 'Shop',
    },
    recipients: profileIds.map((profileId) => ({ profileId, context: { event: { order_id: 'A-1' } } })),
    ...over,
  }
}

const sendsOf = (companyId: number, sourceId: string) =>
  db.send.findMany({ where: { companyId, sourceId }, orderBy: { id: 'asc' } })
const header = (raw: string, name: string) => {
  const unfolded = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ')
  return unfolded
    .split(/\r?\n/)
    .find((l) => l.toLowerCase().startsWith(name.toLowerCase() + ':'))
    ?.slice(name.length + 1)
    .trim()
}

test('mail goes through a real SMTP server, rendered per profile, with the pipeline headers', async () => {
  const smtp = await useSink()
  const { id: cid } = await makeCompany()
  const ada = await profile(cid, 'ada@x.test', { firstName: 'Ada' })
  const bob = await profile(cid, 'bob@x.test')
  const input = campaign(cid, [ada, bob])
  const created = await createSends(input)
  expect(created).toHaveLength(2)
  await runJobsUntilIdle()

  expect(smtp.mails.map((m) => m.to[0]).sort()).toEqual(['ada@x.test', 'bob@x.test'])
  const rows = await sendsOf(cid, input.sourceId)
  expect(rows.map((r) => r.status)).toEqual(['sent', 'sent'])
  const adaRow = rows.find((r) => r.profileId === ada)!
  const mail = smtp.mails.find((m) => m.to[0] === 'ada@x.test')!
  expect(mail.from).toBe('news@shop.example.test')
  expect(header(mail.raw, 'Subject')).toBe('Hello Ada')
  expect(mail.raw).toContain('Hi Ada, order A-1')
  expect(header(mail.raw, 'X-Send-Id')).toBe(adaRow.id)
  expect(header(mail.raw, 'Message-ID')).toBe(adaRow.messageId)
  expect(adaRow.messageId).toMatch(/^<.+@shop\.example\.test>$/)
  const lu = header(mail.raw, 'List-Unsubscribe')!
  expect(lu).toMatch(
    /^<https:\/\/app\.example\.test\/unsubscribe\?t=[^>]+>, <mailto:unsubscribe@shop\.example\.test\?subject=[^>]+>$/,
  )
  expect(verifyUnsubscribeToken(decodeURIComponent(lu.match(/t=([^>]+)>/)![1]!))).toBe(adaRow.id)
  expect(verifyUnsubscribeToken(adaRow.id + '.forged')).toBeNull()
  expect(header(mail.raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click')
  expect(adaRow).toMatchObject({ provider: 'smtp', subject: 'Hello Ada', attempts: 1 })
  expect(adaRow.sentAt).not.toBeNull()
  expect(adaRow.providerMessageId).toBeTruthy()
  expect(header(smtp.mails.find((m) => m.to[0] === 'bob@x.test')!.raw, 'Subject')).toBe('Hello friend')
})

test('exactly once: the same decision twice makes one Send and one mail; a rolled-back decision makes none', async () => {
  const smtp = await useSink()
  const { id: cid } = await makeCompany()
  const ada = await profile(cid, 'ada@x.test')
  const input = campaign(cid, [ada, ada])
  await prepareSendQueue()
  // The caller's own transaction: its decision and the Send commit together.
  const first = await inWriteTx(() => createSendsOps(input))
  const again = await inWriteTx(() => createSendsOps(input))
  expect(first).toHaveLength(1)
  expect(again).toEqual([])
  expect(await createSends(input)).toEqual([])
  await runJobsUntilIdle()
  await runJobsUntilIdle()
  expect(smtp.mails).toHaveLength(1)
  expect(await sendsOf(cid, input.sourceId)).toHaveLength(1)

  const rolledBack = campaign(cid, [ada])
  await expect(
    inWriteTx(function* () {
      yield* createSendsOps(rolledBack)
      throw new Error('the caller changed its mind')
    }),
  ).rejects.toThrow('changed its mind')
  await runJobsUntilIdle()
  expect(await sendsOf(cid, rolledBack.sourceId)).toEqual([])
  expect(smtp.mails).toHaveLength(1)
})

test('without SMTP the mail is kept in the local outbox, marked as not delivered, with HTML, text, headers and send id', async () => {
  const { id: cid } = await makeCompany()
  const ada = await profile(cid, 'ada@x.test', { firstName: 'Ada' })
  const input = campaign(cid, [ada])
  await createSends(input)
  await runJobsUntilIdle()
  const [send] = await sendsOf(cid, input.sourceId)
  expect(send).toMatchObject({ status: 'sent', provider: 'outbox' })
  const box = await db.outboxMail.findFirstOrThrow({ where: { companyId: cid, sendId: send!.id } })
  expect(send!.outboxMailId).toBe(box.id)
  expect(box).toMatchObject({
    to: 'ada@x.test',
    subject: 'Hello Ada',
    status: 'not_delivered',
    fromAddress: '"Shop" <news@shop.example.test>',
  })
  expect(box.html).toContain('Hi Ada, order A-1')
  expect(box.text).toContain('Hi Ada, order A-1')
  const headers = JSON.parse(box.headers!)
  expect(headers).toMatchObject({
    'X-Send-Id': send!.id,
    'Message-ID': send!.messageId,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  })
  await runJobsUntilIdle()
  expect(await db.outboxMail.count({ where: { sendId: send!.id } })).toBe(1)
  // The vendor's Received Email event, once, carrying the send, its source and subject.
  const received = await db.event.findMany({
    where: { companyId: cid, profileId: ada, metric: { name: 'Received Email' } },
  })
  expect(received).toHaveLength(1)
  expect(JSON.parse(received[0]!.properties)).toMatchObject({
    $send_id: send!.id,
    $message: input.sourceId,
    Subject: 'Hello Ada',
  })
})

test('a 5xx answer is a hard bounce: the Send is bounced, the address suppressed, later marketing skipped', async () => {
  const smtp = await useSink('5xx')
  const { id: cid } = await makeCompany()
  const ada = await profile(cid, 'ada@x.test')
  const input = campaign(cid, [ada])
  await createSends(input)
  await runJobsUntilIdle()
  const [send] = await sendsOf(cid, input.sourceId)
  expect(send).toMatchObject({ status: 'bounced', reason: 'hard_bounce' })
  expect(send!.error).toMatch(/No such user/)
  expect(smtp.rcptAttempts).toBe(1)
  expect(
    await db.suppression.count({
      where: { companyId: cid, profileId: ada, channel: 'email', reason: 'bounced', clearedAt: null },
    }),
  ).toBe(1)
  expect(await db.event.count({ where: { companyId: cid, profileId: ada, metric: { name: 'Bounced Email' } } })).toBe(1)

  const later = campaign(cid, [ada])
  await createSends(later)
  await runJobsUntilIdle()
  expect((await sendsOf(cid, later.sourceId))[0]).toMatchObject({ status: 'skipped', reason: 'suppressed_bounced' })
  expect(smtp.rcptAttempts).toBe(1)
  // Transactional mail does not go to a hard bounce either.
  const receipt = campaign(cid, [ada], { sourceType: 'transactional', transactional: true })
  await createSends(receipt)
  await runJobsUntilIdle()
  expect((await sendsOf(cid, receipt.sourceId))[0]).toMatchObject({ status: 'skipped', reason: 'suppressed_bounced' })
})

test('a page of flow sends (a source each) answered 4xx: one retry job names them all, and the retry reaches each once', async () => {
  const smtp = await useSink('4xx')
  const { id: cid } = await makeCompany()
  const people = [await profile(cid, 'r1@x.test'), await profile(cid, 'r2@x.test'), await profile(cid, 'r3@x.test')]
  const action = ulid()
  const t0 = Date.now()
  setQueueClock(new Date(t0))
  const base = campaign(cid, [])
  await createSends({
    companyId: cid,
    channel: 'email',
    sourceType: 'flow_action_run',
    content: base.content,
    recipients: people.map((profileId, i) => ({ profileId, sourceId: `${action}:run${i}` })),
  })
  await runJobsUntilIdle()
  const rows = await db.send.findMany({ where: { companyId: cid, sourceType: 'flow_action_run' } })
  expect(rows.map((r) => [r.status, r.reason])).toEqual([
    ['deferred', 'retry'],
    ['deferred', 'retry'],
    ['deferred', 'retry'],
  ])
  // The retries' delivery jobs, due at the backoff: one, naming the three sources (one per row before).
  const due = await jobQueue().claim({
    workerId: 'test',
    limit: 100,
    visibilityTimeoutMs: 600_000,
    type: DELIVER_JOB,
    now: new Date(t0 + 2000),
  })
  expect(due).toHaveLength(1)
  expect((due[0]!.payload as { sourceIds: string[] }).sourceIds.sort()).toEqual(
    [0, 1, 2].map((i) => `${action}:run${i}`).sort(),
  )
  await jobQueue().fail(due[0]!, 'released by the test', { permanent: false, now: new Date(t0 + 2000) })
  // The provider is back: the retry delivers each row once.
  smtp.answer = 'accept'
  setQueueClock(new Date(t0 + 700_000))
  await runJobsUntilIdle()
  const after = await db.send.findMany({ where: { companyId: cid, sourceType: 'flow_action_run' } })
  expect(after.map((r) => r.status)).toEqual(['sent', 'sent', 'sent'])
  expect(smtp.mails.map((m) => m.to[0]).sort()).toEqual(['r1@x.test', 'r2@x.test', 'r3@x.test'])
})

test('a 4xx answer is retried with backoff, then failed', async () => {
  const smtp = await useSink('4xx')
  const { id: cid } = await makeCompany()
  const ada = await profile(cid, 'ada@x.test')
  const input = campaign(cid, [ada])
  // A frozen clock: a slow machine must not step past the 2 s backoff by itself.
  const t0 = Date.now()
  setQueueClock(new Date(t0))
  await createSends(input)
  await runJobsUntilIdle()
  let [send] = await sendsOf(cid, input.sourceId)
  expect(send).toMatchObject({ status: 'deferred', reason: 'retry', attempts: 1 })
  expect(send!.deferredUntil!.getTime()).toBe(t0 + 2000)
  // Nothing happens before the backoff is over.
  await runJobsUntilIdle()
  expect(smtp.rcptAttempts).toBe(1)
  for (let i = 2; i <= MAX_ATTEMPTS; i++) {
    setQueueClock(new Date(t0 + i * 700_000))
    await runJobsUntilIdle()
  }
  ;[send] = await sendsOf(cid, input.sourceId)
  expect(send).toMatchObject({ status: 'failed', reason: 'retries_exhausted', attempts: MAX_ATTEMPTS })
  expect(smtp.rcptAttempts).toBe(MAX_ATTEMPTS)
  expect(smtp.mails).toHaveLength(0)
})

test('a worker killed between claim and send: its rows become unknown once the lease expires, and nothing is sent', async () => {
  const smtp = await useSink()
  const { id: cid } = await makeCompany()
  const ids = [await profile(cid, 'a@x.test'), await profile(cid, 'b@x.test')]
  const input = campaign(cid, ids)
  await createSends(input)
  const payload = { companyId: cid, channel: 'email' as const, sourceType: input.sourceType, sourceId: input.sourceId }
  // The "dead" worker claimed the page (committed 'sending') and vanished.
  const page = await claimSendsPage(payload, { workerId: 'dead-worker' })
  expect(page).toHaveLength(2)
  expect((await sendsOf(cid, input.sourceId)).map((s) => s.status)).toEqual(['sending', 'sending'])
  // The queued job runs while the lease is alive: it sends nothing and comes back later.
  await runJobsUntilIdle()
  expect(smtp.mails).toHaveLength(0)
  expect((await sendsOf(cid, input.sourceId)).map((s) => s.status)).toEqual(['sending', 'sending'])
  setQueueClock(SEND_LEASE_MS + 60_000)
  await runJobsUntilIdle()
  const rows = await sendsOf(cid, input.sourceId)
  expect(rows.map((s) => [s.status, s.reason])).toEqual([
    ['unknown', 'lease_expired'],
    ['unknown', 'lease_expired'],
  ])
  setQueueClock(3_600_000)
  await runJobsUntilIdle()
  await deliverSends(payload)
  expect(smtp.mails).toHaveLength(0)
})

test('a worker killed between send and record: the mail went once, the row is unknown, never re-sent', async () => {
  const smtp = await useSink()
  const { id: cid } = await makeCompany()
  const input = campaign(cid, [await profile(cid, 'a@x.test')])
  await createSends(input)
  const payload = { companyId: cid, channel: 'email' as const, sourceType: input.sourceType, sourceId: input.sourceId }
  const [claimed] = await claimSendsPage(payload, { workerId: 'dead-worker' })
  expect(await deliverClaimed(claimed!)).toMatchObject({ kind: 'sent' })
  // …and the worker died before recording it.
  expect(smtp.mails).toHaveLength(1)
  setQueueClock(SEND_LEASE_MS + 60_000)
  await runJobsUntilIdle()
  setQueueClock(3_600_000)
  await runJobsUntilIdle()
  expect((await sendsOf(cid, input.sourceId))[0]).toMatchObject({ status: 'unknown', reason: 'lease_expired' })
  expect(smtp.mails).toHaveLength(1)
})

test('pages: a large source is claimed a page at a time, and every Send goes once', async () => {
  const smtp = await useSink()
  const { id: cid } = await makeCompany()
  const ids: string[] = []
  for (let i = 0; i < 7; i++) ids.push(await profile(cid, `p${i}@x.test`))
  const input = campaign(cid, ids)
  await createSends(input)
  const payload = { companyId: cid, channel: 'email' as const, sourceType: input.sourceType, sourceId: input.sourceId }
  const first = await claimSendsPage(payload, { workerId: 'w1', pageSize: 3 })
  expect(first).toHaveLength(3)
  for (const s of first) await deliverClaimed(s).then(() => {})
  await inWriteTx(function* () {
    // Record the first page as the worker would (kept simple: mark them sent).
    yield* exec(
      kysely()
        .updateTable('Send')
        .where('companyId', '=', cid)
        .where(
          'id',
          'in',
          first.map((s) => s.id),
        )
        .set({ status: 'sent', lockedBy: null, leaseUntil: null }),
    )
  })
  expect(await deliverSends(payload, { pageSize: 3 })).toBe(4)
  await runJobsUntilIdle()
  expect(smtp.mails.map((m) => m.to[0]).sort()).toEqual(ids.map((_, i) => `p${i}@x.test`).sort())
})

test('policy at send time: smart sending skips a second campaign, SMS without consent is skipped, each with its reason', async () => {
  const smtp = await useSink()
  const { id: cid } = await makeCompany()
  const ada = await profile(cid, 'ada@x.test', { phoneNumber: '+14155550100' })
  const one = campaign(cid, [ada])
  const two = campaign(cid, [ada])
  await createSends(one)
  await runJobsUntilIdle()
  await createSends(two)
  await runJobsUntilIdle()
  expect((await sendsOf(cid, two.sourceId))[0]).toMatchObject({ status: 'skipped', reason: 'smart_sending' })
  expect(smtp.mails).toHaveLength(1)
  // A per-company window: 0 turns smart sending off.
  await db.messagingSettings.create({ data: { companyId: cid, smartSendingHours: 0 } })
  const three = campaign(cid, [ada])
  await createSends(three)
  await runJobsUntilIdle()
  expect((await sendsOf(cid, three.sourceId))[0]).toMatchObject({ status: 'sent' })

  const sms = campaign(cid, [ada], { channel: 'sms', content: { text: 'Sale!' } })
  await createSends(sms)
  await runJobsUntilIdle()
  expect((await sendsOf(cid, sms.sourceId))[0]).toMatchObject({ status: 'skipped', reason: 'no_consent' })
  // With consent, at night in the profile's zone, it is deferred (not dropped) until morning.
  await setConsent(cid, ada, 'sms_marketing', 'subscribed')
  await db.profile.update({ where: { id: ada }, data: { timezone: 'UTC' } })
  setQueueClock(new Date('2030-01-01T23:30:00Z'))
  const night = campaign(cid, [ada], { channel: 'sms', content: { text: 'Sale!' } })
  await createSends(night)
  await runJobsUntilIdle()
  const [deferred] = await sendsOf(cid, night.sourceId)
  expect(deferred).toMatchObject({ status: 'deferred', reason: 'quiet_hours' })
  expect(deferred!.deferredUntil!.toISOString()).toBe('2030-01-02T08:00:00.000Z')
  setQueueClock(new Date('2030-01-02T08:00:30Z'))
  await runJobsUntilIdle()
  // Policy lets it through in the morning; no SMS provider exists yet, so it fails with that reason.
  expect((await sendsOf(cid, night.sourceId))[0]).toMatchObject({ status: 'failed', reason: 'channel_not_configured' })
})

test("cross-tenant: a company cannot claim, see or address another company's sends and profiles", async () => {
  const smtp = await useSink()
  const { id: a } = await makeCompany()
  const { id: b } = await makeCompany()
  const ada = await profile(a, 'ada@x.test')
  const input = campaign(a, [ada])
  await createSends(input)
  const asB = { companyId: b, channel: 'email' as const, sourceType: input.sourceType, sourceId: input.sourceId }
  expect(await claimSendsPage(asB, { workerId: 'b' })).toEqual([])
  expect(await deliverSends(asB)).toBe(0)
  expect(await db.send.count({ where: { companyId: b } })).toBe(0)
  // B naming A's profile: the Send is B's, and the profile is not found in B.
  const stolen = campaign(b, [ada])
  await createSends(stolen)
  await runJobsUntilIdle()
  expect((await sendsOf(b, stolen.sourceId))[0]).toMatchObject({ status: 'skipped', reason: 'no_profile' })
  expect((await sendsOf(a, input.sourceId))[0]).toMatchObject({ status: 'sent' })
  expect(smtp.mails.map((m) => m.to[0])).toEqual(['ada@x.test'])
})

test('account mail goes through SMTP_URL too when it is set (else the outbox)', async () => {
  const smtp = await useSink()
  await getMailer().send({
    to: 'owner@x.test',
    subject: 'Reset your password',
    text: 'https://app.example.test/reset?t=1',
  })
  expect(smtp.mails.map((m) => [m.from, m.to[0]])).toEqual([['no-reply@app.example.test', 'owner@x.test']])
  delete process.env.SMTP_URL
  const before = await db.outboxMail.count()
  await getMailer().send({ to: 'owner@x.test', subject: 'Reset your password', text: 'link' })
  expect(await db.outboxMail.count()).toBe(before + 1)
  expect(smtp.mails).toHaveLength(1)
})
