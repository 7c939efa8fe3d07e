/** @jest-environment node */
// Campaign A/B tests on a real database: the test cohort gets its variations by hash and
// weight, the rest waits; at the end of the window the winner is chosen by open rate (two-
// proportion z-test), click rate or revenue (Welch's t-test) only when significant, recorded with
// the test's name and confidence; otherwise the fallback (send the leader, or wait for a manual
// pick). Machine opens never count. Every profile gets exactly one message.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(120_000)
import { db } from '@/lib/db/client'
import { runJobsUntilIdle } from '@/lib/jobs/queue'
import { setQueueClock } from '@/lib/jobs/clock'
import { CampaignError } from '@/lib/campaigns/errors'
import { chooseAbWinner, sendCampaign } from '@/lib/campaigns/lifecycle'
import { evaluateWinner } from '@/lib/campaigns/ab-test'
import { recipientCounts } from '@/lib/campaigns/send/release'
import { campaign, company, event, list, profiles, template } from '../helpers/campaigns-engine-fixture'

const H = 3_600_000
afterEach(() => setQueueClock(null))
async function runAt(at: Date) {
  setQueueClock(at)
  await runJobsUntilIdle()
}
const t0 = new Date('2026-06-01T10:00:00Z')

async function abCampaign(opts: { metric?: string; fallback?: string; n?: number } = {}) {
  const A = await company()
  const L = await list(A)
  await profiles(A, opts.n ?? 400, [L])
  const tpl = await template(A)
  const c = await campaign(A, {
    included: [L],
    templateId: tpl,
    abTest: {
      variable: 'subject',
      testPercent: 50,
      metric: opts.metric ?? 'open_rate',
      windowHours: 4,
      confidence: 0.95,
      fallback: opts.fallback ?? 'send_leader',
    },
    variations: [
      { name: 'A', weight: 50, content: { subject: 'Subject A' } },
      { name: 'B', weight: 50, content: { subject: 'Subject B' } },
    ],
  })
  await sendCampaign(A, c.id, { now: t0 })
  await runAt(t0)
  await runAt(new Date(t0.getTime() + 1000))
  return { A, c }
}

/** Engagement for a share of each variation's sends (by position), human unless `machine`. */
async function engage(
  A: number,
  c: { id: string; messageId: string; variationIds: string[] },
  metricName: string,
  shares: number[],
  opts: { machine?: boolean; value?: number; attributed?: boolean } = {},
) {
  const sends = await db.send.findMany({ where: { companyId: A, sourceId: c.messageId }, orderBy: { id: 'asc' } })
  for (const [vi, vid] of c.variationIds.entries()) {
    const mine = sends.filter((s) => JSON.parse(s.context!).$variation === vid)
    const k = Math.round(mine.length * shares[vi]!)
    for (const s of mine.slice(0, k)) {
      const props =
        opts.value != null
          ? { $value: opts.value }
          : {
              $send_id: s.id,
              $message: c.messageId,
              ...(opts.machine ? { $machine: true, $machine_reason: 'security_scanner' } : {}),
            }
      const e = await event(A, s.profileId, metricName, new Date(t0.getTime() + H), props, opts.value ?? null)
      // An order as the ingest transaction attributes it (lib/attribution) to this send's click.
      if (opts.value != null && opts.attributed !== false) {
        await db.eventAttribution.create({
          data: {
            eventId: e.id,
            companyId: A,
            profileId: s.profileId,
            metricId: e.metricId,
            ts: e.ts,
            value: opts.value,
            sourceType: 'campaign',
            campaignId: c.id,
            messageId: c.messageId,
            sendId: s.id,
            channel: 'email',
            touch: 'click',
            touchTs: e.ts - 600,
          },
        })
      }
    }
  }
}

test('a significant open-rate winner is chosen after the window and the rest gets it; each profile once', async () => {
  const { A, c } = await abCampaign()
  const before = await recipientCounts(A, c.id)
  expect(before.released! + before.waiting!).toBe(400)
  expect(before.released).toBeGreaterThan(150)
  expect(before.released).toBeLessThan(250)
  expect((await db.campaign.findUniqueOrThrow({ where: { id: c.id } })).status).toBe('Variations Sent')
  const sends = await db.send.findMany({ where: { companyId: A, sourceId: c.messageId } })
  // Both variations got recipients, with their own subject.
  for (const [i, vid] of c.variationIds.entries()) {
    const mine = sends.filter((s) => JSON.parse(s.context!).$variation === vid)
    expect(mine.length).toBeGreaterThan(60)
    expect(JSON.parse(mine[0]!.content).subject).toBe(`Subject ${'AB'[i]}`)
  }
  // B opens 60 %, A 20 % (human); scanners "open" everything of A (must not count).
  await engage(A, c, 'Opened Email', [0.2, 0.6])
  await engage(A, c, 'Opened Email', [1, 0], { machine: true })
  await runAt(new Date(t0.getTime() + 3 * H))
  expect((await db.campaign.findUniqueOrThrow({ where: { id: c.id } })).status).toBe('Variations Sent')
  await runAt(new Date(t0.getTime() + 4 * H + 2000))
  await runAt(new Date(t0.getTime() + 4 * H + 4000))
  const row = await db.campaign.findUniqueOrThrow({ where: { id: c.id } })
  const ab = JSON.parse(row.abTest!)
  expect(ab).toMatchObject({
    winnerVariationId: c.variationIds[1],
    decidedBy: 'automatic',
    testName: 'two-proportion-z',
    significant: true,
  })
  expect(ab.confidenceReached).toBeGreaterThan(0.99)
  expect(row.status).toBe('Sent')
  const all = await db.send.findMany({ where: { companyId: A, sourceId: c.messageId } })
  expect(all).toHaveLength(400)
  expect(new Set(all.map((s) => s.profileId)).size).toBe(400)
  const winners = await db.campaignRecipient.findMany({ where: { campaignId: c.id, cohort: 'winner' } })
  expect(winners.every((r) => r.variationId === c.variationIds[1] && r.status === 'released')).toBe(true)
  expect(await recipientCounts(A, c.id)).toEqual({ released: 400 })
})

