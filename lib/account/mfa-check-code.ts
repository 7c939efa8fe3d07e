// Checks a TOTP code of a user with MFA on (or of a secret being set up): lockout first, then
// the code, then the step is stored so the same code never works twice.
import { db } from '@/lib/db/client'
import { AppError } from '@/lib/errors/app-error'
import { decryptMfaSecret } from './mfa-crypto'
import { assertMfaNotLocked, clearMfaFailures, recordMfaFailure } from './mfa-lockout'
import { matchTotp } from './mfa-totp'

export const WRONG_CODE = 'That code is not valid. Enter the current 6-digit code from your authenticator app.'

export async function checkMfaCode(
  userId: number,
  code: string,
  which: 'active' | 'pending',
  now = Date.now(),
): Promise<void> {
  await assertMfaNotLocked(userId, now)
  const user = await db.user.findUnique({
    where: { id: userId },
    select: { mfaSecret: true, mfaPendingSecret: true, mfaLastStep: true },
  })
  const secret = decryptMfaSecret(which === 'active' ? user?.mfaSecret : user?.mfaPendingSecret)
  if (!user || !secret) throw new AppError('mfa_not_configured', 400, 'Two-factor sign-in is not set up for this user.')
  const step = matchTotp(secret, code.replace(/\s/g, ''), user.mfaLastStep, now)
  // The step is claimed in one conditional write: of two concurrent uses of a code only one wins.
  const claimed =
    step === null
      ? 0
      : (
          await db.user.updateMany({
            where: { id: userId, OR: [{ mfaLastStep: null }, { mfaLastStep: { lt: step } }] },
            data: { mfaLastStep: step },
          })
        ).count
  if (!claimed) {
    await recordMfaFailure(userId, now)
    throw new AppError('invalid', 400, WRONG_CODE, { code: [WRONG_CODE] })
  }
  await clearMfaFailures(userId)
}
