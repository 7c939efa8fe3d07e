// Refits one account's models on its own orders and rewrites its customers' predictions: the
// one entry point of the nightly job, POST /ajax/predictive/refit, `npm run predictions` and
// the demo seed. Returns when the scores are written.
import { db } from '@/lib/db/client'
import { kysely } from '@/lib/db/kysely'
import { read, selectFirst } from '@/lib/db/ops'
import { fitBgNbd, toColumns, type BgNbdParams } from './bg-nbd'
import { eligibilityProblems, type EligibilityProblem } from './eligibility'
import { fitGammaGamma, type GammaGammaParams } from './gamma-gamma'
import { holdoutCheck, holdoutDays } from './holdout-check'
import { loadOrderSummaries } from './load-order-summaries'
import { findOrderMetricId } from './order-metric'
import { rfmOf, scoreCustomer, type CustomerScore } from './score-customers'
import { deleteStalePredictions, writePredictions } from './write-predictions'
import { recomputePredictiveSegments } from './recompute-predictive-segments'
import { everyKth, MAX_BG_NBD_FIT_CUSTOMERS, MAX_GAMMA_GAMMA_FIT_CUSTOMERS } from './fit-sample'

export type RefitTrigger = 'manual' | 'schedule' | 'cli' | 'seed'

export interface RefitResult {
  fitId: number
  status: 'fitted' | 'ineligible' | 'failed'
  reasons: EligibilityProblem[]
  customers: number
  durationMs: number
  /** Milliseconds per phase (the benchmark reports them). */
  phases?: { load: number; fit: number; holdout: number; score: number; write: number }
}

/** Gamma-Gamma needs enough repeat buyers with a positive spend to say anything. */
const MIN_SPEND_CUSTOMERS = 10

export async function refitCompany(
  companyId: number,
  { now = new Date(), trigger = 'schedule' as RefitTrigger } = {},
): Promise<RefitResult> {
  const started = Date.now()
  const nowSec = Math.floor(now.getTime() / 1000)
  const metricId = await findOrderMetricId(companyId)
  const firstRow = metricId
    ? await read(
        selectFirst(
          kysely()
            .selectFrom('Event')
            .where('companyId', '=', companyId)
            .where('metricId', '=', metricId)
            .where('ts', '<=', nowSec)
            .select((eb) => eb.fn.min('ts').as('first')),
        ),
      )
    : undefined
  const firstSec = firstRow?.first == null ? nowSec : Number(firstRow.first)
  const historyDays = (nowSec - firstSec) / 86_400
  const cutoffSec = nowSec - holdoutDays(historyDays) * 86_400
  const tLoad = Date.now()
  const s = metricId ? await loadOrderSummaries(companyId, metricId, nowSec, cutoffSec) : null
  const customers = s?.profileIds.length ?? 0
  let threeOrders = 0
  for (let i = 0; i < customers; i++) if (s!.orders[i]! >= 3) threeOrders++
  const reasons = eligibilityProblems({
    hasOrderMetric: !!metricId,
    customers,
    historyDays,
    threeOrderCustomers: threeOrders,
  })

  const record = async (status: RefitResult['status'], data: Record<string, unknown>) =>
    db.predictiveModelFit.create({
      data: { companyId, status, trigger, customers, reasons: JSON.stringify(reasons), fittedAt: now, ...data },
    })

  if (reasons.length || !s) {
    const fit = await record('ineligible', { durationMs: Date.now() - started })
    await deleteStalePredictions(companyId, null)
    await recomputePredictiveSegments(companyId)
    return { fitId: fit.id, status: 'ineligible', reasons, customers, durationMs: Date.now() - started }
  }

  const tFit = Date.now()
  let bg: BgNbdParams & { logLikelihood: number }
  let gg: (GammaGammaParams & { logLikelihood: number }) | null = null
  const histories = s.profileIds.map((_, i) => ({
    orders: s.orders[i]!,
    firstSec: s.first[i]!,
    lastSec: s.last[i]!,
    totalValue: s.value[i]!,
  }))
  try {
    bg = fitBgNbd(toColumns(everyKth(histories, MAX_BG_NBD_FIT_CUSTOMERS).map((h) => rfmOf(h, nowSec))))
    const spenders = everyKth(
      histories.filter((h) => h.orders >= 2 && h.totalValue > 0),
      MAX_GAMMA_GAMMA_FIT_CUSTOMERS,
    )
    if (spenders.length >= MIN_SPEND_CUSTOMERS) {
      gg = fitGammaGamma({
        x: Float64Array.from(spenders, (h) => h.orders),
        mean: Float64Array.from(spenders, (h) => h.totalValue / h.orders),
      })
    }
  } catch (e) {
    const fit = await record('failed', {
      reasons: JSON.stringify([{ code: 'fit_failed', message: e instanceof Error ? e.message : String(e) }]),
      durationMs: Date.now() - started,
    })
    return { fitId: fit.id, status: 'failed', reasons, customers, durationMs: Date.now() - started }
  }
  const tHoldout = Date.now()
  const holdout = holdoutCheck(s, cutoffSec, nowSec)
  const tScore = Date.now()
  const fit = await record('fitted', {
    params: JSON.stringify({
      // Time unit: days (alpha, and t_x / T of the customers).
      bgnbd: { r: bg.r, alpha: bg.alpha, a: bg.a, b: bg.b, logLikelihood: bg.logLikelihood },
      gammaGamma: gg && { p: gg.p, q: gg.q, gamma: gg.gamma, logLikelihood: gg.logLikelihood },
      metricId,
      historyDays: Math.floor(historyDays),
    }),
    holdout: JSON.stringify(holdout ?? {}),
  })
  const rows: Array<{ profileId: string; score: CustomerScore }> = histories.map((h, i) => ({
    profileId: s.profileIds[i]!,
    score: scoreCustomer(bg, gg, h, nowSec),
  }))
  const tWrite = Date.now()
  await writePredictions(companyId, fit.id, rows, now)
  await recomputePredictiveSegments(companyId)
  const durationMs = Date.now() - started
  const phases = {
    load: tFit - tLoad,
    fit: tHoldout - tFit,
    holdout: tScore - tHoldout,
    score: tWrite - tScore,
    write: Date.now() - tWrite,
  }
  await db.predictiveModelFit.update({ where: { id: fit.id }, data: { durationMs } })
  return { fitId: fit.id, status: 'fitted', reasons, customers, durationMs, phases }
}
