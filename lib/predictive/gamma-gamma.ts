// Gamma-Gamma spend model (Fader, Hardie & Lee 2005, "RFM and CLV: using iso-value curves for
// customer base analysis"): a customer's transaction values are Gamma(p, ν), ν ~ Gamma(q, γ).
// Data per customer: x transactions and their mean value m̄ (customers with x ≥ 1 only).
import { lnGamma } from './special-functions'
import { nelderMead } from './nelder-mead'

export interface GammaGammaParams {
  p: number
  q: number
  gamma: number
}

export interface SpendColumns {
  x: Float64Array
  mean: Float64Array
  /** log(mean), computed once per fit rather than once per evaluation. */
  logMean?: Float64Array
}

export function gammaGammaLogLikelihood({ p, q, gamma }: GammaGammaParams, data: SpendColumns): number {
  const logMean = data.logMean ?? data.mean.map(Math.log)
  const constant = -lnGamma(q) + q * Math.log(gamma)
  // The gamma-function terms depend on the number of transactions only (a whole number): once
  // per distinct x, so an evaluation costs one logarithm per customer.
  const byX: number[] = []
  let total = 0
  for (let i = 0; i < data.x.length; i++) {
    const x = data.x[i]!
    const px = p * x
    let terms = byX[x]
    if (terms === undefined) byX[x] = terms = lnGamma(px + q) - lnGamma(px) + constant + px * Math.log(x)
    total += terms + (px - 1) * logMean[i]! - (px + q) * Math.log(gamma + x * data.mean[i]!)
  }
  return total
}

export function fitGammaGamma(data: SpendColumns): GammaGammaParams & { logLikelihood: number } {
  if (!data.x.length) throw new RangeError('fitGammaGamma: no repeat customers')
  let mean = 0
  for (let i = 0; i < data.mean.length; i++) mean += data.mean[i]! / data.mean.length
  const unpack = (v: number[]) => ({ p: Math.exp(v[0]!), q: Math.exp(v[1]!), gamma: Math.exp(v[2]!) })
  const prepared = { ...data, logMean: data.mean.map(Math.log) }
  const objective = (v: number[]) => -gammaGammaLogLikelihood(unpack(v), prepared)
  let best = nelderMead(objective, [0, Math.log(2), Math.log(Math.max(mean, 1e-6))], { maxIterations: 1500 })
  best = nelderMead(objective, best.x, { maxIterations: 500, step: 0.1 })
  return { ...unpack(best.x), logLikelihood: -best.value }
}

/**
 * E[M | p, q, γ, m̄, x]: the expected value of a future transaction (the paper's eq. 5), a
 * weighting of the population mean pγ/(q−1) and the customer's own mean. With x = 0 it is the
 * population mean. Needs q > 1 (otherwise the population mean is infinite): the caller falls
 * back to the customer's own mean then.
 */
export function expectedAverageValue({ p, q, gamma }: GammaGammaParams, x: number, mean: number): number {
  return (p * (gamma + x * mean)) / (p * x + q - 1)
}
