/** @jest-environment node */
// /campaigns/trends figures against hand-computed ones: the campaigns sent within the period,
// oldest first, each with recipients, open and click rates (a machine open left out), placed
// order rate and revenue per recipient, and the recipient-weighted averages; the channel filter;
// drafts and other accounts' campaigns never show.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
import { db } from '@/lib/db/client'
import { inWriteTx } from '@/lib/db/ops'
import { recordMessageEventOps, MESSAGE_METRICS } from '@/lib/messaging/message-events'
import { getCampaignTrends } from '@/lib/reporting/campaign-trends'
import { makeCompany } from '../helpers/factory'

const NOW = new Date()
const daysAgo = (d: number) => new Date(NOW.getTime() - d * 86_400_000)
let A: number,
  B: number,
  n = 0

async function campaign(cid: number, id: string, name: string, sentDaysAgo: number | null, channel = 'email') {
  await db.campaign.create({
    data: {
      id,
      companyId: cid,
      name,
      channel,
      status: sentDaysAgo === null ? 'Draft' : 'Sent',
      sentAt: sentDaysAgo === null ? null : daysAgo(sentDaysAgo),
    },
  })
  await db.campaignMessage.create({ data: { id: `${id}-m`, companyId: cid, campaignId: id, channel } })
}
async function send(
  cid: number,
  campaignId: string,
  profileId: string,
  opts: { open?: boolean; machineOpen?: boolean; click?: boolean; order?: number } = {},
) {
  const id = `tsend${++n}`
  const message = `${campaignId}-m`
  await db.send.create({
    data: {
      id,
      companyId: cid,
      channel: 'email',
      sourceType: 'campaign_message',
      sourceId: message,
      profileId,
      status: 'delivered',
      content: '{}',
    },
  })
  const props = { $message: message, $source_type: 'campaign_message', channel: 'email' }
  if (opts.open || opts.machineOpen)
    await inWriteTx(() =>
      recordMessageEventOps({
        companyId: cid,
        profileId,
        metric: MESSAGE_METRICS.email.opened,
        sendId: id,
        at: NOW,
        occurrence: String(++n),
        properties: { ...props, ...(opts.machineOpen ? { $machine: true, $machine_reason: 'apple_mpp' } : {}) },
      }),
    )
  if (opts.click)
    await inWriteTx(() =>
      recordMessageEventOps({
        companyId: cid,
        profileId,
        metric: MESSAGE_METRICS.email.clicked,
        sendId: id,
        at: NOW,
        occurrence: String(++n),
        properties: props,
      }),
    )
  if (opts.order) {
    const m = await db.metric.upsert({
      where: { id: `MTr${cid}` },
      update: {},
      create: { id: `MTr${cid}`, companyId: cid, name: 'Placed Order' },
    })
    const e = await db.event.create({
      data: { companyId: cid, profileId, metricId: m.id, ts: Math.floor(NOW.getTime() / 1000), value: opts.order },
    })
    await db.eventAttribution.create({
      data: {
        eventId: e.id,
        companyId: cid,
        profileId,
        metricId: m.id,
        ts: e.ts,
        value: opts.order,
        sourceType: 'campaign',
        campaignId,
        messageId: message,
        sendId: id,
        channel: 'email',
        touch: 'click',
        touchTs: e.ts,
      },
    })
  }
}

beforeAll(async () => {
  A = (await makeCompany('Trends A')).id
  B = (await makeCompany('Trends B')).id
  for (let i = 0; i < 6; i++) await db.profile.create({ data: { id: `PTr${i}`, companyId: A, email: `tr${i}@x.test` } })
  await db.profile.create({ data: { id: 'PTrB', companyId: B, email: 'trb@x.test' } })
  await campaign(A, 'CTrOld', 'Spring', 20)
  await campaign(A, 'CTrNew', 'Summer', 5)
  await campaign(A, 'CTrAncient', 'Last year', 200)
  await campaign(A, 'CTrDraft', 'Draft one', null)
  await campaign(A, 'CTrSms', 'Text blast', 3, 'sms')
  await campaign(B, 'CTrB', 'Theirs', 4)
  // Spring: 4 delivered, 2 human opens + 1 machine open, 1 click, 1 order of 100.
  await send(A, 'CTrOld', 'PTr0', { open: true, click: true, order: 100 })
  await send(A, 'CTrOld', 'PTr1', { open: true })
  await send(A, 'CTrOld', 'PTr2', { machineOpen: true })
  await send(A, 'CTrOld', 'PTr3')
  // Summer: 2 delivered, 1 open.
  await send(A, 'CTrNew', 'PTr4', { open: true })
  await send(A, 'CTrNew', 'PTr5')
  await send(B, 'CTrB', 'PTrB', { open: true })
})

test("the period's campaigns, oldest first, with their rates and the weighted averages", async () => {
  const t = await getCampaignTrends(A, { days: 90, channel: 'email', now: NOW })
  expect(t.campaigns.map((c) => c.name)).toEqual(['Spring', 'Summer'])
  expect(t.campaigns[0]).toMatchObject({
    recipients: 4,
    openRate: 0.5,
    clickRate: 0.25,
    conversionRate: 0.25,
    revenuePerRecipient: 25,
    revenue: 100,
  })
  expect(t.campaigns[1]).toMatchObject({ recipients: 2, openRate: 0.5, clickRate: 0, revenue: 0 })
  expect(t.average.recipients).toBe(6)
  expect(t.average.openRate).toBeCloseTo(3 / 6)
  expect(t.average.clickRate).toBeCloseTo(1 / 6)
})

test('all channels, a longer period; drafts and another account never show', async () => {
  const all = await getCampaignTrends(A, { days: 365, now: NOW })
  expect(all.campaigns.map((c) => c.name)).toEqual(['Last year', 'Spring', 'Summer', 'Text blast'])
  const short = await getCampaignTrends(A, { days: 30, channel: 'sms', now: NOW })
  expect(short.campaigns.map((c) => c.name)).toEqual(['Text blast'])
  const theirs = await getCampaignTrends(B, { days: 30, now: NOW })
  expect(theirs.campaigns.map((c) => c.id)).toEqual(['CTrB'])
  expect((await getCampaignTrends((await makeCompany('Trends C')).id, { now: NOW })).campaigns).toEqual([])
})
