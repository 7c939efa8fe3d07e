/** @jest-environment node */
// The campaign send engine with an injectable clock, on a real database (SQLite, and PostgreSQL
// with TEST_DB=postgres): validations, each send strategy (now, at a time, local time across the
// DST change of America/New_York on 2026-11-01, throttled, smart send time), the late window,
// pause and resume, repeated starts and releases, cross-tenant refusal, and a real SMTP sink.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(120_000)
import { db } from '@/lib/db/client'
import { read, inWriteTx } from '@/lib/db/ops'
import { runJobsUntilIdle } from '@/lib/jobs/queue'
import { setQueueClock } from '@/lib/jobs/clock'
import { closeSmtpTransports } from '@/lib/messaging/email-transport'
import { CampaignError } from '@/lib/campaigns/errors'
import {
  assertEditable,
  cancelCampaign,
  pauseCampaign,
  resumeCampaign,
  revertCampaignToDraft,
  sendCampaign,
  sendJobStatus,
} from '@/lib/campaigns/lifecycle'
import { runStart } from '@/lib/campaigns/jobs'
import { releaseBatchOps, recipientCounts, runRelease } from '@/lib/campaigns/send/release'
import { bestHoursOps } from '@/lib/campaigns/smart-send-time'
import { zonedWallToUtc } from '@/lib/campaigns/send/times'
import { queuedJobs } from '../helpers/queued-jobs'
import { startSmtpSink, type SmtpSink } from '../helpers/smtp-sink'
import { campaign, company, event, list, profiles, template } from '../helpers/campaigns-engine-fixture'

const H = 3_600_000
afterEach(() => setQueueClock(null))

async function runAt(at: Date) {
  setQueueClock(at)
  await runJobsUntilIdle()
}
const statusOf = async (id: string) => (await db.campaign.findUniqueOrThrow({ where: { id } })).status
const sendsOf = (companyId: number, messageId: string) =>
  db.send.findMany({ where: { companyId, sourceType: 'campaign_message', sourceId: messageId } })
/** The payload the start job was booked with (key: scheduledAt @ the decision time). */
async function startPayload(companyId: number, campaignId: string, decidedAt: Date) {
  const c = await db.campaign.findUniqueOrThrow({ where: { id: campaignId } })
  return { companyId, campaignId, key: `${c.scheduledAt!.toISOString()}@${decidedAt.toISOString()}` }
}
const recipients = (campaignId: string) =>
  db.campaignRecipient.findMany({ where: { campaignId }, orderBy: { profileId: 'asc' } })

async function expectError(p: Promise<unknown>, code: string, field?: string) {
  const e = await p.then(
    () => null,
    (x: unknown) => x,
  )
  expect(e).toBeInstanceOf(CampaignError)
  expect((e as CampaignError).code).toBe(code)
  if (field) expect((e as CampaignError).field).toBe(field)
  return e as CampaignError
}

