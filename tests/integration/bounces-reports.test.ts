/** @jest-environment node */
// Bounces and complaints from every source, through the real route handlers: raw DSNs and
// ARF reports on the inbound endpoint (a table of message shapes), SES notifications in their
// SNS envelope, SendGrid event webhook arrays. Sends are made by the real pipeline (outbox).
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)
import { createSign, generateKeyPairSync, sign } from 'node:crypto'
import { db } from '@/lib/db/client'
import { makeCompany } from '../helpers/factory'
import { activeSuppressions, emailConsent, eventCount, sentEmail } from '../helpers/unsubscribe-fixtures'
import * as inboundRoute from '@/app/webhooks/inbound/email/route'
import * as sesRoute from '@/app/webhooks/ses/route'
import * as sendgridRoute from '@/app/webhooks/sendgrid/route'
import { inboundWebhookToken } from '@/lib/messaging/bounces/webhook-token'
import { parseInboundEmail } from '@/lib/messaging/bounces/parse-report'
import { snsCanonicalString, verifySnsSignature } from '@/lib/messaging/bounces/sns-signature'
import type { SnsEnvelope } from '@/lib/messaging/bounces/ses'

const APP = 'https://app.example.test'
beforeAll(() => {
  process.env.APP_URL = APP
  delete process.env.SMTP_URL
  delete process.env.SENDGRID_WEBHOOK_PUBLIC_KEY
})

const post = (
  route: { POST: (r: Request) => Promise<Response> },
  path: string,
  companyId: number,
  body: string,
  headers: Record<string, string> = {},
) =>
  route.POST(
    new Request(`${APP}${path}?token=${encodeURIComponent(inboundWebhookToken(companyId))}`, {
      method: 'POST',
      body,
      headers,
    }),
  )
const inbound = (companyId: number, raw: string) =>
  post(inboundRoute, '/webhooks/inbound/email', companyId, raw, { 'content-type': 'message/rfc822' })
const ses = (companyId: number, body: unknown) =>
  post(sesRoute, '/webhooks/ses', companyId, JSON.stringify(body), {
    'content-type': 'text/plain; charset=UTF-8',
    'x-amz-sns-message-type': 'Notification',
  })
const sendgrid = (companyId: number, body: unknown, headers: Record<string, string> = {}) =>
  post(sendgridRoute, '/webhooks/sendgrid', companyId, JSON.stringify(body), {
    'content-type': 'application/json',
    ...headers,
  })

interface Orig {
  to: string
  sendId?: string | null
  messageId?: string | null
}
const original = (o: Orig) =>
  `From: Shop <news@shop.example.test>\r\nTo: ${o.to}\r\nSubject: Spring sale\r\n${o.messageId ? `Message-ID: ${o.messageId}\r\n` : ''}${o.sendId ? `X-Send-Id: ${o.sendId}\r\n` : ''}`

function dsn(
  o: Orig & {
    action: string
    status: string
    id?: string
    originalType?: string
    base64?: boolean
    finalOnly?: boolean
  },
) {
  const fields = `Reporting-MTA: dns; mx.example.test\r\nArrival-Date: Mon, 23 Nov 2026 10:00:00 +0000\r\n\r\n${o.finalOnly ? '' : `Original-Recipient: rfc822;${o.to}\r\n`}Final-Recipient: rfc822; ${o.to}\r\nAction: ${o.action}\r\nStatus: ${o.status}\r\nDiagnostic-Code: smtp; ${o.status.startsWith('5') ? '550 5.1.1 User unknown' : '452 4.2.2 Mailbox full'}\r\n`
  const ds = o.base64
    ? `Content-Type: message/delivery-status\r\nContent-Transfer-Encoding: base64\r\n\r\n${Buffer.from(fields).toString('base64').replace(/.{76}/g, '$&\r\n')}\r\n`
    : `Content-Type: message/delivery-status\r\n\r\n${fields}`
  return `From: MAILER-DAEMON@mx.example.test (Mail Delivery System)\r\nTo: news@shop.example.test\r\nSubject: Undelivered Mail Returned to Sender\r\nMessage-ID: <${o.id ?? 'dsn-' + Math.random().toString(36).slice(2)}@mx.example.test>\r\nMIME-Version: 1.0\r\nContent-Type: multipart/report; report-type=delivery-status;\r\n\tboundary="=_B1"\r\n\r\nThis is a MIME-encapsulated message.\r\n\r\n--=_B1\r\nContent-Type: text/plain; charset=us-ascii\r\n\r\nI'm sorry to have to inform you that your message could not be delivered.\r\n\r\n--=_B1\r\n${ds}\r\n--=_B1\r\nContent-Type: ${o.originalType ?? 'message/rfc822'}\r\n\r\n${original(o)}\r\nHi\r\n\r\n--=_B1--\r\n`
}

