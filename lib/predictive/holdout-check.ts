// The model's fit on data it has not seen: fit on the history before a cutoff, predict each
// customer's orders in the holdout period after it, and compare with what they ordered. The
// comparison is grouped by the number of repeat orders before the cutoff, as in the paper's
// conditional-expectation figure, plus the total.
import { conditionalExpectedPurchases, fitBgNbd, toColumns } from './bg-nbd'
import type { OrderSummaries } from './load-order-summaries'
import { everyKth, MAX_BG_NBD_FIT_CUSTOMERS } from './fit-sample'

export const MAX_GROUP = 7

export interface HoldoutCheck {
  cutoff: string
  holdoutDays: number
  customers: number
  predicted: number
  actual: number
  byRepeatOrders: Array<{ repeatOrders: string; customers: number; predicted: number; actual: number }>
}

/** Holdout length: a quarter of the history, at most 90 days. */
export function holdoutDays(historyDays: number): number {
  return Math.max(1, Math.min(90, Math.floor(historyDays / 4)))
}

export function holdoutCheck(s: OrderSummaries, cutoffSec: number, nowSec: number): HoldoutCheck | null {
  const rows: Array<{ x: number; tx: number; T: number; actual: number }> = []
  for (let i = 0; i < s.profileIds.length; i++) {
    if (!s.calOrders[i]) continue
    rows.push({
      x: s.calOrders[i]! - 1,
      tx: (s.calLast[i]! - s.first[i]!) / 86_400,
      T: (cutoffSec - s.first[i]!) / 86_400,
      actual: s.holdoutOrders[i]!,
    })
  }
  if (rows.length < 10 || !rows.some((r) => r.x > 0)) return null
  const params = fitBgNbd(toColumns(everyKth(rows, MAX_BG_NBD_FIT_CUSTOMERS)))
  const days = (nowSec - cutoffSec) / 86_400
  const groups = Array.from({ length: MAX_GROUP + 1 }, (_, k) => ({
    repeatOrders: k === MAX_GROUP ? `${MAX_GROUP}+` : String(k),
    customers: 0,
    predicted: 0,
    actual: 0,
  }))
  let predicted = 0
  let actual = 0
  for (const r of rows) {
    const p = conditionalExpectedPurchases(params, days, r.x, r.tx, r.T)
    const g = groups[Math.min(r.x, MAX_GROUP)]!
    g.customers++
    g.predicted += p
    g.actual += r.actual
    predicted += p
    actual += r.actual
  }
  const r2 = (v: number) => Math.round(v * 100) / 100
  return {
    cutoff: new Date(cutoffSec * 1000).toISOString(),
    holdoutDays: Math.round(days),
    customers: rows.length,
    predicted: r2(predicted),
    actual,
    byRepeatOrders: groups
      .filter((g) => g.customers)
      .map((g) => ({ ...g, predicted: r2(g.predicted / g.customers), actual: r2(g.actual / g.customers) })),
  }
}