describe('validation', () => {
  test('bad input is refused with the field, and nothing is written', async () => {
    const A = await company()
    const L1 = await list(A)
    const L2 = await list(A)
    await profiles(A, 3, [L1])
    const tpl = await template(A)
    const now = new Date('2026-06-01T10:00:00Z')
    const jobsBefore = (await queuedJobs()).length

    const noAudience = await campaign(A, { included: [], templateId: tpl })
    await expectError(sendCampaign(A, noAudience.id, { now }), 'no_audience', 'audiences.included')
    const overlap = await campaign(A, { included: [L1, L2], excluded: [L2], templateId: tpl })
    await expectError(sendCampaign(A, overlap.id, { now }), 'overlapping_audience', 'audiences.excluded')
    const empty = await campaign(A, { included: [L1], templateId: null })
    const e = await expectError(sendCampaign(A, empty.id, { now }), 'empty_content')
    expect(e.field).toBe(`campaign-messages.${empty.messageId}.template`)
    expect(e.status).toBe(400)
    const past = await campaign(A, {
      included: [L1],
      templateId: tpl,
      strategy: { method: 'static', datetime: '2026-05-31T10:00:00Z', options: { is_local: false } },
    })
    await expectError(sendCampaign(A, past.id, { now }), 'schedule_in_past', 'send_strategy.datetime')
    const badThrottle = await campaign(A, {
      included: [L1],
      templateId: tpl,
      strategy: { method: 'throttled', datetime: '2026-06-02T10:00:00Z', throttle_percentage: 30 },
    })
    await expectError(sendCampaign(A, badThrottle.id, { now }), 'invalid', 'send_strategy.throttle_percentage')
    const oneVariation = await campaign(A, {
      included: [L1],
      templateId: tpl,
      abTest: { testPercent: 20, metric: 'open_rate' },
      variations: [{ name: 'A', content: { subject: 'A' } }],
    })
    await expectError(sendCampaign(A, oneVariation.id, { now }), 'ab_test_variations')
    const unknownList = await campaign(A, { included: ['Lnope'], templateId: tpl })
    await expectError(sendCampaign(A, unknownList.id, { now }), 'no_audience')

    for (const c of [noAudience, overlap, empty, past, badThrottle, oneVariation, unknownList])
      expect(await statusOf(c.id)).toBe('Draft')
    expect((await queuedJobs()).length).toBe(jobsBefore)
    expect(await db.campaignRecipient.count({ where: { companyId: A } })).toBe(0)
  })

  test('editing is refused while sending; sending twice is refused; another company cannot send, cancel or pause', async () => {
    const A = await company()
    const B = await company()
    const L = await list(A)
    await profiles(A, 2, [L])
    const c = await campaign(A, { included: [L], templateId: await template(A) })
    const now = new Date('2026-06-01T10:00:00Z')
    expect(() => assertEditable({ status: 'Draft' })).not.toThrow()
    await expectError(sendCampaign(B, c.id, { now }), 'not_found')
    expect(await statusOf(c.id)).toBe('Draft')
    expect(await sendCampaign(A, c.id, { now })).toEqual({ status: 'Preparing to send' })
    await expectError(sendCampaign(A, c.id, { now }), 'wrong_status')
    await expectError(cancelCampaign(B, c.id, { now }), 'not_found')
    await expectError(sendJobStatus(B, c.id), 'not_found')
    expect(await sendJobStatus(A, c.id)).toBe('queued')
    await runAt(now)
    expect(await statusOf(c.id)).toBe('Sent')
    expect(await sendJobStatus(A, c.id)).toBe('complete')
    const editErr = (() => {
      try {
        assertEditable({ status: 'Sending' })
        return null
      } catch (x) {
        return x as CampaignError
      }
    })()
    expect(editErr?.code).toBe('not_editable')
    expect(editErr?.status).toBe(409)
    await expectError(pauseCampaign(B, c.id), 'not_found')
  })
})

