// Per-account rate limits by the vendor's tiers: a burst window (1 s) and a steady window
// (60 s), each a sliding-window counter (the previous fixed window weighted by how much of
// it still overlaps), kept in memory per (company, tier). Cheap enough for the hot path.
export interface RateLimit { burst: number; steady: number }

// The figures each endpoint's description in the OpenAPI reference gives ("Burst: 75/s,
// Steady: 750/m"); the L tier's steady figure is 750/m there.
export const TIERS = {
  XS: { burst: 1, steady: 15 },
  S: { burst: 3, steady: 60 },
  M: { burst: 10, steady: 150 },
  L: { burst: 75, steady: 750 },
  XL: { burst: 350, steady: 3500 },
} as const satisfies Record<string, RateLimit>

export type Tier = keyof typeof TIERS

interface Window { start: number; count: number; prev: number }
interface Bucket { burst: Window; steady: Window }

const buckets = new Map<string, Bucket>()

function roll(w: Window, now: number, size: number) {
  const start = Math.floor(now / size) * size
  if (start === w.start) return
  w.prev = start - w.start === size ? w.count : 0
  w.count = 0
  w.start = start
}

function estimate(w: Window, now: number, size: number): number {
  const overlap = 1 - (now - w.start) / size
  return w.count + w.prev * overlap
}

export interface RateDecision {
  allowed: boolean
  limit: RateLimit
  remaining: number
  /** Seconds until the tighter window frees a request (whole seconds, ≥ 0). */
  reset: number
  retryAfter: number
}

function secondsUntilFree(w: Window, now: number, size: number, limit: number): number {
  // The estimate falls as the previous window slides out and at the next window boundary.
  const untilBoundary = w.start + size - now
  if (w.prev > 0 && w.count < limit) {
    const needed = (estimate(w, now, size) - (limit - 1)) / w.prev
    return Math.min(untilBoundary, Math.max(0, needed * size))
  }
  return untilBoundary
}

/** Counts one request against (key, limit) and says whether it may go ahead. */
export function takeToken(key: string, limit: RateLimit, now = Date.now()): RateDecision {
  let b = buckets.get(key)
  if (!b) {
    b = { burst: { start: 0, count: 0, prev: 0 }, steady: { start: 0, count: 0, prev: 0 } }
    buckets.set(key, b)
  }
  roll(b.burst, now, 1000)
  roll(b.steady, now, 60_000)
  const burstUsed = estimate(b.burst, now, 1000)
  const steadyUsed = estimate(b.steady, now, 60_000)
  const allowed = burstUsed < limit.burst && steadyUsed < limit.steady
  if (allowed) {
    b.burst.count++
    b.steady.count++
  }
  const burstLeft = Math.max(0, Math.floor(limit.burst - estimate(b.burst, now, 1000)))
  const steadyLeft = Math.max(0, Math.floor(limit.steady - estimate(b.steady, now, 60_000)))
  const steadyBound = steadyLeft <= burstLeft
  const waitMs = allowed
    ? 0
    : Math.max(
        burstUsed >= limit.burst ? secondsUntilFree(b.burst, now, 1000, limit.burst) : 0,
        steadyUsed >= limit.steady ? secondsUntilFree(b.steady, now, 60_000, limit.steady) : 0,
      )
  const resetMs = steadyBound ? b.steady.start + 60_000 - now : b.burst.start + 1000 - now
  return {
    allowed,
    limit,
    remaining: Math.min(burstLeft, steadyLeft),
    reset: Math.max(0, Math.ceil(resetMs / 1000)),
    retryAfter: Math.max(1, Math.ceil(waitMs / 1000)),
  }
}

/** The IETF draft headers the vendor sends: the burst limit and both windows' policies. */
export function rateLimitHeaders(d: RateDecision): Record<string, string> {
  return {
    'RateLimit-Limit': `${d.limit.burst}, ${d.limit.burst};w=1, ${d.limit.steady};w=60`,
    'RateLimit-Remaining': String(d.remaining),
    'RateLimit-Reset': String(d.reset),
  }
}

/** Tests only: forget every window. */
export function resetRateLimits(): void {
  buckets.clear()
}
