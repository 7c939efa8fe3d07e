/** @jest-environment node */
// Email and SMS deliverability rates on a hand-counted fixture: 10 email sends over two days
// to four mailbox providers from two sending domains, with hard and soft bounces, a complaint
// (report and event), an unsubscribe; the rates by provider, sending domain, message and day;
// the bounce list; the CSV; 400s for a bad range; and company isolation through the endpoints.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)
import { db } from '@/lib/db/client'
import { makeCompany, makeUser, signIn, ajaxRequest } from '../helpers/factory'
import { event } from '../helpers/campaigns-engine-fixture'
import { emailRatesBy, emailDeliverability } from '@/lib/deliverability/email-rates'
import { providerOf } from '@/lib/deliverability/mailbox-providers'
import { emailReportCsv } from '@/lib/deliverability/email-report-csv'
import { deliverabilityScore, levelOf } from '@/lib/deliverability/thresholds'
import { smsDeliverability } from '@/lib/deliverability/sms-rates'
import * as emailRoute from '@/app/ajax/deliverability/email/route'
import * as bouncesRoute from '@/app/ajax/deliverability/email/bounces/route'
import * as reportRoute from '@/app/ajax/deliverability/email/report/route'
import * as messagesRoute from '@/app/ajax/deliverability/email/messages/route'

const D1 = new Date('2026-05-04T10:00:00Z')
const D2 = new Date('2026-05-05T10:00:00Z')
const RANGE = { from: new Date('2026-05-01T00:00:00Z'), to: new Date('2026-05-08T00:00:00Z') }
let A: number, B: number, cookieA: string, cookieB: string
let n = 0

async function send(
  companyId: number,
  email: string,
  o: { status?: string; reason?: string; from?: string; source?: [string, string]; at?: Date; channel?: string } = {},
) {
  const profileId = `p${++n}`
  await db.profile.create({
    data: {
      id: profileId,
      companyId,
      email,
      phoneNumber: o.channel === 'sms' ? `+1555000${n}` : null,
      country: o.channel === 'sms' ? 'US' : null,
    },
  })
  const id = `s${n}`
  const [sourceType, sourceId] = o.source ?? ['campaign_message', 'msg-1']
  await db.send.create({
    data: {
      id,
      companyId,
      channel: o.channel ?? 'email',
      sourceType,
      sourceId,
      profileId,
      status: o.status ?? 'delivered',
      reason: o.reason ?? null,
      content: JSON.stringify(o.from ? { fromEmail: o.from } : {}),
      sentAt: o.at ?? D1,
    },
  })
  return { id, profileId }
}

beforeAll(async () => {
  A = (await makeCompany()).id
  B = (await makeCompany()).id
  cookieA = await signIn((await makeUser({ companyId: A })).id, A)
  cookieB = await signIn((await makeUser({ companyId: B })).id, B)
  // Gmail: 4 sends (one hard bounce, one spam by report, one unsubscribed), two on day 2.
  const g1 = await send(A, 'a@gmail.com', { from: 'news@shop.example' })
  await send(A, 'b@googlemail.com', { status: 'bounced', reason: 'hard_bounce', from: 'news@shop.example' })
  const g3 = await send(A, 'c@gmail.com', { at: D2, from: 'news@shop.example' })
  await send(A, 'd@gmail.com', { at: D2, status: 'sent' })
  await db.emailDeliveryReport.create({
    data: {
      companyId: A,
      sendId: g1.id,
      profileId: g1.profileId,
      email: 'a@gmail.com',
      kind: 'complaint',
      source: 'arf',
      reportKey: 'k1',
      status: 'abuse',
    },
  })
  await event(A, g3.profileId, 'Unsubscribed', D2, {}, null).then((e) =>
    db.event.updateMany({ where: { id: e.id }, data: { uniqueId: `${g3.id}:Unsubscribed` } }),
  )
  // Microsoft: 3 sends (hotmail.co.uk soft bounce, outlook.com spam by event), flow message.
  await send(A, 'e@hotmail.co.uk', {
    status: 'bounced',
    reason: 'soft_bounce',
    source: ['flow_action_run', 'act1:run1'],
  })
  const m2 = await send(A, 'f@outlook.com', { source: ['flow_action_run', 'act1:run2'] })
  await send(A, 'g@live.com', { source: ['flow_action_run', 'act1:run3'] })
  await event(A, m2.profileId, 'Marked Email as Spam', D1).then((e) =>
    db.event.updateMany({ where: { id: e.id }, data: { uniqueId: `${m2.id}:Marked Email as Spam` } }),
  )
  // Yahoo 1, Apple 1, Other 1 (hard bounce with a report).
  await send(A, 'h@yahoo.com')
  await send(A, 'i@icloud.com')
  const o1 = await send(A, 'j@example.org', { status: 'bounced', reason: 'hard_bounce' })
  await db.emailDeliveryReport.create({
    data: {
      companyId: A,
      sendId: o1.id,
      profileId: o1.profileId,
      email: 'j@example.org',
      kind: 'hard_bounce',
      source: 'dsn',
      reportKey: 'k2',
      status: '5.1.1',
      detail: 'User unknown',
      createdAt: D1,
    },
  })
  // Not counted: skipped, a preview, outside the range, another company.
  await send(A, 'k@gmail.com', { status: 'skipped' })
  await send(A, 'l@gmail.com', { source: ['preview', 'x'] })
  await send(A, 'm@gmail.com', { at: new Date('2026-04-01T00:00:00Z') })
  await send(B, 'n@gmail.com', { status: 'bounced', reason: 'hard_bounce' })
  // SMS: 3 sends in the US, one failed, one opted out.
  const s1 = await send(A, 'sms1@x.test', { channel: 'sms', status: 'delivered' })
  await send(A, 'sms2@x.test', { channel: 'sms', status: 'failed' })
  await send(A, 'sms3@x.test', { channel: 'sms', status: 'delivered' })
  await event(A, s1.profileId, 'Unsubscribed from SMS', D1)
})

