/** @jest-environment node */
// Revenue attribution at ingestion: last human touch within its window (email opens and
// clicks 5 days, SMS clicks 1 day, push opens 1 day), clicks beat opens at the same second,
// bot activity and touches outside the window earn nothing, settings change the rules, and a
// company never attributes to another's messages.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
import { db } from '@/lib/db/client'
import { inWriteTx } from '@/lib/db/ops'
import { ingestEvents } from '@/lib/events/ingest-events'
import { recordMessageEventOps, MESSAGE_METRICS } from '@/lib/messaging/message-events'
import { saveAttributionSettings, getAttributionSettings } from '@/lib/attribution/settings'
import { AppError } from '@/lib/errors/app-error'
import { makeCompany } from '../helpers/factory'

const T = Date.parse('2026-05-10T12:00:00Z')
const H = 3_600_000
let companyId: number
let n = 0

beforeAll(() => jest.spyOn(console, 'error').mockImplementation(() => {}))
beforeEach(async () => {
  companyId = (await makeCompany()).id
})

async function campaign(cid = companyId) {
  const id = `c${++n}-${cid}`
  await db.campaign.create({ data: { id, companyId: cid, name: 'Spring', channel: 'email' } })
  await db.campaignMessage.create({ data: { id: `m-${id}`, companyId: cid, campaignId: id, channel: 'email' } })
  return { campaignId: id, messageId: `m-${id}` }
}

async function profile(email: string, cid = companyId) {
  const [r] = await ingestEvents(cid, [
    { metric: { name: 'Signed Up' }, profile: { email }, time: new Date(T - 30 * 24 * H) },
  ])
  return r!.profileId
}

async function touch(profileId: string, metric: string, at: number, props: Record<string, unknown>, cid = companyId) {
  const sendId = `s${++n}`
  await inWriteTx(() =>
    recordMessageEventOps({
      companyId: cid,
      profileId,
      metric,
      sendId,
      at: new Date(at),
      properties: { channel: 'email', ...props },
    }),
  )
  return sendId
}

async function order(email: string, at: number, value = 100, cid = companyId) {
  const [r] = await ingestEvents(cid, [
    { metric: { name: 'Placed Order' }, profile: { email }, time: new Date(at), value, uniqueId: `o${++n}` },
  ])
  return r!.eventId!
}

const attributionOf = (eventId: number) => db.eventAttribution.findUnique({ where: { eventId } })

test('an email click 2 days before the order earns it: campaign, message, send, channel, touch, value', async () => {
  const p = await profile('a@example.com')
  const { campaignId, messageId } = await campaign()
  const sendId = await touch(p, MESSAGE_METRICS.email.clicked, T - 48 * H, {
    $message: messageId,
    $source_type: 'campaign_message',
  })
  const ev = await order('a@example.com', T, 80)
  expect(await attributionOf(ev)).toMatchObject({
    companyId,
    profileId: p,
    sourceType: 'campaign',
    campaignId,
    flowId: null,
    messageId,
    sendId,
    channel: 'email',
    touch: 'click',
    value: 80,
    ts: T / 1000,
    touchTs: (T - 48 * H) / 1000,
  })
})

test('last touch wins: a later open beats an earlier click; at the same second the click wins', async () => {
  const p = await profile('b@example.com')
  const c1 = await campaign()
  const c2 = await campaign()
  await touch(p, MESSAGE_METRICS.email.clicked, T - 50 * H, {
    $message: c1.messageId,
    $source_type: 'campaign_message',
  })
  await touch(p, MESSAGE_METRICS.email.opened, T - 10 * H, { $message: c2.messageId, $source_type: 'campaign_message' })
  const ev = await order('b@example.com', T)
  expect(await attributionOf(ev)).toMatchObject({ campaignId: c2.campaignId, touch: 'open' })

  const q = await profile('b2@example.com')
  await touch(q, MESSAGE_METRICS.email.clicked, T - 5 * H, { $message: c1.messageId, $source_type: 'campaign_message' })
  await touch(q, MESSAGE_METRICS.email.opened, T - 5 * H, { $message: c2.messageId, $source_type: 'campaign_message' })
  expect(await attributionOf(await order('b2@example.com', T))).toMatchObject({
    campaignId: c1.campaignId,
    touch: 'click',
  })
})

test('outside the window (email 5 days, SMS click 1 day, push open 1 day) earns nothing; a touch after the order neither', async () => {
  const p = await profile('c@example.com')
  const c = await campaign()
  await touch(p, MESSAGE_METRICS.email.opened, T - 121 * H, { $message: c.messageId, $source_type: 'campaign_message' })
  await touch(p, MESSAGE_METRICS.sms.clicked, T - 25 * H, {
    $message: c.messageId,
    $source_type: 'campaign_message',
    channel: 'sms',
  })
  await touch(p, MESSAGE_METRICS.push.opened, T - 25 * H, {
    $message: c.messageId,
    $source_type: 'campaign_message',
    channel: 'push',
  })
  await touch(p, MESSAGE_METRICS.email.clicked, T + H, { $message: c.messageId, $source_type: 'campaign_message' })
  expect(await attributionOf(await order('c@example.com', T))).toBeNull()

  // Within 1 day the SMS click counts (and is the channel recorded).
  const q = await profile('c2@example.com')
  await touch(q, MESSAGE_METRICS.email.opened, T - 30 * H, { $message: c.messageId, $source_type: 'campaign_message' })
  await touch(q, MESSAGE_METRICS.sms.clicked, T - 23 * H, {
    $message: c.messageId,
    $source_type: 'campaign_message',
    channel: 'sms',
  })
  expect(await attributionOf(await order('c2@example.com', T))).toMatchObject({ channel: 'sms', touch: 'click' })
})