function arf(o: Orig & { id?: string }) {
  return `From: feedback@mailbox.example.test\r\nTo: abuse@shop.example.test\r\nSubject: FW: Spring sale\r\nMessage-ID: <${o.id ?? 'arf-' + Math.random().toString(36).slice(2)}@mailbox.example.test>\r\nMIME-Version: 1.0\r\nContent-Type: multipart/report; report-type=feedback-report; boundary="part1"\r\n\r\n--part1\r\nContent-Type: text/plain\r\n\r\nThis is an email abuse report.\r\n\r\n--part1\r\nContent-Type: message/feedback-report\r\n\r\nFeedback-Type: abuse\r\nUser-Agent: SomeGenerator/1.0\r\nVersion: 1\r\nOriginal-Rcpt-To: <${o.to}>\r\n\r\n--part1\r\nContent-Type: message/rfc822\r\nContent-Disposition: inline\r\n\r\n${original(o)}\r\nHi\r\n--part1--\r\n`
}

describe('DSN and ARF messages on the inbound endpoint', () => {
  test.each([
    {
      name: 'hard bounce 5.1.1 found by X-Send-Id',
      action: 'failed',
      status: '5.1.1',
      by: 'sendId',
      send: 'bounced',
      sup: ['email:bounced'],
      bounced: 1,
    },
    {
      name: 'hard bounce found by the original Message-ID only (text/rfc822-headers)',
      action: 'failed',
      status: '5.7.1',
      by: 'messageId',
      originalType: 'text/rfc822-headers',
      send: 'bounced',
      sup: ['email:bounced'],
      bounced: 1,
    },
    {
      name: 'hard bounce with a base64 delivery-status part and only Final-Recipient',
      action: 'failed',
      status: '5.2.1',
      by: 'sendId',
      base64: true,
      finalOnly: true,
      send: 'bounced',
      sup: ['email:bounced'],
      bounced: 1,
    },
    {
      name: 'soft bounce 4.2.2: counted, not suppressed yet',
      action: 'failed',
      status: '4.2.2',
      by: 'sendId',
      send: 'bounced',
      sup: [],
      bounced: 1,
    },
    {
      name: 'delayed 4.4.1: not final, nothing recorded',
      action: 'delayed',
      status: '4.4.1',
      by: 'sendId',
      send: 'sent',
      sup: [],
      bounced: 0,
    },
    {
      name: 'delivered 2.0.0: the Send is delivered',
      action: 'delivered',
      status: '2.0.0',
      by: 'sendId',
      send: 'delivered',
      sup: [],
      bounced: 0,
    },
  ])('$name', async (c) => {
    const co = await makeCompany()
    const email = `u${Math.random().toString(36).slice(2)}@x.test`
    const { profileId, send } = await sentEmail(co.id, email)
    expect(send.status).toBe('sent')
    const raw = dsn({
      to: email,
      action: c.action,
      status: c.status,
      originalType: c.originalType,
      base64: c.base64,
      finalOnly: c.finalOnly,
      ...(c.by === 'sendId' ? { sendId: send.id } : { messageId: send.messageId }),
    })
    const res = await inbound(co.id, raw)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ kind: 'dsn', recorded: c.action === 'delayed' ? 0 : 1, duplicates: 0 })
    expect((await db.send.findUniqueOrThrow({ where: { id: send.id } })).status).toBe(c.send)
    expect(await activeSuppressions(co.id, profileId)).toEqual(c.sup)
    expect(await eventCount(co.id, profileId, 'Bounced Email')).toBe(c.bounced)
    // The same report again (a retried pipe) records nothing more.
    expect(await (await inbound(co.id, raw)).json()).toEqual({
      kind: 'dsn',
      recorded: 0,
      duplicates: c.action === 'delayed' ? 0 : 1,
    })
    expect(await eventCount(co.id, profileId, 'Bounced Email')).toBe(c.bounced)
  })

  test('an ARF complaint suppresses the address, unsubscribes it and records Marked Email as Spam once', async () => {
    const co = await makeCompany()
    const { profileId, send } = await sentEmail(co.id, 'spam@x.test')
    const raw = arf({ to: 'spam@x.test', sendId: send.id, messageId: send.messageId })
    expect(parseInboundEmail(raw)).toMatchObject({
      kind: 'arf',
      feedbackType: 'abuse',
      email: 'spam@x.test',
      original: { sendId: send.id },
    })
    expect(await (await inbound(co.id, raw)).json()).toEqual({ kind: 'arf', recorded: 1, duplicates: 0 })
    expect(await (await inbound(co.id, raw)).json()).toEqual({ kind: 'arf', recorded: 0, duplicates: 1 })
    expect(await activeSuppressions(co.id, profileId)).toEqual(['email:spam_complaint'])
    expect(await emailConsent(co.id, profileId)).toMatchObject({ status: 'unsubscribed', method: 'SPAM_COMPLAINT' })
    expect(await eventCount(co.id, profileId, 'Marked Email as Spam')).toBe(1)
  })

  test("soft bounces suppress after the company's limit, counted since the last delivery", async () => {
    const co = await makeCompany()
    await db.messagingSettings.create({ data: { companyId: co.id, softBounceLimit: 2 } })
    const email = 'soft@x.test'
    const first = await sentEmail(co.id, email)
    const soft = async (sendId: string) => inbound(co.id, dsn({ to: email, sendId, action: 'failed', status: '4.2.2' }))
    await soft(first.send.id)
    expect(await activeSuppressions(co.id, first.profileId)).toEqual([])
    // A delivery in between starts the count again.
    const second = await sentEmail(co.id, email)
    await inbound(co.id, dsn({ to: email, sendId: second.send.id, action: 'delivered', status: '2.0.0' }))
    const third = await sentEmail(co.id, email)
    await soft(third.send.id)
    expect(await activeSuppressions(co.id, first.profileId)).toEqual([])
    const fourth = await sentEmail(co.id, email)
    await soft(fourth.send.id)
    expect(await activeSuppressions(co.id, first.profileId)).toEqual(['email:bounced'])
    expect(await eventCount(co.id, first.profileId, 'Bounced Email')).toBe(3)
  })

  test('malformed input and bad tokens are refused with a clear error', async () => {
    const co = await makeCompany()
    const plain = await inbound(co.id, 'From: a@x.test\r\nSubject: hello\r\n\r\nhi\r\n')
    expect(plain.status).toBe(400)
    expect((await plain.json()).message).toMatch(/Neither a delivery status notification/)
    expect((await inbound(co.id, '')).status).toBe(400)
    const noToken = await inboundRoute.POST(new Request(`${APP}/webhooks/inbound/email`, { method: 'POST', body: 'x' }))
    expect(noToken.status).toBe(401)
    const forged = await inboundRoute.POST(
      new Request(`${APP}/webhooks/inbound/email?token=${co.id}.AAAA`, { method: 'POST', body: 'x' }),
    )
    expect(forged.status).toBe(401)
  })

  test("company B's endpoint cannot bounce company A's send or profile", async () => {
    const a = await makeCompany()
    const b = await makeCompany()
    const { profileId, send } = await sentEmail(a.id, 'x-tenant@x.test')
    const res = await inbound(
      b.id,
      dsn({ to: 'x-tenant@x.test', sendId: send.id, messageId: send.messageId, action: 'failed', status: '5.1.1' }),
    )
    expect(res.status).toBe(200)
    expect((await db.send.findUniqueOrThrow({ where: { id: send.id } })).status).toBe('sent')
    expect(await activeSuppressions(a.id, profileId)).toEqual([])
    expect(await eventCount(a.id, profileId, 'Bounced Email')).toBe(0)
    expect(await db.emailDeliveryReport.count({ where: { companyId: a.id } })).toBe(0)
  })
})

