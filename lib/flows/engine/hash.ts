// The engine's only source of chance: a hash of (profile, action, flow version) → [0, 1). A
// retried step gets the same number, so an A/B test or a random split never changes branch.
import { createHash } from 'node:crypto'

export function unitHash(...parts: Array<string | number>): number {
  const h = createHash('sha256').update(parts.join('\u0000')).digest()
  return h.readUIntBE(0, 6) / 2 ** 48
}

/** Picks an item by weight with a unit number u in [0, 1); null when there is nothing to pick. */
export function pickWeighted<T>(items: Array<{ item: T; weight: number }>, u: number): T | null {
  const usable = items.filter((i) => Number.isFinite(i.weight) && i.weight > 0)
  const total = usable.reduce((s, i) => s + i.weight, 0)
  if (!usable.length || total <= 0) return items[0]?.item ?? null
  let x = u * total
  for (const i of usable) {
    if (x < i.weight) return i.item
    x -= i.weight
  }
  return usable[usable.length - 1]!.item
}
