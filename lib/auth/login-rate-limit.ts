// The sign-in limit of issue 2 §3: 10 failures per (account email, IP) within 15 minutes;
// then every attempt, even with the right password, is refused until the window moves on.
import { db } from '@/lib/db/client'

export const LOGIN_MAX_FAILURES = 10
export const LOGIN_WINDOW_MS = 15 * 60 * 1000

export const normaliseEmail = (email: string) => email.trim().toLowerCase()

/**
 * Seconds until another attempt is allowed, or 0 when the caller is not limited. With
 * `beforeId`, only attempts recorded before that one count: an attempt is recorded first and
 * checked second, so concurrent guesses cannot all pass the check before any is counted.
 */
export async function loginRetryAfterSeconds(email: string, ip: string, now = Date.now(), beforeId?: number): Promise<number> {
  const since = new Date(now - LOGIN_WINDOW_MS)
  const lastSuccess = await db.loginAttempt.findFirst({
    where: { email: normaliseEmail(email), ip, success: true, createdAt: { gt: since } },
    orderBy: { createdAt: 'desc' },
  })
  // A successful sign-in starts the count again.
  const from = lastSuccess && lastSuccess.createdAt > since ? lastSuccess.createdAt : since
  const failures = await db.loginAttempt.findMany({
    where: { email: normaliseEmail(email), ip, success: false, createdAt: { gt: from }, ...(beforeId ? { id: { lt: beforeId } } : {}) },
    orderBy: { createdAt: 'desc' },
    take: LOGIN_MAX_FAILURES,
    select: { createdAt: true },
  })
  if (failures.length < LOGIN_MAX_FAILURES) return 0
  // The oldest of the last ten failures leaving the window frees one attempt.
  const oldest = failures[failures.length - 1]!.createdAt.getTime()
  return Math.max(1, Math.ceil((oldest + LOGIN_WINDOW_MS - now) / 1000))
}

export async function recordLoginAttempt(email: string, ip: string, success: boolean): Promise<number> {
  return (await db.loginAttempt.create({ data: { email: normaliseEmail(email), ip, success } })).id
}

export async function markLoginAttemptSucceeded(id: number): Promise<void> {
  await db.loginAttempt.update({ where: { id }, data: { success: true } })
}

/** A refused attempt was never checked: it must not extend the lockout it was refused by. */
export async function forgetLoginAttempt(id: number): Promise<void> {
  await db.loginAttempt.deleteMany({ where: { id } })
}
