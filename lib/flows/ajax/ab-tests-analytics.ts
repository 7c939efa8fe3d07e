// A/B test analytics (seed 002 §7.5 analytics and series): per variation the recipients, opens,
// clicks, revenue and rates of the sends of the current experiment (since it started), and a
// significance test of each variation against the leader on the test's metric (two-proportion
// z-test for open and click rate, Welch's t-test for revenue per recipient), with whether the
// automatic winner rule would pick the leader now.
import { z } from 'zod'
import { AB_METRICS, abTestActionOrThrow, chooseWinner, currentTest, type AbMetric } from './ab-tests-manage'
import { sampleOf, twoProportionZTest, welchTTest, type TestResult } from '@/lib/experiments/significance'
import { sendFacts, totalsOf, type SendFacts, type SendTotals } from './statistics-sends'
import { armsOf, type Arm } from './messages-lookup'

export const analyticsQuery = z.object({ metric: z.enum(AB_METRICS).optional() })

export interface VariationStats extends SendTotals {
  variationId: string
  name: string | null
  isWinner: boolean
  /** Against the leader (null for the leader itself). */
  significance: (TestResult & { against: string }) | null
}

function testOf(metric: AbMetric, a: SendFacts[], b: SendFacts[]): TestResult {
  const ta = totalsOf(a)
  const tb = totalsOf(b)
  if (metric === 'open_rate') return twoProportionZTest(ta.opens, ta.delivered, tb.opens, tb.delivered)
  if (metric === 'click_rate') return twoProportionZTest(ta.clicks, ta.delivered, tb.clicks, tb.delivered)
  return welchTTest(sampleOf(a.map((f) => f.revenue)), sampleOf(b.map((f) => f.revenue)))
}

/**
 * The arm a send belongs to: its $variation (the engine's key) or $flow_message when either is an
 * arm id; the engine's fallback keys of arms without ids ('main', 'variation-<n>') by position.
 */
function armKeyResolver(arms: Arm[]) {
  const ids = new Set(arms.map((a) => a.id))
  const alias = new Map<string, string>()
  for (const a of arms) alias.set(a.kind === 'main' ? 'main' : `variation-${a.index + 1}`, a.id)
  return (f: SendFacts): string | null => {
    for (const k of [f.variation, f.messageId]) if (k && ids.has(k)) return k
    return (f.variation && alias.get(f.variation)) || null
  }
}

const score = (metric: AbMetric, t: SendTotals) =>
  metric === 'open_rate' ? t.openRate : metric === 'click_rate' ? t.clickRate : t.revenuePerRecipient

