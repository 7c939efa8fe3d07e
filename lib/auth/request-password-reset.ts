// "Forgot password". The request does the same work whatever the email: count it against the
// limits (per address and per target email) and queue one job. The lookup, the one-hour token
// and the mail happen in the worker (sendPasswordResetMail), so neither the answer nor its
// time tells a known email from an unknown one.
import { db } from '@/lib/db/client'
import { appLink } from '@/lib/config/app-url'
import { enforceRequestLimits, type RequestLimit } from '@/lib/rate-limit/request-limit'
import { enqueue } from '@/lib/jobs/queue'
import { sendAccountMail } from './auth-mail'
import { normaliseEmail } from './login-rate-limit'
import { encodeUid, hashResetToken, newResetToken, RESET_TOKEN_TTL_MS } from './reset-token'

export const PASSWORD_RESET_JOB = 'auth.password-reset-mail'

const TOO_MANY = 'Too many password reset requests. Please wait a few minutes and try again.'
export const PASSWORD_RESET_LIMITS = {
  ip: { bucket: 'password-reset:ip', max: 10, windowMs: 15 * 60 * 1000, message: TOO_MANY },
  email: { bucket: 'password-reset:email', max: 3, windowMs: 15 * 60 * 1000, message: TOO_MANY },
} satisfies Record<string, RequestLimit>

export async function requestPasswordReset(emailInput: string, ip: string): Promise<void> {
  const email = normaliseEmail(emailInput)
  await enforceRequestLimits([
    [PASSWORD_RESET_LIMITS.ip, ip],
    [PASSWORD_RESET_LIMITS.email, email],
  ])
  await enqueue(PASSWORD_RESET_JOB, { email }, { maxAttempts: 3 })
}

/** The job: for a real user, a one-hour token and the mail with the link; nothing otherwise. */
export async function sendPasswordResetMail(emailInput: string): Promise<void> {
  const user = await db.user.findUnique({ where: { email: normaliseEmail(emailInput) } })
  if (!user) return
  const token = newResetToken()
  await db.passwordResetToken.create({
    data: { userId: user.id, tokenHash: hashResetToken(token), expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS) },
  })
  const link = appLink(`/account/reset/${encodeUid(user.id)}/${token}`)
  await sendAccountMail(user.email, user.locale, ['passwordReset', 'email'], {
    link,
    name: user.firstName || user.email,
  })
}