function snsNotification(message: unknown, id = 'sns-' + Math.random().toString(36).slice(2)) {
  return {
    Type: 'Notification',
    MessageId: id,
    TopicArn: 'arn:aws:sns:us-east-1:123456789012:ses-bounces',
    Message: JSON.stringify(message),
    Timestamp: '2026-11-23T10:00:00.000Z',
    SignatureVersion: '1',
    Signature: 'x',
    SigningCertURL: 'https://sns.us-east-1.amazonaws.com/x.pem',
  }
}
const sesMail = (send: { id: string; messageId: string | null }, to: string) => ({
  timestamp: '2026-11-23T09:59:00.000Z',
  source: 'news@shop.example.test',
  messageId: '0100018c-ses-' + send.id,
  destination: [to],
  headersTruncated: false,
  headers: [
    { name: 'X-Send-Id', value: send.id },
    { name: 'Message-ID', value: send.messageId! },
  ],
  commonHeaders: { from: ['news@shop.example.test'], to: [to], messageId: send.messageId, subject: 'Spring sale' },
})

describe('SES notifications through SNS', () => {
  test.each([
    {
      name: 'Permanent bounce',
      msg: (m: object, to: string) => ({
        notificationType: 'Bounce',
        mail: m,
        bounce: {
          bounceType: 'Permanent',
          bounceSubType: 'General',
          bouncedRecipients: [
            { emailAddress: to, action: 'failed', status: '5.1.1', diagnosticCode: 'smtp; 550 5.1.1 user unknown' },
          ],
          timestamp: '2026-11-23T10:00:00.000Z',
          feedbackId: 'fb-1',
        },
      }),
      send: 'bounced',
      sup: ['email:bounced'],
      metric: 'Bounced Email',
    },
    {
      name: 'Transient bounce',
      msg: (m: object, to: string) => ({
        notificationType: 'Bounce',
        mail: m,
        bounce: { bounceType: 'Transient', bounceSubType: 'MailboxFull', bouncedRecipients: [{ emailAddress: to }] },
      }),
      send: 'bounced',
      sup: [],
      metric: 'Bounced Email',
    },
    {
      name: 'Complaint',
      msg: (m: object, to: string) => ({
        notificationType: 'Complaint',
        mail: m,
        complaint: { complainedRecipients: [{ emailAddress: to }], complaintFeedbackType: 'abuse', feedbackId: 'fb-2' },
      }),
      send: 'sent',
      sup: ['email:spam_complaint'],
      metric: 'Marked Email as Spam',
    },
    {
      name: 'Delivery (event publishing shape)',
      msg: (m: object, to: string) => ({
        eventType: 'Delivery',
        mail: m,
        delivery: { recipients: [to], timestamp: '2026-11-23T10:00:00.000Z' },
      }),
      send: 'delivered',
      sup: [],
      metric: null,
    },
  ])('$name', async (c) => {
    const co = await makeCompany()
    const to = `s${Math.random().toString(36).slice(2)}@x.test`
    const { profileId, send } = await sentEmail(co.id, to)
    const body = snsNotification(c.msg(sesMail(send, to), to))
    const res = await ses(co.id, body)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ kind: 'notification', recorded: 1, duplicates: 0 })
    expect(await (await ses(co.id, body)).json()).toEqual({ kind: 'notification', recorded: 0, duplicates: 1 })
    expect((await db.send.findUniqueOrThrow({ where: { id: send.id } })).status).toBe(c.send)
    expect(await activeSuppressions(co.id, profileId)).toEqual(c.sup)
    if (c.metric) expect(await eventCount(co.id, profileId, c.metric)).toBe(1)
  })

  test('SNS signatures (versions 1 and 2) verify against the signing certificate; altered messages and foreign certificate hosts fail', async () => {
    const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
    const pem = publicKey.export({ type: 'spki', format: 'pem' }).toString()
    const certs: string[] = []
    const getCert = async (url: string) => (certs.push(url), pem)
    for (const [version, alg] of [
      ['1', 'RSA-SHA1'],
      ['2', 'RSA-SHA256'],
    ] as const) {
      const env = { ...snsNotification({ notificationType: 'Delivery' }), SignatureVersion: version } as Record<
        string,
        unknown
      >
      env.Signature = createSign(alg).update(snsCanonicalString(env)).sign(privateKey, 'base64')
      expect(await verifySnsSignature(env as unknown as SnsEnvelope, getCert)).toBe(true)
      expect(
        await verifySnsSignature(
          { ...env, Message: '{"notificationType":"Bounce"}' } as unknown as SnsEnvelope,
          getCert,
        ),
      ).toBe(false)
      expect(
        await verifySnsSignature(
          { ...env, SigningCertURL: 'https://attacker.example.test/cert.pem' } as unknown as SnsEnvelope,
          getCert,
        ),
      ).toBe(false)
    }
    expect(certs.every((u) => u === 'https://sns.us-east-1.amazonaws.com/x.pem')).toBe(true)

    // Required by configuration: an unsigned (or wrongly signed) message is refused before anything is recorded.
    const co = await makeCompany()
    process.env.SES_VERIFY_SNS_SIGNATURE = '1'
    try {
      const res = await ses(co.id, {
        ...snsNotification({ notificationType: 'Delivery', mail: {}, delivery: { recipients: ['a@x.test'] } }),
        SigningCertURL: 'https://evil.example.test/x.pem',
      })
      expect(res.status).toBe(401)
      expect(await db.emailDeliveryReport.count({ where: { companyId: co.id } })).toBe(0)
    } finally {
      delete process.env.SES_VERIFY_SNS_SIGNATURE
    }
  })

  test('bad envelopes, non-SES messages and foreign subscription URLs are 400s', async () => {
    const co = await makeCompany()
    expect((await ses(co.id, { hello: 1 })).status).toBe(400)
    expect((await ses(co.id, snsNotification({ notificationType: 'Bounce' }))).status).toBe(400)
    const r = await post(sesRoute, '/webhooks/ses', co.id, 'not json')
    expect(r.status).toBe(400)
    const sub = await ses(co.id, {
      Type: 'SubscriptionConfirmation',
      MessageId: 'm',
      Message: 'confirm',
      SubscribeURL: 'https://attacker.example.test/confirm',
    })
    expect(sub.status).toBe(400)
    expect((await sub.json()).message).toMatch(/not an Amazon SNS address/)
  })
})

