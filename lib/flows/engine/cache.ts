// Short-lived in-process caches for the hot path of the engine: the company's time zone and a
// message's content change rarely, and a step reads them once per run otherwise. Entries live
// for a few seconds, so an edit reaches the sends of the next seconds.
import type { Ops } from '@/lib/db/ops'
import { companyTimeZoneOps } from '@/lib/segments/company-time-zone'

const TTL_MS = 5_000
const g = globalThis as unknown as { __flowEngineCache?: Map<string, { at: number; value: unknown }> }
const cache = (g.__flowEngineCache ??= new Map())

/** A cached value of `load` for `key` (per process, a few seconds). */
export function* cachedOps<T>(name: string, load: () => Ops<T>): Ops<T> {
  // Keyed by database too: tests switch databases in one process, and ids repeat across them.
  const key = `${process.env.DATABASE_URL ?? ''}|${name}`
  const hit = cache.get(key)
  const t = Date.now()
  if (hit && t - hit.at < TTL_MS) return hit.value as T
  const value = yield* load()
  if (cache.size > 5000) cache.clear()
  cache.set(key, { at: t, value })
  return value
}

export const companyZoneOps = (companyId: number): Ops<string> =>
  cachedOps(`tz:${companyId}`, () => companyTimeZoneOps(companyId))

/** Tests: forget everything. */
export function clearEngineCache(): void {
  cache.clear()
}
