// The /predictive-models/clv screen's data: the latest fit (status, eligibility problems,
// parameters, holdout check) and the distribution of predicted CLV, in two small queries.
import { sql } from 'kysely'
import { kysely } from '@/lib/db/kysely'
import { read, selectFirst } from '@/lib/db/ops'
import { toDate } from '@/lib/db/dialect'
import type { EligibilityProblem } from './eligibility'
import type { HoldoutCheck } from './holdout-check'

export const HISTOGRAM_BUCKETS = 10
/** "Likely to churn" on the screen and in its one-click segment. */
export const LIKELY_TO_CHURN = 0.8

const parse = <T>(text: unknown, fallback: T): T => {
  try {
    return JSON.parse(String(text)) as T
  } catch {
    return fallback
  }
}

export async function getClvOverview(companyId: number) {
  const fit = await read(
    selectFirst(
      kysely()
        .selectFrom('PredictiveModelFit')
        .selectAll()
        .where('companyId', '=', companyId)
        .orderBy('fittedAt', 'desc')
        .orderBy('id', 'desc')
        .limit(1),
    ),
  )
  const base = kysely().selectFrom('ProfilePrediction').where('companyId', '=', companyId)
  const stats = await read(
    selectFirst(
      base.select((eb) => [
        eb.fn.countAll<number>().as('customers'),
        eb.fn.avg<number>('predictedClv').as('averagePredictedClv'),
        eb.fn.avg<number>('churnProbability').as('averageChurn'),
        sql<number>`sum(case when ${sql.ref('churnProbability')} >= ${LIKELY_TO_CHURN} then 1 else 0 end)`.as(
          'likelyToChurn',
        ),
      ]),
    ),
  )
  const customers = Number(stats?.customers ?? 0)
  // The 90th percentile marks "high predicted CLV" (the vendor's top-10% segment suggestion) and
  // the 95th bounds the histogram, so a few very large customers do not squash it.
  const percentile = async (p: number) =>
    customers
      ? Number(
          (
            await read(
              selectFirst(
                base
                  .select('predictedClv')
                  .orderBy('predictedClv', 'asc')
                  .offset(Math.min(customers - 1, Math.floor(customers * p)))
                  .limit(1),
              ),
            )
          )?.predictedClv ?? 0,
        )
      : 0
  const highClvThreshold = await percentile(0.9)
  const top = await percentile(0.95)
  const width = niceWidth(top / HISTOGRAM_BUCKETS)
  let histogram: Array<{ from: number; to: number | null; customers: number }> = []
  if (customers) {
    const v = sql.ref('predictedClv')
    const row = await read(
      selectFirst(
        base.select(
          Array.from({ length: HISTOGRAM_BUCKETS + 1 }, (_, i) =>
            (i === HISTOGRAM_BUCKETS
              ? sql<number>`sum(case when ${v} >= ${i * width} then 1 else 0 end)`
              : sql<number>`sum(case when ${v} >= ${i * width} and ${v} < ${(i + 1) * width} then 1 else 0 end)`
            ).as(`b${i}`),
          ),
        ),
      ),
    )
    const counts = row as Record<string, unknown> | undefined
    histogram = Array.from({ length: HISTOGRAM_BUCKETS + 1 }, (_, i) => ({
      from: i * width,
      to: i === HISTOGRAM_BUCKETS ? null : (i + 1) * width,
      customers: Number(counts?.[`b${i}`] ?? 0),
    }))
  }
  return {
    fit: fit
      ? {
          id: fit.id,
          status: fit.status as 'fitted' | 'ineligible' | 'failed',
          reasons: parse<EligibilityProblem[]>(fit.reasons, []),
          params: parse<Record<string, unknown>>(fit.params, {}),
          holdout: parse<Partial<HoldoutCheck>>(fit.holdout, {}),
          customers: fit.customers,
          durationMs: fit.durationMs,
          trigger: fit.trigger,
          fittedAt: toDate(fit.fittedAt)?.toISOString() ?? null,
        }
      : null,
    customers,
    averagePredictedClv: Math.round(Number(stats?.averagePredictedClv ?? 0) * 100) / 100,
    averageChurnProbability: Math.round(Number(stats?.averageChurn ?? 0) * 10_000) / 10_000,
    likelyToChurn: Number(stats?.likelyToChurn ?? 0),
    likelyToChurnThreshold: LIKELY_TO_CHURN,
    highClvThreshold,
    histogram,
  }
}

/** 1, 2 or 5 times a power of ten, at least `raw` (and at least 1). */
function niceWidth(raw: number): number {
  if (!(raw > 1)) return 1
  const pow = Math.pow(10, Math.floor(Math.log10(raw)))
  for (const m of [1, 2, 5, 10]) if (m * pow >= raw) return m * pow
  return 10 * pow
}

export type ClvOverview = Awaited<ReturnType<typeof getClvOverview>>
