// The A/B test significance tests against values computed with SciPy (scipy.stats.norm,
// scipy.stats.ttest_ind(equal_var=False), scipy.stats.t).
import {
  normalTwoSidedP,
  sampleOf,
  studentTwoSidedP,
  twoProportionZTest,
  welchTTest,
} from '@/lib/experiments/significance'

test('two-proportion z-test: 200/1000 against 250/1000', () => {
  const r = twoProportionZTest(200, 1000, 250, 1000)
  expect(r.statistic).toBeCloseTo(-2.677397763008329, 9)
  expect(r.pValue).toBeCloseTo(0.007419649261025687, 9)
  expect(r.confidence).toBeCloseTo(1 - 0.007419649261025687, 9)
  const big = twoProportionZTest(80, 200, 40, 200)
  expect(big.statistic).toBeCloseTo(4.364357804719848, 9)
  expect(big.pValue! / 1.2749674921097029e-5).toBeCloseTo(1, 6)
})

test('z-test edge cases: no recipients, identical all-or-nothing rates', () => {
  expect(twoProportionZTest(0, 0, 1, 10).pValue).toBeNull()
  expect(twoProportionZTest(0, 10, 0, 10)).toMatchObject({ statistic: 0, pValue: 1 })
  expect(normalTwoSidedP(1.959963984540054)).toBeCloseTo(0.05, 12)
})

test("Welch's t-test on revenue per recipient", () => {
  const a = [0, 0, 0, 10, 20, 0, 35.5, 0, 0, 12]
  const b = [0, 50, 0, 0, 40, 60, 0, 25, 0, 30, 0, 45]
  const r = welchTTest(sampleOf(a), sampleOf(b))
  expect(r.statistic).toBeCloseTo(-1.6854742967768317, 9)
  expect(r.df).toBeCloseTo(16.984857267805378, 8)
  expect(r.pValue).toBeCloseTo(0.11017946837341515, 9)
  expect(studentTwoSidedP(2.5, 7.3)).toBeCloseTo(0.03965023466560043, 9)
  expect(welchTTest(sampleOf([1]), sampleOf([2, 3])).pValue).toBeNull()
  expect(welchTTest(sampleOf([5, 5]), sampleOf([5, 5]))).toMatchObject({ pValue: 1 })
})