describe('strategies', () => {
  test('immediate: the list is fixed at the start (excluded wins), one Send per profile with the campaign context', async () => {
    const A = await company()
    const L = await list(A)
    const X = await list(A)
    const ids = await profiles(A, 12, [L])
    // Two of them are also in the excluded list; one joins the list after the start.
    await db.groupMembership.createMany({
      data: ids.slice(0, 2).map((profileId) => ({ companyId: A, groupId: X, profileId })),
    })
    const c = await campaign(A, { included: [L], excluded: [X], templateId: await template(A) })
    const now = new Date('2026-06-01T10:00:00Z')
    await sendCampaign(A, c.id, { now })
    setQueueClock(now)
    const payload = await startPayload(A, c.id, now)
    const first = await runStart(payload, now)
    expect(first).toEqual({ started: true, recipients: 10 })
    // The same start again (a retry, a second worker) does nothing.
    expect((await runStart(payload, now)).started).toBe(false)
    const late = await profiles(A, 1, [L])
    // The start booked the release job at the next second.
    await runAt(new Date(now.getTime() + 1000))
    const sends = await sendsOf(A, c.messageId)
    expect(sends).toHaveLength(10)
    expect(new Set(sends.map((s) => s.profileId))).toEqual(new Set(ids.slice(2)))
    expect(sends.some((s) => s.profileId === late[0])).toBe(false)
    expect(JSON.parse(sends[0]!.context!)).toMatchObject({
      $campaign: c.id,
      $campaign_message: c.messageId,
      $variation: null,
    })
    expect(JSON.parse(sends[0]!.content).subject).toBe('Big sale')
    const rows = await recipients(c.id)
    expect(
      rows.every(
        (r) => r.status === 'released' && r.sendId && sends.find((s) => s.id === r.sendId)?.profileId === r.profileId,
      ),
    ).toBe(true)
    expect(await statusOf(c.id)).toBe('Sent')
    // A second release job finds nothing to do and sends nothing twice.
    await runRelease(A, c.id, new Date(now.getTime() + 1000))
    expect(await sendsOf(A, c.messageId)).toHaveLength(10)
  })

  test('static: nothing before the time, everyone at it; revert before the start cancels the booked start', async () => {
    const A = await company()
    const L = await list(A)
    await profiles(A, 5, [L])
    const tpl = await template(A)
    const now = new Date('2026-06-01T10:00:00Z')
    const at = '2026-06-01T15:00:00Z'
    const c = await campaign(A, {
      included: [L],
      templateId: tpl,
      strategy: { method: 'static', datetime: at, options: { is_local: false } },
    })
    expect((await sendCampaign(A, c.id, { now })).status).toBe('Scheduled')
    await runAt(new Date('2026-06-01T14:59:00Z'))
    expect(await statusOf(c.id)).toBe('Scheduled')
    expect(await sendsOf(A, c.messageId)).toHaveLength(0)
    await runAt(new Date(at))
    expect(await statusOf(c.id)).toBe('Sent')
    expect(await sendsOf(A, c.messageId)).toHaveLength(5)

    const r = await campaign(A, {
      included: [L],
      templateId: tpl,
      strategy: { method: 'static', datetime: at, options: { is_local: false } },
    })
    await sendCampaign(A, r.id, { now })
    expect(await revertCampaignToDraft(A, r.id, { now })).toEqual({ status: 'Draft' })
    await runAt(new Date('2026-06-01T16:00:00Z'))
    expect(await statusOf(r.id)).toBe('Draft')
    expect(await sendsOf(A, r.messageId)).toHaveLength(0)
  })

  test("static in each profile's local time across the DST change (America/New_York, 2026-11-01)", async () => {
    const A = await company('Europe/Berlin')
    const L = await list(A)
    const [ny, london, none, tokyo] = await profiles(A, 4, [L], (i) => ({
      timezone: ['America/New_York', 'Europe/London', null, 'Asia/Tokyo'][i],
    }))
    const tpl = await template(A)
    // 09:00 local on Sunday 1 November 2026: New York has just left EDT (UTC−4) for EST (UTC−5).
    const now = new Date('2026-10-30T12:00:00Z')
    const c = await campaign(A, {
      included: [L],
      templateId: tpl,
      strategy: { method: 'static', datetime: '2026-11-01T09:00:00', options: { is_local: true } },
    })
    expect((await sendCampaign(A, c.id, { now })).status).toBe('Scheduled')
    // The list is fixed when the first zone (UTC+14) reaches 09:00: 2026-10-31T19:00Z.
    await runAt(new Date('2026-10-31T18:59:00Z'))
    expect(await db.campaignRecipient.count({ where: { campaignId: c.id } })).toBe(0)
    await runAt(new Date('2026-10-31T19:00:00Z'))
    const at = Object.fromEntries((await recipients(c.id)).map((r) => [r.profileId, r.sendAt.toISOString()]))
    expect(at[ny!]).toBe('2026-11-01T14:00:00.000Z')
    expect(at[london!]).toBe('2026-11-01T09:00:00.000Z')
    expect(at[none!]).toBe('2026-11-01T08:00:00.000Z') // the company's zone (Berlin, CET)
    expect(at[tokyo!]).toBe('2026-11-01T00:00:00.000Z')
    await runAt(new Date('2026-11-01T09:00:00Z'))
    expect((await sendsOf(A, c.messageId)).map((s) => s.profileId).sort()).toEqual([london, none, tokyo].sort())
    expect(await statusOf(c.id)).toBe('Sending')
    await runAt(new Date('2026-11-01T14:00:00Z'))
    expect(await sendsOf(A, c.messageId)).toHaveLength(4)
    expect(await statusOf(c.id)).toBe('Sent')
    // The same wall clock a day earlier is still EDT; the repeated 01:30 is its first occurrence.
    expect(new Date(zonedWallToUtc(Date.UTC(2026, 9, 31, 9), 'America/New_York')).toISOString()).toBe(
      '2026-10-31T13:00:00.000Z',
    )
    expect(new Date(zonedWallToUtc(Date.UTC(2026, 10, 1, 1, 30), 'America/New_York')).toISOString()).toBe(
      '2026-11-01T05:30:00.000Z',
    )
    // 02:30 on 8 March 2026 does not exist in New York: it moves forward by the gap.
    expect(new Date(zonedWallToUtc(Date.UTC(2026, 2, 8, 2, 30), 'America/New_York')).toISOString()).toBe(
      '2026-03-08T07:30:00.000Z',
    )
  })

  test('local time already passed: skipped with a reason, or sent at once with send_past_recipients_immediately', async () => {
    const A = await company()
    const L = await list(A)
    const [ny, london] = await profiles(A, 2, [L], (i) => ({ timezone: ['America/New_York', 'Europe/London'][i] }))
    const tpl = await template(A)
    const now = new Date('2026-11-01T12:00:00Z') // 12:00 in London, 07:00 in New York
    const skip = await campaign(A, {
      included: [L],
      templateId: tpl,
      strategy: { method: 'static', datetime: '2026-11-01T09:00:00', options: { is_local: true } },
    })
    const send = await campaign(A, {
      included: [L],
      templateId: tpl,
      strategy: {
        method: 'static',
        datetime: '2026-11-01T09:00:00',
        options: { is_local: true, send_past_recipients_immediately: true },
      },
    })
    expect((await sendCampaign(A, skip.id, { now })).status).toBe('Preparing to send')
    await sendCampaign(A, send.id, { now })
    await runAt(now)
    const rs = await recipients(skip.id)
    expect(rs.find((r) => r.profileId === london)).toMatchObject({ status: 'skipped', reason: 'local_time_passed' })
    expect(rs.find((r) => r.profileId === ny)).toMatchObject({ status: 'pending' })
    expect((await sendsOf(A, send.messageId)).map((s) => s.profileId)).toEqual([london])
    await runAt(new Date('2026-11-01T14:00:00Z'))
    expect((await sendsOf(A, skip.messageId)).map((s) => s.profileId)).toEqual([ny])
    expect(await sendsOf(A, send.messageId)).toHaveLength(2)
  })

  test('throttled: the vendor percentage of the list per hour', async () => {
    const A = await company()
    const L = await list(A)
    await profiles(A, 10, [L])
    const t0 = new Date('2026-06-01T10:00:00Z')
    const c = await campaign(A, {
      included: [L],
      templateId: await template(A),
      strategy: { method: 'throttled', datetime: t0.toISOString(), throttle_percentage: 25 },
    })
    await sendCampaign(A, c.id, { now: new Date(t0.getTime() - H) })
    const counts: number[] = []
    for (let h = 0; h < 4; h++) {
      await runAt(new Date(t0.getTime() + h * H))
      counts.push((await sendsOf(A, c.messageId)).length)
    }
    // 25 % of 10 = 3 (rounded up) per hour.
    expect(counts).toEqual([3, 6, 9, 10])
    expect(await statusOf(c.id)).toBe('Sent')
  })

  test('smart send time: own best hour from human engagement (bots excluded), else the account hour, else 10:00', async () => {
    const A = await company('UTC')
    const L = await list(A)
    const [own, noHistory, other] = await profiles(A, 3, [L], (i) => ({
      timezone: ['America/New_York', 'Europe/London', 'UTC'][i],
    }))
    const past = (d: number, h: number) => new Date(Date.UTC(2026, 4, d, h))
    // own: human opens at 14:00 New York time (18:00Z in May) and machine opens at 03:00 (07:00Z).
    for (const d of [1, 2, 3]) await event(A, own!, 'Opened Email', past(d, 18))
    for (const d of [1, 2, 3, 4, 5, 6])
      await event(A, own!, 'Opened Email', past(d, 7), { $machine: true, $machine_reason: 'apple_mpp' })
    // other: 4 human clicks at 16:00 UTC: the account's best hour (7 human engagements in all).
    for (const d of [1, 2, 3, 4]) await event(A, other!, 'Clicked Email', past(d, 16))
    const now = new Date('2026-06-01T00:00:00Z')
    const c = await campaign(A, {
      included: [L],
      templateId: await template(A),
      strategy: { method: 'smart_send_time', date: '2026-06-02' },
    })
    expect((await sendCampaign(A, c.id, { now })).status).toBe('Scheduled')
    await runAt(new Date('2026-06-01T10:00:00Z')) // the first zone reaches 2 June
    const at = Object.fromEntries((await recipients(c.id)).map((r) => [r.profileId, r.sendAt.toISOString()]))
    expect(at[own!]).toBe('2026-06-02T18:00:00.000Z') // 14:00 EDT
    expect(at[noHistory!]).toBe('2026-06-02T15:00:00.000Z') // account hour 16 in London (BST)
    expect(at[other!]).toBe('2026-06-02T16:00:00.000Z')
    // A company with no engagement at all: 10:00 local.
    const B = await company()
    const LB = await list(B)
    const [b] = await profiles(B, 1, [LB], () => ({ timezone: 'Asia/Tokyo' }))
    const best = await read(bestHoursOps(B, [{ profileId: b!, timezone: 'Asia/Tokyo' }], 'UTC', now))
    expect(best.accountHour).toBeNull()
    expect(best.hourOf(b!)).toBe(10)
  })
})

