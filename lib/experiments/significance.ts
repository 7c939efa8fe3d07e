// Significance of an A/B test's difference: a two-proportion z-test for rates (open rate, click
// rate) and Welch's t-test for revenue per recipient, each two-sided. The p-value is the chance
// of a difference at least this large if the variations were the same; confidence = 1 - p.
// Pure functions (no database), checked against known values in tests/unit.

/** ln Γ(x), Lanczos approximation (g = 7, n = 9), |error| < 1e-13 for x > 0. */
export function logGamma(x: number): number {
  const c = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
    12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
  ]
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x)
  x -= 1
  let a = c[0]!
  const t = x + 7.5
  for (let i = 1; i < 9; i++) a += c[i]! / (x + i)
  return 0.5 * Math.log(2 * Math.PI) + (x + 0.5) * Math.log(t) - t + Math.log(a)
}

/** Continued fraction of the incomplete beta function (modified Lentz). */
function betaContinuedFraction(a: number, b: number, x: number): number {
  const TINY = 1e-300
  let c = 1
  let d = 1 - ((a + b) * x) / (a + 1)
  if (Math.abs(d) < TINY) d = TINY
  d = 1 / d
  let h = d
  for (let m = 1; m <= 300; m++) {
    const m2 = 2 * m
    let aa = (m * (b - m) * x) / ((a + m2 - 1) * (a + m2))
    d = 1 + aa * d
    if (Math.abs(d) < TINY) d = TINY
    c = 1 + aa / c
    if (Math.abs(c) < TINY) c = TINY
    d = 1 / d
    h *= d * c
    aa = (-(a + m) * (a + b + m) * x) / ((a + m2) * (a + m2 + 1))
    d = 1 + aa * d
    if (Math.abs(d) < TINY) d = TINY
    c = 1 + aa / c
    if (Math.abs(c) < TINY) c = TINY
    d = 1 / d
    const del = d * c
    h *= del
    if (Math.abs(del - 1) < 1e-15) break
  }
  return h
}

/** The regularized incomplete beta function I_x(a, b). */
export function incompleteBeta(x: number, a: number, b: number): number {
  if (x <= 0) return 0
  if (x >= 1) return 1
  const front = Math.exp(logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log(1 - x))
  return x < (a + 1) / (a + b + 2)
    ? (front * betaContinuedFraction(a, b, x)) / a
    : 1 - (front * betaContinuedFraction(b, a, 1 - x)) / b
}

/** Two-sided p-value of Student's t with df degrees of freedom. */
export function studentTwoSidedP(t: number, df: number): number {
  if (!Number.isFinite(t)) return 0
  return incompleteBeta(df / (df + t * t), df / 2, 0.5)
}

/** The complementary error function (W. J. Cody's rational approximations via erf series/continued fraction). */
export function erfc(x: number): number {
  // Numerical Recipes' erfc via the incomplete gamma function Q(1/2, x²).
  if (x < 0) return 2 - erfc(-x)
  if (x === 0) return 1
  return gammaQ(0.5, x * x)
}

function gammaQ(a: number, x: number): number {
  const gln = logGamma(a)
  if (x < a + 1) {
    // series for P, then Q = 1 - P
    let sum = 1 / a
    let del = sum
    let ap = a
    for (let n = 0; n < 500; n++) {
      ap += 1
      del *= x / ap
      sum += del
      if (Math.abs(del) < Math.abs(sum) * 1e-16) break
    }
    return 1 - sum * Math.exp(-x + a * Math.log(x) - gln)
  }
  // continued fraction for Q
  const TINY = 1e-300
  let b = x + 1 - a
  let c = 1 / TINY
  let d = 1 / b
  let h = d
  for (let i = 1; i < 500; i++) {
    const an = -i * (i - a)
    b += 2
    d = an * d + b
    if (Math.abs(d) < TINY) d = TINY
    c = b + an / c
    if (Math.abs(c) < TINY) c = TINY
    d = 1 / d
    const del = d * c
    h *= del
    if (Math.abs(del - 1) < 1e-16) break
  }
  return Math.exp(-x + a * Math.log(x) - gln) * h
}

/** Two-sided p-value of a standard normal z. */
export const normalTwoSidedP = (z: number): number => (Number.isFinite(z) ? erfc(Math.abs(z) / Math.SQRT2) : 0)

export interface TestResult {
  test: 'two-proportion-z' | 'welch-t'
  statistic: number | null
  pValue: number | null
  confidence: number | null
  /** Degrees of freedom (Welch only). */
  df?: number | null
}

const none = (test: TestResult['test']): TestResult => ({ test, statistic: null, pValue: null, confidence: null })

/** Two-proportion z-test of x1/n1 against x2/n2 (pooled standard error). */
export function twoProportionZTest(x1: number, n1: number, x2: number, n2: number): TestResult {
  if (n1 <= 0 || n2 <= 0) return none('two-proportion-z')
  const p = (x1 + x2) / (n1 + n2)
  const se = Math.sqrt(p * (1 - p) * (1 / n1 + 1 / n2))
  if (se === 0) return { test: 'two-proportion-z', statistic: 0, pValue: 1, confidence: 0 }
  const z = (x1 / n1 - x2 / n2) / se
  const pValue = normalTwoSidedP(z)
  return { test: 'two-proportion-z', statistic: z, pValue, confidence: 1 - pValue }
}

export interface Sample {
  n: number
  mean: number
  variance: number
}

/** Mean and unbiased variance of a list of values. */
export function sampleOf(values: number[]): Sample {
  const n = values.length
  if (!n) return { n: 0, mean: 0, variance: 0 }
  const mean = values.reduce((s, v) => s + v, 0) / n
  const variance = n > 1 ? values.reduce((s, v) => s + (v - mean) ** 2, 0) / (n - 1) : 0
  return { n, mean, variance }
}

/** Welch's unequal-variances t-test of two samples' means. */
export function welchTTest(a: Sample, b: Sample): TestResult {
  if (a.n < 2 || b.n < 2) return { ...none('welch-t'), df: null }
  const va = a.variance / a.n
  const vb = b.variance / b.n
  const se2 = va + vb
  if (se2 === 0)
    return a.mean === b.mean
      ? { test: 'welch-t', statistic: 0, pValue: 1, confidence: 0, df: a.n + b.n - 2 }
      : { test: 'welch-t', statistic: null, pValue: 0, confidence: 1, df: null }
  const t = (a.mean - b.mean) / Math.sqrt(se2)
  const df = (se2 * se2) / ((va * va) / (a.n - 1) + (vb * vb) / (b.n - 1))
  const pValue = studentTwoSidedP(t, df)
  return { test: 'welch-t', statistic: t, pValue, confidence: 1 - pValue, df }
}
