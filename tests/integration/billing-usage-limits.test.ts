/** @jest-environment node */
// Issue 26 §1 and §3: usage metered from the product's own rows against hand-counted fixtures,
// and the plan limit in the send pipeline as scenarios with an injected clock: skipped as
// 'plan_limit' past the allowance, warnings at 80 % and 100 % mailed once, the auto-upgrade the
// account consented to (recorded), and a fresh allowance across the period boundary.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)
import { db } from '@/lib/db/client'
import { read } from '@/lib/db/ops'
import { makeCompany, makeUser } from '../helpers/factory'
import { runJobsUntilIdle } from '@/lib/jobs/queue'
import { setQueueClock } from '@/lib/jobs/clock'
import { createSends } from '@/lib/messaging/create-sends'
import { ulid } from '@/lib/ids/make-id'
import { ensureDefaultPlans } from '@/lib/billing/plans'
import { getSubscription } from '@/lib/billing/subscription'
import { activeProfilesOps, sentUnitsOps, usageByDayOps } from '@/lib/billing/measure-usage'
import { clearUsageCache } from '@/lib/billing/plan-gate'
import { calendarMonth, periodAt } from '@/lib/billing/billing-period'
import { decideSend, DEFAULT_POLICY_SETTINGS } from '@/lib/messaging/policy'

const MARCH_30 = new Date('2026-03-30T10:00:00Z')
const APRIL_1 = new Date('2026-04-01T00:00:01Z')

beforeAll(async () => {
  await ensureDefaultPlans()
  // Small allowances, so a scenario is a handful of sends.
  await db.billingPlan.update({ where: { key: 'free' }, data: { monthlySendsLimit: 5 } })
  await db.billingPlan.update({ where: { key: 'email-500' }, data: { monthlySendsLimit: 8 } })
})
beforeEach(() => {
  process.env.BILLING_ENFORCE_LIMITS = '1'
  delete process.env.SMTP_URL
  clearUsageCache()
})
afterEach(() => setQueueClock(null))

let n = 0
async function profiles(companyId: number, count: number): Promise<string[]> {
  const ids: string[] = []
  for (let i = 0; i < count; i++) {
    const p = await db.profile.create({ data: { id: ulid(), companyId, email: `p${++n}@shop.test` } })
    ids.push(p.id)
  }
  return ids
}

async function campaign(companyId: number, ids: string[], at: Date) {
  setQueueClock(at)
  const sourceId = ulid()
  await createSends({
    companyId,
    channel: 'email',
    sourceType: 'campaign_message',
    sourceId,
    content: { subject: 'Hi', html: '<p>Hi</p>', fromEmail: 'news@shop.test', fromName: 'Shop' },
    recipients: ids.map((profileId) => ({ profileId })),
  })
  await runJobsUntilIdle()
  const rows = await db.send.findMany({ where: { companyId, sourceId } })
  return {
    sent: rows.filter((r) => r.status === 'sent').length,
    skipped: rows.filter((r) => r.status === 'skipped').map((r) => r.reason),
  }
}

async function owned() {
  const company = await makeCompany()
  const owner = await makeUser({ companyId: company.id, role: 'owner', email: `owner-${company.id}@shop.test` })
  return { company, owner }
}

const warningMails = (companyId: number) =>
  db.outboxMail.findMany({ where: { companyId, subject: { contains: 'plan' } }, orderBy: { id: 'asc' } })

