/** @jest-environment node */
// BG/NBD and Gamma-Gamma against the CDNOW sample of Fader, Hardie & Lee (2005): 2,357
// customers, 39-week calibration (tests/fixtures/cdnow, from CamDavidsonPilon/lifetimes).
import { readFileSync } from 'node:fs'
import path from 'node:path'
import {
  bgNbdLogLikelihood,
  conditionalExpectedPurchases,
  fitBgNbd,
  probabilityAlive,
  toColumns,
} from '@/lib/predictive/bg-nbd'
import { expectedAverageValue, fitGammaGamma } from '@/lib/predictive/gamma-gamma'
import { hyp2f1, lnGamma } from '@/lib/predictive/special-functions'

const dir = path.join(__dirname, '..', 'fixtures', 'cdnow')
const csv = (file: string) =>
  readFileSync(path.join(dir, file), 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => line.split(',').map(Number))

const customers = csv('cdnow_customers.csv').map(([, x, tx, T]) => ({ x: x!, tx: tx!, T: T! }))
const paper = { r: 0.243, alpha: 4.414, a: 0.793, b: 2.426 }

describe('special functions', () => {
  it('lnGamma matches known values', () => {
    expect(lnGamma(1)).toBeCloseTo(0, 12)
    expect(lnGamma(5)).toBeCloseTo(Math.log(24), 12)
    expect(lnGamma(0.5)).toBeCloseTo(0.5 * Math.log(Math.PI), 12)
    expect(lnGamma(101)).toBeCloseTo(363.73937555556347, 9) // ln(100!)
  })
  it('hyp2f1 matches closed forms, also near z = 1', () => {
    // 2F1(1,1;2;z) = -ln(1-z)/z
    for (const z of [0.1, 0.5, 0.9, 0.999]) expect(hyp2f1(1, 1, 2, z)).toBeCloseTo(-Math.log(1 - z) / z, 9)
    // 2F1(a,b;b;z) = (1-z)^-a
    expect(hyp2f1(3.2, 2, 2, 0.95)).toBeCloseTo(Math.pow(0.05, -3.2), 4)
  })
})

describe('BG/NBD on CDNOW', () => {
  const data = toColumns(customers)

  it('has the 2,357 customers of the papers', () => {
    expect(customers).toHaveLength(2357)
  })

  it('fits the published parameters', () => {
    const fit = fitBgNbd(data)
    expect(fit.r).toBeCloseTo(paper.r, 2)
    expect(fit.alpha).toBeCloseTo(paper.alpha, 1)
    expect(fit.a).toBeCloseTo(paper.a, 2)
    expect(fit.b).toBeCloseTo(paper.b, 1)
    // The paper reports LL = -9582.4 at its optimum.
    expect(fit.logLikelihood).toBeCloseTo(-9582.4, 0)
    expect(bgNbdLogLikelihood(paper, data)).toBeLessThanOrEqual(fit.logLikelihood + 1e-6)
  })

  it('reproduces the worked example E[X(39) | x=2, t_x=30.43, T=38.86] = 1.226', () => {
    expect(conditionalExpectedPurchases(paper, 39, 2, 30.43, 38.86)).toBeCloseTo(1.226, 3)
  })

  it('P(alive) is 1 without repeat purchases and falls with time since the last', () => {
    expect(probabilityAlive(paper, 0, 0, 38.86)).toBe(1)
    expect(probabilityAlive(paper, 2, 30.43, 38.86)).toBeGreaterThan(probabilityAlive(paper, 2, 5, 38.86))
  })
})

describe('Gamma-Gamma on the CDNOW repeat buyers', () => {
  const rows = csv('cdnow_customers_summary_with_transactions.csv').filter(([, x]) => x! > 0)
  const data = { x: Float64Array.from(rows.map((r) => r[1]!)), mean: Float64Array.from(rows.map((r) => r[4]!)) }

  it('fits p, q, γ close to the paper (6.25, 3.74, 15.44)', () => {
    expect(rows).toHaveLength(946)
    const fit = fitGammaGamma(data)
    expect(fit.p).toBeCloseTo(6.25, 1)
    expect(fit.q).toBeCloseTo(3.74, 1)
    expect(fit.gamma).toBeCloseTo(15.44, 0)
    // The paper's population mean transaction value pγ/(q−1) ≈ 35.2.
    expect(expectedAverageValue(fit, 0, 0)).toBeCloseTo(35.2, 0)
  })
})