describe('late window, pause and resume, retries', () => {
  test('a server down past the late window skips with reason late_window; within it, sends', async () => {
    const A = await company()
    const L = await list(A)
    await profiles(A, 4, [L])
    const tpl = await template(A)
    const t0 = new Date('2026-06-01T10:00:00Z')
    const late = await campaign(A, {
      included: [L],
      templateId: tpl,
      lateWindowHours: 2,
      strategy: { method: 'static', datetime: t0.toISOString(), options: { is_local: false } },
    })
    const ok = await campaign(A, {
      included: [L],
      templateId: tpl,
      lateWindowHours: 2,
      strategy: { method: 'static', datetime: t0.toISOString(), options: { is_local: false } },
    })
    await sendCampaign(A, late.id, { now: new Date(t0.getTime() - H) })
    await sendCampaign(A, ok.id, { now: new Date(t0.getTime() - H) })
    // The worker comes back 1 h late for one and 3 h late for the other.
    setQueueClock(new Date(t0.getTime() + H))
    await runStart(await startPayload(A, ok.id, new Date(t0.getTime() - H)), new Date(t0.getTime() + H))
    await runRelease(A, ok.id, new Date(t0.getTime() + H))
    await runAt(new Date(t0.getTime() + 3 * H))
    expect(await sendsOf(A, ok.messageId)).toHaveLength(4)
    expect(await sendsOf(A, late.messageId)).toHaveLength(0)
    expect((await recipients(late.id)).map((r) => [r.status, r.reason])).toEqual(
      Array(4).fill(['skipped', 'late_window']),
    )
    expect(await statusOf(late.id)).toBe('Sent')
  })

  test('pause at half, resume: every recipient exactly once; cancel releases nothing more', async () => {
    const A = await company()
    const L = await list(A)
    const ids = await profiles(A, 40, [L])
    const tpl = await template(A)
    const now = new Date('2026-06-01T10:00:00Z')
    const c = await campaign(A, { included: [L], templateId: tpl })
    await sendCampaign(A, c.id, { now })
    expect((await runStart(await startPayload(A, c.id, now), now)).started).toBe(true)
    await inWriteTx(() => releaseBatchOps(A, c.id, now, 20))
    expect(await pauseCampaign(A, c.id, { now })).toEqual({ status: 'Paused' })
    expect(await sendJobStatus(A, c.id)).toBe('processing')
    await runAt(new Date(now.getTime() + H))
    expect(await sendsOf(A, c.messageId)).toHaveLength(20)
    expect(await recipientCounts(A, c.id)).toEqual({ released: 20, pending: 20 })
    await expectError(resumeCampaign(A, 'nope'), 'not_found')
    expect(await resumeCampaign(A, c.id, { now: new Date(now.getTime() + 2 * H) })).toEqual({ status: 'Sending' })
    // A second release job at the same time (a retry, another worker): still nothing twice.
    await runRelease(A, c.id, new Date(now.getTime() + 2 * H + 1000))
    await runAt(new Date(now.getTime() + 2 * H + 2000))
    const sends = await sendsOf(A, c.messageId)
    expect(sends).toHaveLength(40)
    expect(new Set(sends.map((s) => s.profileId)).size).toBe(40)
    expect(new Set(sends.map((s) => s.profileId))).toEqual(new Set(ids))
    expect(await statusOf(c.id)).toBe('Sent')
    await expectError(resumeCampaign(A, c.id), 'wrong_status')

    const x = await campaign(A, {
      included: [L],
      templateId: tpl,
      strategy: { method: 'throttled', datetime: now.toISOString(), throttle_percentage: 50 },
    })
    await sendCampaign(A, x.id, { now })
    await runAt(now)
    expect(await sendsOf(A, x.messageId)).toHaveLength(20)
    expect(await cancelCampaign(A, x.id, { now })).toEqual({ status: 'Cancelled' })
    await runAt(new Date(now.getTime() + 2 * H))
    expect(await sendsOf(A, x.messageId)).toHaveLength(20)
    expect(await recipientCounts(A, x.id)).toEqual({ released: 20, skipped: 20 })
    expect(await sendJobStatus(A, x.id)).toBe('cancelled')
  })

  test('an empty audience at the start: Cancelled: No Recipients; holdout by hash gets no message', async () => {
    const A = await company()
    const L = await list(A)
    const E = await list(A)
    await profiles(A, 200, [L])
    const tpl = await template(A)
    const now = new Date('2026-06-01T10:00:00Z')
    const empty = await campaign(A, { included: [E], templateId: tpl })
    await sendCampaign(A, empty.id, { now })
    await runAt(now)
    expect(await statusOf(empty.id)).toBe('Cancelled: No Recipients')
    const h = await campaign(A, { included: [L], templateId: tpl, holdoutPercent: 10 })
    await sendCampaign(A, h.id, { now })
    await runAt(now)
    const counts = await recipientCounts(A, h.id)
    expect(counts.held_out).toBeGreaterThan(5)
    expect(counts.held_out).toBeLessThan(40)
    expect(await sendsOf(A, h.messageId)).toHaveLength(200 - counts.held_out!)
  })
})

describe('delivery', () => {
  let smtp: SmtpSink
  beforeAll(async () => {
    smtp = await startSmtpSink()
    closeSmtpTransports()
    process.env.SMTP_URL = smtp.url
  })
  afterAll(async () => {
    delete process.env.SMTP_URL
    closeSmtpTransports()
    await smtp.close()
  })

  test('end to end through a real SMTP server: each recipient gets the campaign once', async () => {
    const A = await company()
    const L = await list(A)
    await profiles(A, 6, [L])
    const c = await campaign(A, { included: [L], templateId: await template(A), subject: 'Summer sale' })
    await sendCampaign(A, c.id)
    await runJobsUntilIdle()
    await runJobsUntilIdle()
    const mine = smtp.mails.filter((m) => m.raw.includes('Summer sale'))
    expect(mine).toHaveLength(6)
    expect(new Set(mine.map((m) => m.to[0])).size).toBe(6)
    expect((await sendsOf(A, c.messageId)).every((s) => s.status === 'sent' || s.status === 'delivered')).toBe(true)
    expect(await statusOf(c.id)).toBe('Sent')
  })
})