test('metering: active profiles (emailable or textable) and the period’s emails and SMS segments, by hand count', async () => {
  const { id: cid } = await makeCompany()
  const other = await makeCompany()
  const mk = (data: { email?: string; phoneNumber?: string }, companyId = cid) =>
    db.profile.create({ data: { id: ulid(), companyId, ...data } })
  const a = await mk({ email: 'a@x.test' }) // emailable
  const b = await mk({ email: 'b@x.test' }) // suppressed (bounced): not emailable
  await db.suppression.create({ data: { companyId: cid, profileId: b.id, channel: 'email', reason: 'bounced' } })
  const c = await mk({ email: 'c@x.test' }) // suppression cleared: emailable again
  await db.suppression.create({
    data: { companyId: cid, profileId: c.id, channel: 'email', reason: 'manual', clearedAt: new Date() },
  })
  const d = await mk({ email: 'd@x.test' }) // unsubscribed from email marketing
  await db.profileConsent.create({
    data: { companyId: cid, profileId: d.id, channel: 'email_marketing', status: 'unsubscribed' },
  })
  const e = await mk({ phoneNumber: '+15550000001' }) // textable
  await db.profileConsent.create({
    data: { companyId: cid, profileId: e.id, channel: 'sms_marketing', status: 'subscribed' },
  })
  await mk({ phoneNumber: '+15550000002' }) // a number without SMS consent
  const smsOn = (id: string) =>
    db.profileConsent.create({
      data: { companyId: cid, profileId: id, channel: 'sms_marketing', status: 'subscribed' },
    })
  const f = await mk({ email: 'f@x.test', phoneNumber: '+15550000003' }) // emailable and textable: once
  await smsOn(f.id)
  const g = await mk({ email: 'g@x.test', phoneNumber: '+15550000004' }) // bounced email, but textable
  await db.suppression.create({ data: { companyId: cid, profileId: g.id, channel: 'email', reason: 'bounced' } })
  await smsOn(g.id)
  const h = await mk({ phoneNumber: '+15550000005' }) // subscribed, but its number is suppressed
  await smsOn(h.id)
  await db.suppression.create({ data: { companyId: cid, profileId: h.id, channel: 'sms', reason: 'manual' } })
  await mk({}) // anonymous
  await mk({ email: 'z@x.test' }, other.id) // another company's
  expect(await read(activeProfilesOps(cid))).toBe(5) // a, c, e, f, g

  const period = calendarMonth(MARCH_30)
  const send = (over: Record<string, unknown>) =>
    db.send.create({
      data: {
        id: ulid(),
        companyId: cid,
        channel: 'email',
        sourceType: 'campaign_message',
        sourceId: ulid(),
        profileId: a.id,
        status: 'sent',
        content: '{}',
        sendingAt: new Date('2026-03-10T12:00:00Z'),
        ...over,
      },
    })
  await send({}) // 1
  await send({ status: 'delivered', sendingAt: new Date('2026-03-11T08:00:00Z') }) // 2
  await send({ status: 'unknown' }) // 3: may have gone, counts
  await send({ status: 'skipped', sendingAt: null })
  await send({ status: 'failed' })
  await send({ sourceType: 'preview' }) // a member's preview is not billed
  await send({ sendingAt: new Date('2026-02-28T23:59:59Z') }) // the period before
  await send({ sendingAt: new Date('2026-04-01T00:00:00Z') }) // the period after
  await send({ channel: 'sms', segments: 3 })
  await send({ channel: 'sms', segments: null }) // from before segments were kept: one
  await send({ channel: 'sms', segments: 2, status: 'bounced' })
  await send({ companyId: other.id })
  expect(await read(sentUnitsOps(cid, 'email', period))).toBe(3)
  expect(await read(sentUnitsOps(cid, 'sms', period))).toBe(4)
  expect(await read(usageByDayOps(cid, period))).toEqual([
    { day: '2026-03-10', emails: 2, smsSegments: 4 },
    { day: '2026-03-11', emails: 1, smsSegments: 0 },
  ])
})

test('billing periods: monthly from the anchor, the 31st on the last day of shorter months', () => {
  const jan31 = { start: new Date('2026-01-31T00:00:00Z'), end: new Date('2026-02-28T00:00:00Z') }
  expect(periodAt(jan31, new Date('2026-02-27T00:00:00Z'))).toBe(jan31)
  expect(periodAt(jan31, new Date('2026-03-05T00:00:00Z'))).toEqual({
    start: new Date('2026-02-28T00:00:00Z'),
    end: new Date('2026-03-31T00:00:00Z'),
  })
  expect(periodAt(jan31, new Date('2026-05-01T00:00:00Z')).start).toEqual(new Date('2026-04-30T00:00:00Z'))
})