test('bot opens and clicks never earn attribution; the earlier human open does', async () => {
  const p = await profile('d@example.com')
  const human = await campaign()
  const bot = await campaign()
  await touch(p, MESSAGE_METRICS.email.opened, T - 20 * H, {
    $message: human.messageId,
    $source_type: 'campaign_message',
  })
  await touch(p, MESSAGE_METRICS.email.clicked, T - 2 * H, {
    $message: bot.messageId,
    $source_type: 'campaign_message',
    $machine: true,
    $machine_reason: 'security_scanner',
  })
  await touch(p, MESSAGE_METRICS.email.opened, T - 1 * H, {
    $message: bot.messageId,
    $source_type: 'campaign_message',
    $machine: true,
    $machine_reason: 'apple_mpp',
  })
  expect(await attributionOf(await order('d@example.com', T))).toMatchObject({ campaignId: human.campaignId })

  const q = await profile('d2@example.com')
  await touch(q, MESSAGE_METRICS.email.clicked, T - 2 * H, {
    $message: bot.messageId,
    $source_type: 'campaign_message',
    $machine: true,
    $machine_reason: 'bot_agent',
  })
  expect(await attributionOf(await order('d2@example.com', T))).toBeNull()
})

test('a flow email: the flow of the action, the action as message', async () => {
  const p = await profile('e@example.com')
  await db.flowMessage.create({
    data: { id: `fm${++n}`, flowId: 'FLOW1', actionId: 'ACT1', companyId, channel: 'email', definition: '{}' },
  })
  await touch(p, MESSAGE_METRICS.email.clicked, T - H, { $message: 'ACT1:run9', $source_type: 'flow_action_run' })
  expect(await attributionOf(await order('e@example.com', T, 12.5))).toMatchObject({
    sourceType: 'flow',
    flowId: 'FLOW1',
    campaignId: null,
    messageId: 'ACT1',
    value: 12.5,
  })
})

test('settings: shorter windows, opens not counted, another conversion metric; bad input is a 400 with nothing written', async () => {
  const p = await profile('f@example.com')
  const c = await campaign()
  await saveAttributionSettings(companyId, { emailClickWindowHours: 2, countEmailOpens: false })
  await touch(p, MESSAGE_METRICS.email.opened, T - H, { $message: c.messageId, $source_type: 'campaign_message' })
  await touch(p, MESSAGE_METRICS.email.clicked, T - 3 * H, { $message: c.messageId, $source_type: 'campaign_message' })
  expect(await attributionOf(await order('f@example.com', T))).toBeNull()

  const [started] = await ingestEvents(companyId, [
    { metric: { name: 'Started Checkout' }, profile: { email: 'f@example.com' }, time: new Date(T - 2 * 24 * H) },
  ])
  await saveAttributionSettings(companyId, { conversionMetricId: started!.metricId })
  await touch(p, MESSAGE_METRICS.email.clicked, T + H, { $message: c.messageId, $source_type: 'campaign_message' })
  const [checkout] = await ingestEvents(companyId, [
    { metric: { name: 'Started Checkout' }, profile: { email: 'f@example.com' }, time: new Date(T + 2 * H), value: 5 },
  ])
  expect(await attributionOf(checkout!.eventId!)).toMatchObject({ metricId: started!.metricId, touch: 'click' })
  expect(await attributionOf(await order('f@example.com', T + 2 * H))).toBeNull() // Placed Order no longer converts

  const e = await saveAttributionSettings(companyId, {
    smsClickWindowHours: 0,
    countEmailOpens: 'yes',
    conversionMetricId: 'nope',
  }).catch((x) => x)
  expect(e).toBeInstanceOf(AppError)
  expect(e.status).toBe(400)
  expect(Object.keys(e.fieldErrors).sort()).toEqual(['conversionMetricId', 'countEmailOpens', 'smsClickWindowHours'])
  expect(await getAttributionSettings(companyId)).toMatchObject({
    emailClickWindowHours: 2,
    smsClickWindowHours: 24,
    countEmailOpens: false,
    conversionMetricName: 'Started Checkout',
  })
})

test("cross-tenant: another company's message in the touch properties earns nothing; another company's metric cannot be chosen", async () => {
  const other = (await makeCompany()).id
  const theirs = await campaign(other)
  const p = await profile('g@example.com')
  await touch(p, MESSAGE_METRICS.email.clicked, T - H, { $message: theirs.messageId, $source_type: 'campaign_message' })
  expect(await attributionOf(await order('g@example.com', T))).toBeNull()
  expect(await db.eventAttribution.count({ where: { companyId: other } })).toBe(0)
  const [m] = await ingestEvents(other, [{ metric: { name: 'Their Metric' }, profile: { email: 'x@example.com' } }])
  const e = await saveAttributionSettings(companyId, { conversionMetricId: m!.metricId }).catch((x) => x)
  expect(e.status).toBe(400)
})
