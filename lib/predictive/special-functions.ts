// Log-gamma and the Gauss hypergeometric function, the two special functions the BG/NBD
// model needs. Written here (about 60 lines) rather than pulling a statistics package: the
// models need nothing else from one, and both are standard, well-tested numerical recipes.

// Lanczos approximation (g = 7, n = 9), accurate to ~15 digits for x > 0.
const LANCZOS = [
  0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
  12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
]

export function lnGamma(x: number): number {
  if (x < 0.5) {
    // Reflection keeps the approximation in its accurate range.
    return Math.log(Math.PI / Math.abs(Math.sin(Math.PI * x))) - lnGamma(1 - x)
  }
  const z = x - 1
  let sum = LANCZOS[0]!
  for (let i = 1; i < 9; i++) sum += LANCZOS[i]! / (z + i)
  const t = z + 7.5
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(sum)
}

/**
 * ₂F₁(a, b; c; z) for 0 ≤ z < 1 by its power series. Terms are accumulated as ratios (never
 * as factorials or gamma values, which overflow for the large a + x of frequent buyers), and
 * when z is close to 1 Euler's transformation ₂F₁(a,b;c;z) = (1−z)^(c−a−b) ₂F₁(c−a,c−b;c;z)
 * is used when it shrinks the terms, so the series converges in few steps.
 */
export function hyp2f1(a: number, b: number, c: number, z: number): number {
  if (z < 0 || z >= 1) throw new RangeError('hyp2f1: z must be in [0, 1)')
  if (z > 0.5 && Math.abs((c - a) * (c - b)) < Math.abs(a * b)) {
    return Math.pow(1 - z, c - a - b) * series(c - a, c - b, c, z)
  }
  return series(a, b, c, z)
}

function series(a: number, b: number, c: number, z: number): number {
  let term = 1
  let sum = 1
  for (let n = 0; n < 100_000; n++) {
    term *= (((a + n) * (b + n)) / ((c + n) * (n + 1))) * z
    sum += term
    if (Math.abs(term) <= 1e-15 * Math.abs(sum)) return sum
  }
  return sum
}

/** log(e^a + e^b) without overflow. */
export function logSumExp(a: number, b: number): number {
  if (a === -Infinity) return b
  if (b === -Infinity) return a
  const m = Math.max(a, b)
  return m + Math.log(Math.exp(a - m) + Math.exp(b - m))
}
