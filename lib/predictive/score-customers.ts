// From fitted parameters to the vendor's PredictiveAnalytics figures for one customer. Time is
// in days. Definitions (documented in lib/predictive/README.md):
// - predicted orders: E[X(365) | x, t_x, T] (BG/NBD);
// - predicted CLV: the expected orders of each of the next 12 months times the expected order
//   value (Gamma-Gamma), each month discounted at ANNUAL_DISCOUNT_RATE;
// - churn probability: 1 − P(alive) today;
// - expected date of next order: as the vendor defines it, calculated at the time of the most
//   recent order: the last order + (α + t_x)/(r + x) days, the reciprocal of the posterior mean
//   purchase rate of a customer known to be active then.
import { conditionalExpectedPurchases, probabilityAlive, type BgNbdParams } from './bg-nbd'
import { expectedAverageValue, type GammaGammaParams } from './gamma-gamma'

export const HORIZON_DAYS = 365
export const ANNUAL_DISCOUNT_RATE = 0.1
const MONTH_DAYS = HORIZON_DAYS / 12
const DAY_MS = 86_400_000

export interface CustomerHistory {
  orders: number
  /** Unix seconds. */
  firstSec: number
  lastSec: number
  totalValue: number
}

export interface CustomerScore {
  historicClv: number
  predictedClv: number
  totalClv: number
  historicNumberOfOrders: number
  predictedNumberOfOrders: number
  averageDaysBetweenOrders: number | null
  averageOrderValue: number
  churnProbability: number
  expectedDateOfNextOrder: Date | null
}

export function rfmOf(h: CustomerHistory, nowSec: number) {
  return { x: h.orders - 1, tx: (h.lastSec - h.firstSec) / 86_400, T: Math.max(0, (nowSec - h.firstSec) / 86_400) }
}

/** The expected value of a future order: Gamma-Gamma when it was fitted, else the customer's average. */
export function expectedOrderValue(gg: GammaGammaParams | null, h: CustomerHistory): number {
  const own = h.orders ? h.totalValue / h.orders : 0
  if (!gg || gg.q <= 1 || own <= 0) return own
  return expectedAverageValue(gg, h.orders, own)
}

const round2 = (v: number) => Math.round(v * 100) / 100
const round4 = (v: number) => Math.round(v * 10_000) / 10_000

export function scoreCustomer(
  bg: BgNbdParams,
  gg: GammaGammaParams | null,
  h: CustomerHistory,
  nowSec: number,
): CustomerScore {
  const { x, tx, T } = rfmOf(h, nowSec)
  const value = expectedOrderValue(gg, h)
  const monthlyRate = Math.pow(1 + ANNUAL_DISCOUNT_RATE, 1 / 12)
  let previous = 0
  let discounted = 0
  for (let m = 1; m <= 12; m++) {
    const cumulative = conditionalExpectedPurchases(bg, m * MONTH_DAYS, x, tx, T)
    discounted += (cumulative - previous) / Math.pow(monthlyRate, m)
    previous = cumulative
  }
  const predictedOrders = previous
  const predictedClv = round2(Math.max(0, discounted * value))
  const historicClv = round2(h.totalValue)
  const pAlive = probabilityAlive(bg, x, tx, T)
  const nextDays = (bg.alpha + tx) / (bg.r + x)
  return {
    historicClv,
    predictedClv,
    totalClv: round2(historicClv + predictedClv),
    historicNumberOfOrders: h.orders,
    predictedNumberOfOrders: round4(Math.max(0, predictedOrders)),
    averageDaysBetweenOrders: h.orders > 1 ? round2(tx / x) : null,
    averageOrderValue: round2(h.orders ? h.totalValue / h.orders : 0),
    churnProbability: round4(Math.min(1, Math.max(0, 1 - pAlive))),
    expectedDateOfNextOrder: Number.isFinite(nextDays) ? new Date(h.lastSec * 1000 + nextDays * DAY_MS) : null,
  }
}
