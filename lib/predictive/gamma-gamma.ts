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
}

export function gammaGammaLogLikelihood({ p, q, gamma }: GammaGammaParams, data: SpendColumns): number {
  const constant = -lnGamma(q) + q * Math.log(gamma)
  let total = 0
  for (let i = 0; i < data.x.length; i++) {
    const x = data.x[i]!
    const m = data.mean[i]!
    const px = p * x
    total +=
      lnGamma(px + q) -
      lnGamma(px) +
      constant +
      (px - 1) * Math.log(m) +
      px * Math.log(x) -
      (px + q) * Math.log(gamma + x * m)
  }
  return total
}

export function fitGammaGamma(data: SpendColumns): GammaGammaParams & { logLikelihood: number } {
  if (!data.x.length) throw new RangeError('fitGammaGamma: no repeat customers')
  let mean = 0
  for (let i = 0; i < data.mean.length; i++) mean += data.mean[i]! / data.mean.length
  const unpack = (v: number[]) => ({ p: Math.exp(v[0]!), q: Math.exp(v[1]!), gamma: Math.exp(v[2]!) })
  const objective = (v: number[]) => -gammaGammaLogLikelihood(unpack(v), data)
  let best = nelderMead(objective, [0, Math.log(2), Math.log(Math.max(mean, 1e-6))], { maxIterations: 3000 })
  best = nelderMead(objective, best.x, { maxIterations: 3000, step: 0.1 })
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
