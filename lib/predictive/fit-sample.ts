// The fits run on at most a few tens of thousands of customers: maximum likelihood on 30,000
// customers already pins the four BG/NBD parameters to well under 1 %, and each optimiser step
// costs time in proportion to the customers. Every customer is still scored. The sample is
// every k-th customer in the aggregate's order (by profile id: ULIDs, so spread over time),
// so a refit of the same data gives the same parameters.
export const MAX_BG_NBD_FIT_CUSTOMERS = 30_000
export const MAX_GAMMA_GAMMA_FIT_CUSTOMERS = 20_000

export function everyKth<T>(rows: T[], max: number): T[] {
  if (rows.length <= max) return rows
  const k = Math.ceil(rows.length / max)
  return rows.filter((_, i) => i % k === 0)
}