test('over the allowance: skipped as plan_limit, warnings at 80 % and 100 % mailed once; the next period starts afresh', async () => {
  const { company } = await owned()
  const cid = company.id
  const first = await campaign(cid, await profiles(cid, 6), MARCH_30)
  expect(first).toEqual({ sent: 5, skipped: ['plan_limit'] })
  const again = await campaign(cid, await profiles(cid, 2), new Date(MARCH_30.getTime() + 60_000))
  expect(again).toEqual({ sent: 0, skipped: ['plan_limit', 'plan_limit'] })

  const warnings = await db.usageWarning.findMany({ where: { companyId: cid }, orderBy: { threshold: 'asc' } })
  expect(warnings.map((w) => [w.channel, w.threshold])).toEqual([
    ['email', 80],
    ['email', 100],
  ])
  const mails = await warningMails(cid)
  expect(mails.map((m) => m.to)).toEqual([`owner-${cid}@shop.test`, `owner-${cid}@shop.test`])
  expect(mails[1]!.text).toContain('5')

  // A new period: the allowance is back, and the warnings may go again for it.
  const april = await campaign(cid, await profiles(cid, 3), APRIL_1)
  expect(april).toEqual({ sent: 3, skipped: [] })
  expect((await getSubscription(cid, APRIL_1)).period.start).toEqual(new Date('2026-04-01T00:00:00Z'))
  expect(await db.planChange.count({ where: { companyId: cid } })).toBe(0)
})

test('with auto-upgrade consent the account moves to the next tier and the change is recorded; the billing email gets the warnings', async () => {
  const { company } = await owned()
  const cid = company.id
  await getSubscription(cid, MARCH_30)
  await db.companySubscription.update({
    where: { companyId: cid },
    data: { autoUpgradeEmail: true, billingEmail: 'billing@shop.test' },
  })
  const r = await campaign(cid, await profiles(cid, 7), MARCH_30)
  expect(r).toEqual({ sent: 7, skipped: [] })
  const sub = await getSubscription(cid, MARCH_30)
  expect(sub.emailPlanKey).toBe('email-500')
  expect((await db.company.findUniqueOrThrow({ where: { id: cid } })).planKey).toBe('email-500')
  const changes = await db.planChange.findMany({ where: { companyId: cid } })
  expect(changes).toMatchObject([
    { channel: 'email', fromPlanKey: 'free', toPlanKey: 'email-500', reason: 'auto_upgrade', userId: null },
  ])
  // 7 of the new tier's 8: the 80 % warning, to the billing email.
  expect((await warningMails(cid)).map((m) => m.to)).toEqual(['billing@shop.test'])
})

test('transactional messages are never held back by the plan; without BILLING_ENFORCE_LIMITS nothing is', async () => {
  const { company } = await owned()
  const cid = company.id
  expect(await campaign(cid, await profiles(cid, 5), MARCH_30)).toEqual({ sent: 5, skipped: [] })
  setQueueClock(MARCH_30)
  const sourceId = ulid()
  const [p] = await profiles(cid, 1)
  await createSends({
    companyId: cid,
    channel: 'email',
    sourceType: 'transactional',
    sourceId,
    transactional: true,
    content: { subject: 'Receipt', html: '<p>Thanks</p>', fromEmail: 'news@shop.test' },
    recipients: [{ profileId: p! }],
  })
  await runJobsUntilIdle()
  expect((await db.send.findFirstOrThrow({ where: { companyId: cid, sourceId } })).status).toBe('sent')

  delete process.env.BILLING_ENFORCE_LIMITS
  expect(await campaign(cid, await profiles(cid, 2), MARCH_30)).toEqual({ sent: 2, skipped: [] })
})

test('the policy: a marketing message past what the plan leaves is skipped as plan_limit; transactional ones and unmetered channels go', () => {
  const base = {
    channel: 'sms' as const,
    transactional: false,
    profile: { email: null, phoneNumber: '+15550000009', timezone: 'UTC' },
    consents: { sms_marketing: 'subscribed' },
    suppressions: [],
    recentMarketingSends: [],
    settings: { ...DEFAULT_POLICY_SETTINGS, quietHoursEnabled: false },
    companyTimeZone: 'UTC',
    senderHasPostalAddress: true,
    now: MARCH_30,
  }
  expect(decideSend({ ...base, planAllowance: { remaining: 2, units: 2 } })).toEqual({ action: 'send' })
  // A three-segment text does not fit in two credits.
  expect(decideSend({ ...base, planAllowance: { remaining: 2, units: 3 } })).toEqual({
    action: 'skip',
    reason: 'plan_limit',
  })
  expect(decideSend({ ...base, transactional: true, planAllowance: { remaining: 0, units: 1 } })).toEqual({
    action: 'send',
  })
  expect(decideSend(base)).toEqual({ action: 'send' })
  // Consent is decided first: an unsubscribed profile is 'unsubscribed', not a plan matter.
  expect(
    decideSend({ ...base, consents: { sms_marketing: 'unsubscribed' }, planAllowance: { remaining: 0, units: 1 } }),
  ).toEqual({ action: 'skip', reason: 'unsubscribed' })
})
