// Sign-in with email and password: the rate limit, a constant-time answer for unknown
// emails, the company to start in (favourite membership, else the first) and a new session.
import { db } from '@/lib/db/client'
import { AppError } from '@/lib/errors/app-error'
import { createSession } from './session'
import { hashPassword, verifyPassword } from './password'
import { accountRetryAfterSeconds, forgetLoginAttempt, loginRetryAfterSeconds, markLoginAttemptSucceeded, normaliseEmail, recordLoginAttempt } from './login-rate-limit'

export const BAD_CREDENTIALS = 'The email or password you entered is incorrect.'
export const NO_MEMBERSHIP = 'Your user is not a member of any account. Ask an account owner to invite you.'
export const TOO_MANY_ATTEMPTS = 'Too many failed sign-in attempts. Please wait a few minutes and try again.'
export const ACCOUNT_SLOWED = 'This account is getting many failed sign-in attempts, so sign-in to it is slowed down for a while. Please wait a few seconds and try again.'

let dummyHash: Promise<string> | null = null
// Unknown emails still pay for one scrypt verify, so response time does not reveal accounts.
const getDummyHash = () => (dummyHash ??= hashPassword('not-a-real-password-' + Math.random()))

export interface LoginInput {
  email: string
  password: string
  ip: string
  userAgent?: string | null
}

export async function loginUser(input: LoginInput) {
  const email = normaliseEmail(input.email)
  // Recorded as a failure before anything is checked, and counted against the attempts before
  // it: 40 concurrent guesses get 10 checks, not 40.
  const attemptId = await recordLoginAttempt(email, input.ip, false)
  const retryAfter = await loginRetryAfterSeconds(email, input.ip, Date.now(), attemptId)
  if (retryAfter > 0) {
    await forgetLoginAttempt(attemptId)
    throw new AppError('too_many_attempts', 429, TOO_MANY_ATTEMPTS, undefined, { 'Retry-After': String(retryAfter) })
  }
  const accountWait = await accountRetryAfterSeconds(email, input.ip, Date.now(), attemptId)
  if (accountWait > 0) {
    await forgetLoginAttempt(attemptId)
    throw new AppError('account_slowed', 429, ACCOUNT_SLOWED, undefined, { 'Retry-After': String(accountWait) })
  }

  const user = await db.user.findUnique({ where: { email } })
  const ok = user ? await verifyPassword(input.password, user.passwordHash) : (await verifyPassword(input.password, await getDummyHash()), false)
  if (!user || !ok) throw new AppError('invalid_credentials', 401, BAD_CREDENTIALS)

  const membership = await db.membership.findFirst({
    where: { userId: user.id },
    orderBy: [{ isFavorite: 'desc' }, { id: 'asc' }],
  })
  if (!membership) throw new AppError('no_membership', 401, NO_MEMBERSHIP)

  await markLoginAttemptSucceeded(attemptId)
  await db.user.update({ where: { id: user.id }, data: { lastLoginAt: new Date(), lastLoginIp: input.ip } })
  // Two-factor sign-in: the password alone gives a half-authenticated session that can only
  // enter a code (/login-mfa) or, when the company requires it and the user has none, set it
  // up (/configure-mfa).
  const company = await db.company.findUnique({ where: { id: membership.companyId }, select: { mfaRequired: true } })
  const mfaPending = user.mfaEnabled ? 'verify' as const : company?.mfaRequired ? 'setup' as const : null
  const session = await createSession({ userId: user.id, companyId: membership.companyId, ip: input.ip, userAgent: input.userAgent, mfaPending })
  return { session, user, companyId: membership.companyId, mfaPending }
}
