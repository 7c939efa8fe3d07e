// A/B experiments: a visitor sees one variation, always the same one, chosen by a stable hash of
// visitor id + experiment id over the variations' weights (no storage, no server round trip).

/** FNV-1a, 32 bit: small, stable across engines, good enough to spread visitors evenly. */
export function stableHash(s: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i)
    h = Math.imul(h, 0x01000193) >>> 0
  }
  return h >>> 0
}

export function pickVariation<T extends { weight: number }>(
  visitorId: string,
  experimentId: string | number,
  variations: readonly T[],
): T | null {
  const usable = variations.filter((v) => v.weight > 0)
  const total = usable.reduce((s, v) => s + v.weight, 0)
  if (!total) return variations[0] ?? null
  let point = stableHash(`${visitorId}:${experimentId}`) % total
  for (const v of usable) {
    if (point < v.weight) return v
    point -= v.weight
  }
  return usable[usable.length - 1]!
}