test('not significant: said so; manual fallback waits for the merchant, whose pick is sent', async () => {
  const { A, c } = await abCampaign({ fallback: 'manual', metric: 'click_rate' })
  await engage(A, c, 'Clicked Email', [0.1, 0.12])
  await runAt(new Date(t0.getTime() + 4 * H + 2000))
  let row = await db.campaign.findUniqueOrThrow({ where: { id: c.id } })
  let ab = JSON.parse(row.abTest!)
  expect(ab.winnerVariationId ?? null).toBeNull()
  expect(ab.significant).toBe(false)
  expect(ab.note).toMatch(/No significant winner.*two-proportion-z.*Waiting for a manual choice/)
  expect(row.status).toBe('Variations Sent')
  // Another company cannot pick; an unknown variation is refused.
  const B = await company()
  const e1 = await chooseAbWinner(B, c.id, c.variationIds[0]!).catch((x: CampaignError) => x)
  expect((e1 as CampaignError).code).toBe('not_found')
  const e2 = await chooseAbWinner(A, c.id, 'nope').catch((x: CampaignError) => x)
  expect((e2 as CampaignError).field).toBe('variation')
  expect(await chooseAbWinner(A, c.id, c.variationIds[0]!, { now: new Date(t0.getTime() + 5 * H) })).toEqual({
    status: 'Sending',
  })
  await runAt(new Date(t0.getTime() + 5 * H + 2000))
  row = await db.campaign.findUniqueOrThrow({ where: { id: c.id } })
  ab = JSON.parse(row.abTest!)
  expect(ab).toMatchObject({ winnerVariationId: c.variationIds[0], decidedBy: 'manual' })
  expect(row.status).toBe('Sent')
  expect(await db.send.count({ where: { companyId: A, sourceId: c.messageId } })).toBe(400)
  const again = await chooseAbWinner(A, c.id, c.variationIds[1]!).catch((x: CampaignError) => x)
  expect((again as CampaignError).code).toBe('wrong_status')
})

test('not significant with the default fallback: the leader is sent, marked as not significant', async () => {
  const { A, c } = await abCampaign({ n: 100 })
  // 20 % against 40 % of about 25 each: B leads whatever the (random) split, and no split makes it significant at 95 %
  await engage(A, c, 'Opened Email', [0.2, 0.4])
  await runAt(new Date(t0.getTime() + 4 * H + 2000))
  await runAt(new Date(t0.getTime() + 4 * H + 4000))
  const row = await db.campaign.findUniqueOrThrow({ where: { id: c.id } })
  const ab = JSON.parse(row.abTest!)
  expect(ab).toMatchObject({ winnerVariationId: c.variationIds[1], decidedBy: 'fallback', significant: false })
  expect(ab.note).toMatch(/No significant winner.*The leader was sent/)
  expect(row.status).toBe('Sent')
  expect(await db.send.count({ where: { companyId: A, sourceId: c.messageId } })).toBe(100)
})

test('revenue: Welch t-test on attributed placed-order value per recipient', async () => {
  const { A, c } = await abCampaign({ metric: 'revenue' })
  await engage(A, c, 'Placed Order', [0.5, 0.05], { value: 80 })
  // Orders B's recipients placed without touching the message earn it nothing (else B would lead).
  await engage(A, c, 'Placed Order', [0, 0.6], { value: 500, attributed: false })
  await runAt(new Date(t0.getTime() + 4 * H + 2000))
  const ab = JSON.parse((await db.campaign.findUniqueOrThrow({ where: { id: c.id } })).abTest!)
  expect(ab).toMatchObject({
    winnerVariationId: c.variationIds[0],
    testName: 'welch-t',
    significant: true,
    decidedBy: 'automatic',
  })
})

test('evaluateWinner: the leader must beat every other variation', () => {
  const f = (id: string, delivered: number, opens: number) => ({
    variationId: id,
    recipients: delivered,
    delivered,
    opens,
    clicks: 0,
    revenue: 0,
    openRate: opens / delivered,
    clickRate: 0,
    revenuePerRecipient: 0,
  })
  const strong = evaluateWinner([f('a', 1000, 300), f('b', 1000, 200), f('c', 1000, 190)], 'open_rate', 0.95)
  expect(strong).toMatchObject({ leader: 'a', significant: true, testName: 'two-proportion-z' })
  const close = evaluateWinner([f('a', 1000, 300), f('b', 1000, 295), f('c', 1000, 100)], 'open_rate', 0.95)
  expect(close).toMatchObject({ leader: 'a', significant: false })
  const tie = evaluateWinner([f('a', 100, 10), f('b', 100, 10)], 'open_rate', 0.9)
  expect(tie.significant).toBe(false)
})
