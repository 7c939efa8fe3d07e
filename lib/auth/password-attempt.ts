// Every place that checks a login's password (the sign-in screen, an invitation accepted while
// signed out) counts against the same sign-in limits (login-rate-limit.ts): a second door with
// no limit would make the first one's pointless (issue 29, finding 15).
import { AppError } from '@/lib/errors/app-error'
import {
  accountRetryAfterSeconds,
  forgetLoginAttempt,
  loginRetryAfterSeconds,
  markLoginAttemptSucceeded,
  normaliseEmail,
  recordLoginAttempt,
} from './login-rate-limit'

export const TOO_MANY_ATTEMPTS = 'Too many failed sign-in attempts. Please wait a few minutes and try again.'
export const ACCOUNT_SLOWED =
  'This account is getting many failed sign-in attempts, so sign-in to it is slowed down for a while. Please wait a few seconds and try again.'

/**
 * Records an attempt as a failure before anything is checked, counted against the attempts
 * before it (40 concurrent guesses get 10 checks, not 40), and throws 429 when the caller is
 * limited. Returns the attempt's id, for passwordAttemptSucceeded.
 */
export async function beginPasswordAttempt(email: string, ip: string): Promise<number> {
  const normalised = normaliseEmail(email)
  const attemptId = await recordLoginAttempt(normalised, ip, false)
  const retryAfter = await loginRetryAfterSeconds(normalised, ip, Date.now(), attemptId)
  if (retryAfter > 0) {
    await forgetLoginAttempt(attemptId)
    throw new AppError('too_many_attempts', 429, TOO_MANY_ATTEMPTS, undefined, { 'Retry-After': String(retryAfter) })
  }
  const accountWait = await accountRetryAfterSeconds(normalised, ip, Date.now(), attemptId)
  if (accountWait > 0) {
    await forgetLoginAttempt(attemptId)
    throw new AppError('account_slowed', 429, ACCOUNT_SLOWED, undefined, { 'Retry-After': String(accountWait) })
  }
  return attemptId
}

export const passwordAttemptSucceeded = markLoginAttemptSucceeded
