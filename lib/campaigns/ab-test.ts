// The automatic A/B winner of a campaign ('campaigns.ab-winner', booked at the end of the test
// window when the list is fixed): per variation of the test cohort, the delivered sends, unique
// human opens and clicks (machine activity excluded) and attributed revenue; the leader on the
// test's metric must beat every other variation with the configured confidence (two-proportion
// z-test for open and click rate, Welch's t-test for revenue per recipient — the statistics of
// lib/experiments/significance.ts). If it does, it is the winner; if not, the decision
// says so and follows the fallback: send the leader anyway, or wait for a manual pick.
import { sql } from 'kysely'
import { kysely } from '@/lib/db/kysely'
import { exec, inWriteTx, read, select } from '@/lib/db/ops'
import { jsonText, toDate } from '@/lib/db/dialect'
import { MESSAGE_METRICS } from '@/lib/messaging/message-events'
import { humanEngagementSql } from '@/lib/messaging/tracking/machine-activity'
import { wakeWorkers } from '@/lib/jobs/queue'
import { sampleOf, twoProportionZTest, welchTTest, type TestResult } from '@/lib/experiments/significance'
import { CampaignError } from './errors'
import { RELEASE_JOB, RELEASING_STATUSES, campaignOrThrowOps, type AbMetric, type AbTestState } from './send/model'
import { applyWinnerOps } from './send/winner'

export const DEFAULT_CONFIDENCE = 0.9
const DELIVERED = new Set(['sent', 'delivered', 'unknown'])

export interface VariationFigures {
  variationId: string
  recipients: number
  delivered: number
  opens: number
  clicks: number
  revenue: number
  openRate: number
  clickRate: number
  revenuePerRecipient: number
  /** Revenue per recipient, one value per recipient (Welch's t-test sample). */
  values?: number[]
}

/** Figures of each variation of the test cohort, measured up to `now`. */
export async function variationFigures(companyId: number, campaignId: string, now: Date): Promise<VariationFigures[]> {
  const db = kysely()
  const vars = await read(
    select(
      db
        .selectFrom('CampaignVariation')
        .select('id')
        .where('companyId', '=', companyId)
        .where('campaignId', '=', campaignId)
        .orderBy('createdAt')
        .orderBy('id'),
    ),
  )
  const rows = await read(
    select(
      db
        .selectFrom('CampaignRecipient as r')
        .leftJoin('Send as s', 's.id', 'r.sendId')
        .select(['r.profileId', 'r.variationId', 'r.sendId', 'r.messageId', 'r.releasedAt', 's.status as sendStatus'])
        .where('r.companyId', '=', companyId)
        .where('r.campaignId', '=', campaignId)
        .where('r.cohort', '=', 'ab_test')
        .where('r.status', '=', 'released'),
    ),
  )
  const bySend = new Map<
    string,
    {
      variationId: string
      profileId: string
      delivered: boolean
      opened: boolean
      clicked: boolean
      revenue: number
      at: number
    }
  >()
  let minTs = Infinity
  const messageIds = new Set<string>()
  for (const r of rows) {
    if (!r.sendId || !r.variationId) continue
    const at = toDate(r.releasedAt)?.getTime() ?? now.getTime()
    const f = {
      variationId: r.variationId,
      profileId: r.profileId,
      delivered: DELIVERED.has(String(r.sendStatus)),
      opened: false,
      clicked: false,
      revenue: 0,
      at,
    }
    bySend.set(r.sendId, f)
    minTs = Math.min(minTs, at)
    messageIds.add(r.messageId)
  }
  if (bySend.size) {
    const sinceTs = Math.floor(minTs / 1000) - 60
    const untilTs = Math.floor(now.getTime() / 1000)
    const sendIdExpr = jsonText(sql.ref('e.properties'), '$send_id')
    const events = await read(
      select(
        db
          .selectFrom('Event as e')
          .innerJoin('Metric as m', 'm.id', 'e.metricId')
          .select(['m.name', sendIdExpr.as('sendId')])
          .where('e.companyId', '=', companyId)
          .where('m.companyId', '=', companyId)
          .where('m.name', 'in', [
            MESSAGE_METRICS.email.opened,
            MESSAGE_METRICS.email.clicked,
            MESSAGE_METRICS.sms.clicked,
            MESSAGE_METRICS.push.opened,
          ])
          .where('e.ts', '>=', sinceTs)
          .where('e.ts', '<=', untilTs)
          .where(jsonText(sql.ref('e.properties'), '$message'), 'in', [...messageIds])
          .where(humanEngagementSql(sql.ref('e.properties'))),
      ),
    )
    for (const e of events) {
      const f = e.sendId ? bySend.get(e.sendId) : undefined
      if (!f) continue
      if (e.name === MESSAGE_METRICS.email.opened || e.name === MESSAGE_METRICS.push.opened) f.opened = true
      else f.clicked = true
      f.delivered = true
    }
    // Revenue: the conversions attributed to a test send (lib/attribution: the recipient's last
    // human open or click within the window), not every order its recipient placed.
    const orders = await read(
      select(
        db
          .selectFrom('EventAttribution')
          .select(['sendId', 'value'])
          .where('companyId', '=', companyId)
          .where('campaignId', '=', campaignId)
          .where('ts', '>=', sinceTs)
          .where('ts', '<=', untilTs),
      ),
    )
    for (const o of orders) {
      const f = bySend.get(o.sendId)
      if (f) f.revenue += Number(o.value ?? 0) || 0
    }
  }
  const rate = (n: number, d: number) => (d ? n / d : 0)
  return vars.map((v) => {
    const fs = [...bySend.values()].filter((f) => f.variationId === v.id)
    const delivered = fs.filter((f) => f.delivered).length
    const opens = fs.filter((f) => f.opened).length
    const clicks = fs.filter((f) => f.clicked).length
    const revenue = fs.reduce((s, f) => s + f.revenue, 0)
    return {
      variationId: v.id,
      recipients: fs.length,
      delivered,
      opens,
      clicks,
      revenue: Math.round(revenue * 100) / 100,
      openRate: rate(opens, delivered),
      clickRate: rate(clicks, delivered),
      revenuePerRecipient: rate(revenue, fs.length),
      values: fs.map((f) => f.revenue),
    }
  })
}