test('mailbox providers from the recipient domain', () => {
  expect(
    [
      'gmail.com',
      'googlemail.com',
      'hotmail.co.uk',
      'outlook.de',
      'live.com',
      'yahoo.fr',
      'aol.com',
      'me.com',
      'mac.com',
      'icloud.com',
      'proton.me',
    ].map(providerOf),
  ).toEqual([
    'Gmail',
    'Gmail',
    'Microsoft',
    'Microsoft',
    'Microsoft',
    'Yahoo',
    'Yahoo',
    'Apple',
    'Apple',
    'Apple',
    'Other',
  ])
})

test('rates by mailbox provider on the hand-counted fixture', async () => {
  const rows = await emailRatesBy(A, RANGE, 'provider')
  const by = Object.fromEntries(rows.map((r) => [r.key, r]))
  expect(rows.map((r) => r.key)).toEqual(['Gmail', 'Microsoft', 'Yahoo', 'Apple', 'Other'])
  expect(by.Gmail).toMatchObject({
    sent: 4,
    delivered: 3,
    bounced: 1,
    hardBounced: 1,
    softBounced: 0,
    spam: 1,
    unsubscribed: 1,
  })
  expect(by.Gmail.rates).toEqual({ deliveryRate: 0.75, bounceRate: 0.25, spamRate: 0.25, unsubscribeRate: 0.25 })
  expect(by.Microsoft).toMatchObject({
    sent: 3,
    delivered: 2,
    bounced: 1,
    hardBounced: 0,
    softBounced: 1,
    spam: 1,
    unsubscribed: 0,
  })
  expect(by.Yahoo).toMatchObject({ sent: 1, bounced: 0 })
  expect(by.Other).toMatchObject({ sent: 1, bounced: 1, hardBounced: 1 })
})

test('rates by sending domain, message and day', async () => {
  const domains = Object.fromEntries((await emailRatesBy(A, RANGE, 'sending_domain')).map((r) => [r.key, r.sent]))
  expect(domains).toEqual({ 'shop.example': 3, '(account default)': 7 })
  const messages = Object.fromEntries(
    (await emailRatesBy(A, RANGE, 'message')).map((r) => [r.key, [r.sent, r.bounced]]),
  )
  expect(messages).toEqual({ 'campaign:msg-1': [7, 2], 'flow:act1': [3, 1] })
  // Named after the campaign and the flow's message; an id the account does not know stays as it is.
  expect((await emailRatesBy(A, RANGE, 'message')).map((r) => r.label).sort()).toEqual(['campaign:msg-1', 'flow:act1'])
  await db.campaign.create({ data: { id: 'c1', companyId: A, name: 'Spring sale', channel: 'email' } })
  await db.campaignMessage.create({ data: { id: 'msg-1', companyId: A, campaignId: 'c1', channel: 'email' } })
  await db.flow.create({ data: { id: 'F1', companyId: A, name: 'Welcome', webhookSecret: 'x' } })
  await db.flowAction.create({
    data: {
      id: 'act1',
      flowId: 'F1',
      companyId: A,
      versionAdded: 1,
      actionType: 'SEND_EMAIL',
      definition: JSON.stringify({ data: { message: { name: 'Email 1' } } }),
    },
  })
  expect((await emailRatesBy(A, RANGE, 'message')).map((r) => r.label)).toEqual(['Spring sale', 'Welcome: Email 1'])
  const csv = await emailReportCsv(A, RANGE, 'message')
  expect(csv.split('\r\n')[0]).toBe(
    'message,name,sent,delivered,bounced,hard_bounced,soft_bounced,spam_complaints,unsubscribed,delivery_rate_pct,bounce_rate_pct,spam_rate_pct,unsubscribe_rate_pct',
  )
  const days = (await emailRatesBy(A, RANGE, 'day')).map((r) => [r.key, r.sent])
  expect(days).toEqual([
    ['2026-05-04', 8],
    ['2026-05-05', 2],
  ])
})