export async function abTestAnalytics(
  companyId: number,
  actionId: string,
  opts: { metric?: AbMetric; now?: Date } = {},
) {
  const now = opts.now ?? new Date()
  const { flow, action } = await abTestActionOrThrow(companyId, actionId)
  const test = await currentTest(companyId, flow.id, actionId, false)
  const metric = opts.metric ?? (test?.metric as AbMetric | undefined) ?? 'open_rate'
  const facts = await sendFacts(companyId, [actionId], { from: test?.startedAt ?? null })
  const arms = armsOf(action)
  const ids = arms.map((a) => a.id)
  const groups = new Map<string, SendFacts[]>(ids.map((id) => [id, []]))
  let other = 0
  const armOf = armKeyResolver(arms)
  for (const f of facts) {
    const key = armOf(f)
    const g = key ? groups.get(key) : undefined
    if (g) g.push(f)
    else other++
  }
  const totals = new Map(ids.map((id) => [id, totalsOf(groups.get(id)!)]))
  const leader = ids.reduce<string | null>(
    (best, id) => (best === null || score(metric, totals.get(id)!) > score(metric, totals.get(best)!) ? id : best),
    null,
  )
  const variations: VariationStats[] = ids.map((id, i) => {
    const m = ((arms[i]!.sendAction.data as Record<string, unknown> | undefined)?.message ?? {}) as Record<
      string,
      unknown
    >
    return {
      variationId: id,
      name: typeof m.name === 'string' ? m.name : null,
      ...totals.get(id)!,
      isWinner: test?.winnerVariationId === id,
      significance:
        leader && id !== leader ? { ...testOf(metric, groups.get(leader)!, groups.get(id)!), against: leader } : null,
    }
  })
  const windowEnds = test?.startedAt ? new Date(test.startedAt.getTime() + test.windowHours * 3_600_000) : null
  const others = variations.filter((v) => v.variationId !== leader)
  const threshold = test?.confidence ?? 0.9
  const significant =
    !!leader && others.length > 0 && others.every((v) => (v.significance?.confidence ?? 0) >= threshold)
  const windowOver = !!windowEnds && windowEnds <= now
  let reason: string
  if (!test?.startedAt) reason = 'The test has not started.'
  else if (test.winnerVariationId) reason = 'A winner was already chosen.'
  else if (!test.autoWinner) reason = 'Automatic winner selection is off.'
  else if (!windowOver) reason = `The test window ends at ${windowEnds!.toISOString()}.`
  else if (!significant) reason = `No variation leads with ${Math.round(threshold * 1000) / 10}% confidence yet.`
  else reason = 'The leader is significantly better than every other variation.'
  const wouldPick =
    !!test?.startedAt && !test.winnerVariationId && test.autoWinner && windowOver && significant ? leader : null
  return {
    actionId,
    flowId: flow.id,
    metric,
    testId: test?.id ?? null,
    status: test?.status ?? 'draft',
    startedAt: test?.startedAt?.toISOString() ?? null,
    windowEndsAt: windowEnds?.toISOString() ?? null,
    confidenceThreshold: threshold,
    winnerVariationId: test?.winnerVariationId ?? null,
    leader,
    variations,
    sendsWithoutVariation: other,
    automaticWinner: { enabled: test?.autoWinner ?? false, wouldPick, reason },
  }
}

/** Applies the automatic winner rule now (for a periodic job): chooses the winner when the rule picks one. */
export async function settleAutomaticWinner(
  companyId: number,
  actionId: string,
  now = new Date(),
): Promise<string | null> {
  const a = await abTestAnalytics(companyId, actionId, { now })
  if (!a.automaticWinner.wouldPick) return null
  await chooseWinner(companyId, actionId, a.automaticWinner.wouldPick, 'automatic', now)
  return a.automaticWinner.wouldPick
}

/** Per day (UTC) and variation: recipients, opens, clicks, conversions and revenue of the current experiment. */
export async function abTestSeries(companyId: number, actionId: string) {
  const { flow, action } = await abTestActionOrThrow(companyId, actionId)
  const test = await currentTest(companyId, flow.id, actionId, false)
  const facts = await sendFacts(companyId, [actionId], { from: test?.startedAt ?? null })
  const arms = armsOf(action)
  const ids = arms.map((a) => a.id)
  const armOf = armKeyResolver(arms)
  const days = new Map<string, Map<string, SendFacts[]>>()
  for (const f of facts) {
    const key = armOf(f)
    if (!key) continue
    const day = f.at.toISOString().slice(0, 10)
    const byVar = days.get(day) ?? days.set(day, new Map()).get(day)!
    ;(byVar.get(key) ?? byVar.set(key, []).get(key)!).push(f)
  }
  const dates = [...days.keys()].sort()
  return {
    actionId,
    dates,
    series: ids.map((id) => ({
      variationId: id,
      points: dates.map((d) => {
        const t = totalsOf(days.get(d)!.get(id) ?? [])
        return {
          date: d,
          recipients: t.recipients,
          opens: t.opens,
          clicks: t.clicks,
          conversions: t.conversions,
          revenue: t.revenue,
          openRate: t.openRate,
          clickRate: t.clickRate,
        }
      }),
    })),
  }
}