const scoreOf = (metric: AbMetric, f: VariationFigures) =>
  metric === 'open_rate' ? f.openRate : metric === 'click_rate' ? f.clickRate : f.revenuePerRecipient

function testOf(metric: AbMetric, a: VariationFigures, b: VariationFigures): TestResult {
  if (metric === 'open_rate') return twoProportionZTest(a.opens, a.delivered, b.opens, b.delivered)
  if (metric === 'click_rate') return twoProportionZTest(a.clicks, a.delivered, b.clicks, b.delivered)
  return welchTTest(sampleOf(a.values ?? []), sampleOf(b.values ?? []))
}

export interface WinnerEvaluation {
  metric: AbMetric
  testName: TestResult['test']
  leader: string | null
  /** The lowest confidence of the leader against the others (null if not computable). */
  confidence: number | null
  significant: boolean
  required: number
  figures: VariationFigures[]
}

/** Who leads on the metric and whether it beats every other variation with the required confidence. */
export function evaluateWinner(
  figures: VariationFigures[],
  metric: AbMetric,
  required = DEFAULT_CONFIDENCE,
): WinnerEvaluation {
  const testName: TestResult['test'] = metric === 'revenue' ? 'welch-t' : 'two-proportion-z'
  const strip = figures.map((f) => ({ ...f, values: undefined }))
  if (figures.length < 2)
    return {
      metric,
      testName,
      leader: figures[0]?.variationId ?? null,
      confidence: null,
      significant: false,
      required,
      figures: strip,
    }
  const sorted = [...figures].sort((a, b) => scoreOf(metric, b) - scoreOf(metric, a))
  const leader = sorted[0]!
  let min: number | null = 1
  for (const other of sorted.slice(1)) {
    const t = testOf(metric, leader, other)
    // A tie is no win; an untestable pair (no data) makes the whole confidence unknown.
    const conf = t.confidence == null ? null : scoreOf(metric, leader) > scoreOf(metric, other) ? t.confidence : 0
    min = conf == null || min == null ? null : Math.min(min, conf)
  }
  return {
    metric,
    testName,
    leader: leader.variationId,
    confidence: min,
    significant: min != null && min >= required,
    required,
    figures: strip,
  }
}

/**
 * The job at the end of the window: a significant leader wins; otherwise the campaign records
 * that the difference is not significant and either sends the leader (fallback 'send_leader',
 * the default) or waits for the merchant's pick ('manual').
 */
export async function settleCampaignAbTest(
  companyId: number,
  campaignId: string,
  now: Date,
): Promise<{ outcome: 'winner' | 'fallback' | 'waiting' | 'none'; evaluation?: WinnerEvaluation }> {
  const c = await read(campaignOrThrowOps(companyId, campaignId))
  if (!c.abTest || c.abTest.winnerVariationId) return { outcome: 'none' }
  if (!RELEASING_STATUSES.includes(c.status) && c.status !== 'Paused') return { outcome: 'none' }
  const t: AbTestState = c.abTest
  const metric: AbMetric = t.metric ?? 'open_rate'
  const ev = evaluateWinner(
    await variationFigures(companyId, campaignId, now),
    metric,
    t.confidence ?? DEFAULT_CONFIDENCE,
  )
  const stats = { metric, required: ev.required, figures: ev.figures }
  if (ev.leader && ev.significant) {
    await inWriteTx(() =>
      applyWinnerOps(
        c,
        ev.leader!,
        { decidedBy: 'automatic', testName: ev.testName, confidenceReached: ev.confidence, significant: true, stats },
        now,
      ),
    )
    wakeWorkers(RELEASE_JOB)
    return { outcome: 'winner', evaluation: ev }
  }
  const pct = ev.confidence == null ? 'not computable' : `${(ev.confidence * 100).toFixed(1)} %`
  const note = `No significant winner when the window ended (${ev.testName}, confidence ${pct}, ${Math.round(ev.required * 100)} % required).`
  if ((t.fallback ?? 'send_leader') === 'send_leader' && ev.leader) {
    await inWriteTx(() =>
      applyWinnerOps(
        c,
        ev.leader!,
        {
          decidedBy: 'fallback',
          testName: ev.testName,
          confidenceReached: ev.confidence,
          significant: false,
          note: `${note} The leader was sent.`,
          stats,
        },
        now,
      ),
    )
    wakeWorkers(RELEASE_JOB)
    return { outcome: 'fallback', evaluation: ev }
  }
  const ab: AbTestState = {
    ...t,
    testName: ev.testName,
    confidenceReached: ev.confidence,
    significant: false,
    note: `${note} Waiting for a manual choice.`,
    stats,
  }
  await inWriteTx(function* () {
    yield* exec(
      kysely()
        .updateTable('Campaign')
        .set({ abTest: JSON.stringify(ab), updatedAt: now })
        .where('companyId', '=', companyId)
        .where('id', '=', campaignId),
    )
  })
  return { outcome: 'waiting', evaluation: ev }
}

export { CampaignError }
