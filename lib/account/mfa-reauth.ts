// Setting two-factor sign-in up again replaces the authenticator secret and every backup code,
// so a signed-in session alone is not enough: the user proves it is them with the password or
// a current code of the authenticator being replaced (issue 29, finding 7). The password tried
// here counts against the sign-in limits, so a stolen session cannot guess it either.
import { z } from 'zod'
import { db } from '@/lib/db/client'
import { AppError } from '@/lib/errors/app-error'
import { verifyPassword } from '@/lib/auth/password'
import { beginPasswordAttempt, passwordAttemptSucceeded } from '@/lib/auth/password-attempt'
import { checkMfaCode } from './mfa-check-code'

export const REAUTH_REQUIRED = 'Enter your password to set up two-factor sign-in again.'
export const REAUTH_WRONG_PASSWORD = 'The password is incorrect.'

export const mfaReauthBody = z
  .object({
    password: z.string().max(200).optional(),
    code: z.string().trim().max(20).optional(),
  })
  .default({})

/** Throws unless a user who already has two-factor sign-in on proves who they are. */
export async function assertMfaReauth(userId: number, proof: z.infer<typeof mfaReauthBody>, ip: string): Promise<void> {
  const user = await db.user.findUniqueOrThrow({
    where: { id: userId },
    select: { email: true, passwordHash: true, mfaEnabled: true },
  })
  if (!user.mfaEnabled) return
  if (proof.code) return checkMfaCode(userId, proof.code, 'active')
  if (!proof.password) throw new AppError('reauth_required', 400, REAUTH_REQUIRED, { password: [REAUTH_REQUIRED] })
  const attemptId = await beginPasswordAttempt(user.email, ip)
  if (!(await verifyPassword(proof.password, user.passwordHash))) {
    throw new AppError('invalid', 400, REAUTH_WRONG_PASSWORD, { password: [REAUTH_WRONG_PASSWORD] })
  }
  await passwordAttemptSucceeded(attemptId)
}