test('totals, advice and the score', async () => {
  const o = await emailDeliverability(A, RANGE)
  expect(o.total).toMatchObject({ sent: 10, bounced: 3, spam: 2, unsubscribed: 1 })
  expect(o.advice.find((a) => a.rate === 'bounceRate')).toMatchObject({ level: 'critical' })
  expect(o.score).toBe(0)
  expect(levelOf('bounceRate', 0.015)).toBe('warning')
  expect(levelOf('spamRate', 0.0005)).toBe('good')
  // Every rate at its warning level: 100; bounce halfway to critical: 100 - 35/2.
  expect(
    deliverabilityScore({ bounceRate: 0.01, spamRate: 0.001, unsubscribeRate: 0.005, deliveryRate: 0.98 }, 100),
  ).toBe(100)
  expect(deliverabilityScore({ bounceRate: 0.015, spamRate: 0, unsubscribeRate: 0, deliveryRate: 1 }, 100)).toBe(83)
  expect(deliverabilityScore({ bounceRate: 0, spamRate: 0, unsubscribeRate: 0, deliveryRate: 0 }, 0)).toBeNull()
})

test('SMS rates by country and number', async () => {
  const s = await smsDeliverability(A, RANGE)
  expect(s.total).toEqual({ sent: 3, delivered: 2, failed: 1, optOut: 1 })
  expect(s.byCountry).toEqual([
    expect.objectContaining({
      key: 'US',
      sent: 3,
      rates: { deliveryRate: 2 / 3, failureRate: 1 / 3, optOutRate: 1 / 3 },
    }),
  ])
  expect(s.byNumber.map((r) => r.key)).toEqual(['(account number)'])
})

test('endpoints: overview, bounce list, CSV, and another company sees none of it', async () => {
  const q = '?from=2026-05-01&to=2026-05-08'
  const res = await emailRoute.GET(ajaxRequest('/ajax/deliverability/email' + q, { cookie: cookieA }))
  expect(res.status).toBe(200)
  expect((await res.json()).total.sent).toBe(10)
  const bounces = await (
    await bouncesRoute.GET(ajaxRequest('/ajax/deliverability/email/bounces' + q, { cookie: cookieA }))
  ).json()
  expect(bounces.bounces).toEqual([
    expect.objectContaining({ email: 'j@example.org', status: '5.1.1', reason: 'User unknown', provider: 'Other' }),
  ])
  const csv = await reportRoute.GET(
    ajaxRequest('/ajax/deliverability/email/report' + q + '&dimension=provider', { cookie: cookieA }),
  )
  expect(csv.headers.get('content-type')).toContain('text/csv')
  const lines = (await csv.text()).trim().split('\r\n')
  expect(lines[1]).toBe('Gmail,4,3,1,1,0,1,1,75.00,25.00,25.00,25.00')
  const other = await (await emailRoute.GET(ajaxRequest('/ajax/deliverability/email' + q, { cookie: cookieB }))).json()
  expect(other.total.sent).toBe(1)
  const otherBounces = await (
    await bouncesRoute.GET(ajaxRequest('/ajax/deliverability/email/bounces' + q, { cookie: cookieB }))
  ).json()
  expect(otherBounces.total).toBe(0)
})

test('bad input is a 400 naming the field', async () => {
  const bad = async (path: string, route: { GET: (r: Request) => Promise<Response> }) => {
    const res = await route.GET(ajaxRequest(path, { cookie: cookieA }))
    expect(res.status).toBe(400)
    return JSON.stringify(await res.json())
  }
  expect(await bad('/ajax/deliverability/email?from=2026-05-08&to=2026-05-01', emailRoute)).toContain('from')
  expect(await bad('/ajax/deliverability/email?from=nonsense', emailRoute)).toContain('from')
  expect(await bad('/ajax/deliverability/email?from=2020-01-01&to=2026-01-01', emailRoute)).toContain('to')
  expect(await bad('/ajax/deliverability/email/messages?dimension=planet', messagesRoute)).toContain('dimension')
  expect(await bad('/ajax/deliverability/email/bounces?from=2026-05-01&to=2026-05-08&kind=x', bouncesRoute)).toContain(
    'kind',
  )
})
