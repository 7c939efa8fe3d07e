// Request limits kept in the database (RateLimitHit), so every web process of an install
// counts the same requests: at most `max` requests per key within a sliding `windowMs`. The
// key is a client address (clientIp) or a target email. As for sign-in attempts, a request is
// recorded first and counted second against the ones recorded before it, so a burst of
// concurrent requests cannot all pass the check before any is counted; a refused request is
// then forgotten, so retrying too early does not push the limit further away. Its own folder (it
// was lib/http's) because sign-up and password resets (lib/auth) use it, and lib/http builds on
// lib/auth (issue 30, the folder import cycle).
import { db } from '@/lib/db/client'
import { AppError } from '@/lib/errors/app-error'

export interface RequestLimit {
  /** The bucket name: one per endpoint and key kind ('password-reset:ip'). */
  bucket: string
  max: number
  windowMs: number
  /** The 429 message. */
  message: string
}

/** 0 when the request may go ahead (it is then counted), else the seconds to wait. */
async function take(limit: RequestLimit, key: string, now: number): Promise<{ retryAfter: number; id: number }> {
  const { id } = await db.rateLimitHit.create({ data: { bucket: limit.bucket, key, createdAt: new Date(now) } })
  const earlier = await db.rateLimitHit.findMany({
    where: { bucket: limit.bucket, key, createdAt: { gt: new Date(now - limit.windowMs) }, id: { lt: id } },
    orderBy: { createdAt: 'desc' },
    take: limit.max,
    select: { createdAt: true },
  })
  if (earlier.length < limit.max) return { retryAfter: 0, id }
  // The oldest of the last `max` requests leaving the window frees one.
  const oldest = earlier[earlier.length - 1]!.createdAt.getTime()
  return { retryAfter: Math.max(1, Math.ceil((oldest + limit.windowMs - now) / 1000)), id }
}

let calls = 0

/**
 * Counts one request against each (limit, key) and throws a 429 with Retry-After when any of
 * them is used up; then none of them counts the request.
 */
export async function enforceRequestLimits(
  checks: ReadonlyArray<readonly [RequestLimit, string]>,
  now = Date.now(),
): Promise<void> {
  const taken: number[] = []
  for (const [limit, key] of checks) {
    const { retryAfter, id } = await take(limit, key.slice(0, 320), now)
    taken.push(id)
    if (retryAfter > 0) {
      await db.rateLimitHit.deleteMany({ where: { id: { in: taken } } })
      throw new AppError('too_many_requests', 429, limit.message, undefined, { 'Retry-After': String(retryAfter) })
    }
  }
  // Housekeeping now and then: rows past every window of their bucket count for nothing.
  if (++calls % 200 === 0)
    await pruneRequestLimits(
      checks.map(([l]) => l),
      now,
    )
}

export async function pruneRequestLimits(limits: readonly RequestLimit[], now = Date.now()): Promise<void> {
  for (const l of limits)
    await db.rateLimitHit.deleteMany({ where: { bucket: l.bucket, createdAt: { lt: new Date(now - l.windowMs) } } })
}
