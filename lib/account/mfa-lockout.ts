// Wrong codes: 5 within 15 minutes lock the code step for 15 minutes after the fifth. Kept in
// RateLimitHit (bucket mfa-code, key = user id), so every web process sees the same count.
import { db } from '@/lib/db/client'
import { AppError } from '@/lib/errors/app-error'

export const MFA_MAX_FAILURES = 5
export const MFA_LOCK_MS = 15 * 60 * 1000
const BUCKET = 'mfa-code'

export const MFA_LOCKED = 'Too many wrong codes. Two-factor sign-in is locked for 15 minutes; try again later.'

/** Throws a 429 with Retry-After while the user is locked out. */
export async function assertMfaNotLocked(userId: number, now = Date.now()): Promise<void> {
  const recent = await db.rateLimitHit.findMany({
    where: { bucket: BUCKET, key: String(userId), createdAt: { gt: new Date(now - MFA_LOCK_MS) } },
    orderBy: { createdAt: 'desc' },
    take: MFA_MAX_FAILURES,
    select: { createdAt: true },
  })
  if (recent.length < MFA_MAX_FAILURES) return
  const retry = Math.max(1, Math.ceil((recent[0]!.createdAt.getTime() + MFA_LOCK_MS - now) / 1000))
  throw new AppError('mfa_locked', 429, MFA_LOCKED, undefined, { 'Retry-After': String(retry) })
}

export async function recordMfaFailure(userId: number, now = Date.now()): Promise<void> {
  await db.rateLimitHit.create({ data: { bucket: BUCKET, key: String(userId), createdAt: new Date(now) } })
}

export async function clearMfaFailures(userId: number): Promise<void> {
  await db.rateLimitHit.deleteMany({ where: { bucket: BUCKET, key: String(userId) } })
}
