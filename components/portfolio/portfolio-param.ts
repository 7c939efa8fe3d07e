// The page's ?portfolio=<id>: a positive integer, else undefined (the first portfolio is shown).
export function portfolioParam(sp: { portfolio?: string | string[] }): number | undefined {
  const raw = Array.isArray(sp.portfolio) ? sp.portfolio[0] : sp.portfolio
  const n = Number(raw)
  return Number.isSafeInteger(n) && n > 0 ? n : undefined
}
