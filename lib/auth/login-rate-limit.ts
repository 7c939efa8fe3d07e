// The sign-in limits. Per (account email, address), issue 2 §3: 10 failures within 15 minutes,
// then every attempt, even with the right password, is refused until the window moves on.
// Per account across all addresses (a distributed guess): after 20 failures within 15 minutes
// each further attempt must wait a growing delay after the account's last failure (1, 2, 4 …
// capped at 30 seconds): guesses slow to a trickle, the owner is never locked out for good,
// and an address the owner signed in from in the last 30 days is not slowed at all.
import { db } from '@/lib/db/client'

export const LOGIN_MAX_FAILURES = 10
export const LOGIN_WINDOW_MS = 15 * 60 * 1000

export const normaliseEmail = (email: string) => email.trim().toLowerCase()

/**
 * Seconds until another attempt is allowed, or 0 when the caller is not limited. With
 * `beforeId`, only attempts recorded before that one count: an attempt is recorded first and
 * checked second, so concurrent guesses cannot all pass the check before any is counted.
 */
export async function loginRetryAfterSeconds(
  email: string,
  ip: string,
  now = Date.now(),
  beforeId?: number,
): Promise<number> {
  const since = new Date(now - LOGIN_WINDOW_MS)
  const lastSuccess = await db.loginAttempt.findFirst({
    where: { email: normaliseEmail(email), ip, success: true, createdAt: { gt: since } },
    orderBy: { createdAt: 'desc' },
  })
  // A successful sign-in starts the count again.
  const from = lastSuccess && lastSuccess.createdAt > since ? lastSuccess.createdAt : since
  const failures = await db.loginAttempt.findMany({
    where: {
      email: normaliseEmail(email),
      ip,
      success: false,
      createdAt: { gt: from },
      ...(beforeId ? { id: { lt: beforeId } } : {}),
    },
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

export const ACCOUNT_SLOWDOWN_AFTER = 20
export const ACCOUNT_MAX_DELAY_S = 30
export const KNOWN_ADDRESS_MS = 30 * 24 * 60 * 60 * 1000

/** The delay before the account's next attempt, in seconds, after `failures` recent ones. */
export const accountDelaySeconds = (failures: number) =>
  failures < ACCOUNT_SLOWDOWN_AFTER ? 0 : Math.min(ACCOUNT_MAX_DELAY_S, 2 ** (failures - ACCOUNT_SLOWDOWN_AFTER))

/**
 * Seconds until the account (every address together) takes another attempt, or 0. Counts the
 * failures recorded before `beforeId` within the window; concurrent attempts see each other.
 */
export async function accountRetryAfterSeconds(
  email: string,
  ip: string,
  now = Date.now(),
  beforeId?: number,
): Promise<number> {
  const normalised = normaliseEmail(email)
  const failures = await db.loginAttempt.findMany({
    where: {
      email: normalised,
      success: false,
      createdAt: { gt: new Date(now - LOGIN_WINDOW_MS) },
      ...(beforeId ? { id: { lt: beforeId } } : {}),
    },
    orderBy: { id: 'desc' },
    take: ACCOUNT_SLOWDOWN_AFTER + 8,
    select: { createdAt: true },
  })
  const delay = accountDelaySeconds(failures.length)
  if (!delay) return 0
  const knownAddress = await db.loginAttempt.findFirst({
    where: { email: normalised, ip, success: true, createdAt: { gt: new Date(now - KNOWN_ADDRESS_MS) } },
    select: { id: true },
  })
  if (knownAddress) return 0
  const wait = failures[0]!.createdAt.getTime() + delay * 1000 - now
  return wait > 0 ? Math.ceil(wait / 1000) : 0
}
