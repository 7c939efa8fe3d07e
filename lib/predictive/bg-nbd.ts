// BG/NBD (Fader, Hardie & Lee 2005, "Counting your customers the easy way"): purchases while
// alive are Poisson(λ), λ ~ Gamma(r, α); after each purchase the customer drops out with
// probability p, p ~ Beta(a, b). Data per customer: x repeat purchases, t_x the time of the last
// one and T the age, both measured from the first purchase, in any time unit (α takes it).
import { hyp2f1, lnGamma, logSumExp } from './special-functions'
import { nelderMead } from './nelder-mead'

export interface BgNbdParams {
  r: number
  alpha: number
  a: number
  b: number
}

/** Column arrays, so 100,000 customers are three Float64Arrays rather than 100,000 objects. */
export interface RfmColumns {
  x: Float64Array
  tx: Float64Array
  T: Float64Array
}

export function toColumns(rows: Array<{ x: number; tx: number; T: number }>): RfmColumns {
  const c = { x: new Float64Array(rows.length), tx: new Float64Array(rows.length), T: new Float64Array(rows.length) }
  rows.forEach((row, i) => {
    c.x[i] = row.x
    c.tx[i] = row.tx
    c.T[i] = row.T
  })
  return c
}

/**
 * The sample log-likelihood (the paper's eq. 6 in the log-sum-exp form, so neither term
 * underflows for frequent buyers). The gamma terms depend on x only, so they are computed
 * once per distinct x: the fit touches each customer with two logarithms per evaluation.
 */
export function bgNbdLogLikelihood({ r, alpha, a, b }: BgNbdParams, data: RfmColumns): number {
  // x is a whole number of repeat orders: an array indexed by x is the cache.
  const byX: number[] = []
  const gammaTerms = (x: number) => {
    let v = byX[x]
    if (v === undefined) {
      v =
        lnGamma(r + x) -
        lnGamma(r) +
        r * Math.log(alpha) +
        lnGamma(a + b) +
        lnGamma(b + x) -
        lnGamma(b) -
        lnGamma(a + b + x)
      byX[x] = v
    }
    return v
  }
  const logA = Math.log(a)
  let total = 0
  for (let i = 0; i < data.x.length; i++) {
    const x = data.x[i]!
    const a3 = -(r + x) * Math.log(alpha + data.T[i]!)
    const a4 = x > 0 ? logA - Math.log(b + x - 1) - (r + x) * Math.log(alpha + data.tx[i]!) : -Infinity
    total += gammaTerms(x) + logSumExp(a3, a4)
  }
  return total
}

/** Maximum likelihood on log-parameters (all four are positive). */
export function fitBgNbd(data: RfmColumns): BgNbdParams & { logLikelihood: number; iterations: number } {
  if (!data.x.length) throw new RangeError('fitBgNbd: no customers')
  let meanT = 0
  for (let i = 0; i < data.T.length; i++) meanT += data.T[i]! / data.T.length
  const unpack = (v: number[]): BgNbdParams => ({
    r: Math.exp(v[0]!),
    alpha: Math.exp(v[1]!),
    a: Math.exp(v[2]!),
    b: Math.exp(v[3]!),
  })
  const start = [0, Math.log(Math.max(meanT, 1) / 4), 0, 0]
  let best = nelderMead((v) => -bgNbdLogLikelihood(unpack(v), data), start, { maxIterations: 1500 })
  // A restart from the optimum re-opens a simplex that may have collapsed on a ridge.
  best = nelderMead((v) => -bgNbdLogLikelihood(unpack(v), data), best.x, { maxIterations: 500, step: 0.1 })
  return { ...unpack(best.x), logLikelihood: -best.value, iterations: best.iterations }
}

/** P(alive | x, t_x, T) (the paper's eq. 12). */
export function probabilityAlive({ r, alpha, a, b }: BgNbdParams, x: number, tx: number, T: number): number {
  if (x === 0) return 1
  const logRatio = Math.log(a / (b + x - 1)) + (r + x) * Math.log((alpha + T) / (alpha + tx))
  return 1 / (1 + Math.exp(logRatio))
}

/** E[Y(t) | x, t_x, T]: the expected purchases in the next t (the paper's eq. 10). */
export function conditionalExpectedPurchases(
  { r, alpha, a: fitted, b }: BgNbdParams,
  t: number,
  x: number,
  tx: number,
  T: number,
): number {
  if (t <= 0) return 0
  // The closed form divides by a − 1; at a = 1 exactly it is the limit, which a nudge reaches.
  const a = Math.abs(fitted - 1) < 1e-9 ? 1 + 1e-9 : fitted
  const z = t / (alpha + T + t)
  const hyp = hyp2f1(r + x, b + x, a + b + x - 1, z)
  const numerator = ((a + b + x - 1) / (a - 1)) * (1 - Math.pow((alpha + T) / (alpha + T + t), r + x) * hyp)
  const denominator = x > 0 ? 1 + (a / (b + x - 1)) * Math.pow((alpha + T) / (alpha + tx), r + x) : 1
  return numerator / denominator
}