describe('SendGrid event webhook', () => {
  test('bounce, blocked, dropped, spamreport and delivered map to the same handling; other events are ignored; repeats are once', async () => {
    const co = await makeCompany()
    const hard = await sentEmail(co.id, 'sg-hard@x.test')
    const blocked = await sentEmail(co.id, 'sg-soft@x.test')
    const dropped = await sentEmail(co.id, 'sg-drop@x.test')
    const spam = await sentEmail(co.id, 'sg-spam@x.test')
    const ok = await sentEmail(co.id, 'sg-ok@x.test')
    const ts = 1_795_000_000
    const events = [
      {
        email: 'sg-hard@x.test',
        event: 'bounce',
        type: 'bounce',
        status: '5.1.1',
        reason: '550 5.1.1 unknown',
        sg_event_id: 'e1',
        send_id: hard.send.id,
        timestamp: ts,
      },
      {
        email: 'sg-soft@x.test',
        event: 'bounce',
        type: 'blocked',
        status: '4.0.0',
        reason: 'blocked',
        sg_event_id: 'e2',
        'smtp-id': blocked.send.messageId,
        timestamp: ts,
      },
      {
        email: 'sg-drop@x.test',
        event: 'dropped',
        reason: 'Bounced Address',
        sg_event_id: 'e3',
        send_id: dropped.send.id,
        timestamp: ts,
      },
      { email: 'sg-spam@x.test', event: 'spamreport', sg_event_id: 'e4', send_id: spam.send.id, timestamp: ts },
      { email: 'sg-ok@x.test', event: 'delivered', sg_event_id: 'e5', send_id: ok.send.id, timestamp: ts },
      { email: 'sg-ok@x.test', event: 'open', sg_event_id: 'e6', send_id: ok.send.id, timestamp: ts },
    ]
    const res = await sendgrid(co.id, events)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ kind: 'events', recorded: 5, duplicates: 0 })
    expect(await (await sendgrid(co.id, events)).json()).toEqual({ kind: 'events', recorded: 0, duplicates: 5 })
    const status = async (id: string) => (await db.send.findUniqueOrThrow({ where: { id } })).status
    expect(await status(hard.send.id)).toBe('bounced')
    expect(await status(blocked.send.id)).toBe('bounced')
    expect(await status(dropped.send.id)).toBe('failed')
    expect(await status(spam.send.id)).toBe('sent')
    expect(await status(ok.send.id)).toBe('delivered')
    expect(await activeSuppressions(co.id, hard.profileId)).toEqual(['email:bounced'])
    expect(await activeSuppressions(co.id, blocked.profileId)).toEqual([])
    expect(await activeSuppressions(co.id, spam.profileId)).toEqual(['email:spam_complaint'])
    expect(await eventCount(co.id, hard.profileId, 'Bounced Email')).toBe(1)
    expect(await eventCount(co.id, blocked.profileId, 'Bounced Email')).toBe(1)
    expect(await eventCount(co.id, dropped.profileId, 'Dropped Email')).toBe(1)
    expect(await eventCount(co.id, spam.profileId, 'Marked Email as Spam')).toBe(1)
    const ev = await db.event.findFirstOrThrow({
      where: { companyId: co.id, profileId: hard.profileId, metric: { name: 'Bounced Email' } },
    })
    expect(JSON.parse(ev.properties)).toMatchObject({
      $send_id: hard.send.id,
      'Bounce Type': 'Hard',
      Status: '5.1.1',
      Source: 'sendgrid',
    })
  })

  test('two bounce events for one send record one Bounced Email and one suppression', async () => {
    const co = await makeCompany()
    const { profileId, send } = await sentEmail(co.id, 'twice@x.test')
    await sendgrid(co.id, [
      { email: 'twice@x.test', event: 'bounce', type: 'bounce', status: '5.1.1', sg_event_id: 'a1', send_id: send.id },
    ])
    await sendgrid(co.id, [
      { email: 'twice@x.test', event: 'bounce', type: 'bounce', status: '5.1.1', sg_event_id: 'a2', send_id: send.id },
    ])
    expect(await eventCount(co.id, profileId, 'Bounced Email')).toBe(1)
    expect(await activeSuppressions(co.id, profileId)).toEqual(['email:bounced'])
  })

  test('with a verification key set, only correctly signed requests are accepted', async () => {
    const co = await makeCompany()
    const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' })
    process.env.SENDGRID_WEBHOOK_PUBLIC_KEY = publicKey.export({ type: 'spki', format: 'der' }).toString('base64')
    try {
      const body = JSON.stringify([{ email: 'sig@x.test', event: 'delivered', sg_event_id: 's1' }])
      const timestamp = String(Math.floor(Date.now() / 1000))
      const signature = sign('sha256', Buffer.from(timestamp + body), privateKey).toString('base64')
      const call = (sig: string) =>
        post(sendgridRoute, '/webhooks/sendgrid', co.id, body, {
          'x-twilio-email-event-webhook-signature': sig,
          'x-twilio-email-event-webhook-timestamp': timestamp,
        })
      expect((await call(signature)).status).toBe(200)
      const bad = await call(sign('sha256', Buffer.from(timestamp + body + ' '), privateKey).toString('base64'))
      expect(bad.status).toBe(401)
    } finally {
      delete process.env.SENDGRID_WEBHOOK_PUBLIC_KEY
    }
  })

  test('a body that is not an event array is a 400 with the field errors', async () => {
    const co = await makeCompany()
    const res = await sendgrid(co.id, [{ event: 'bounce' }])
    expect(res.status).toBe(400)
    expect((await res.json()).errors[0]).toMatchObject({ path: '0.email' })
  })
})
