// /login-mfa and /login-mfa-backup: a code from the authenticator app, or one backup code.
import { AppError } from '@/lib/errors/app-error'
import type { PendingMfaSession } from '@/lib/auth/principal'
import { checkMfaCode } from './mfa-check-code'
import { spendBackupCode } from './mfa-backup-codes'
import { assertMfaNotLocked, clearMfaFailures, recordMfaFailure } from './mfa-lockout'
import { completeMfaSignIn } from './mfa-complete-sign-in'

export const WRONG_BACKUP_CODE = 'That backup code is not valid or has already been used.'

export async function verifyMfaSignIn(pending: PendingMfaSession, code: string, now = Date.now()) {
  await checkMfaCode(pending.userId, code, 'active', now)
  return completeMfaSignIn(pending)
}

export async function verifyBackupSignIn(pending: PendingMfaSession, code: string, now = Date.now()) {
  await assertMfaNotLocked(pending.userId, now)
  if (!(await spendBackupCode(pending.userId, code))) {
    await recordMfaFailure(pending.userId, now)
    throw new AppError('invalid', 400, WRONG_BACKUP_CODE, { code: [WRONG_BACKUP_CODE] })
  }
  await clearMfaFailures(pending.userId)
  return completeMfaSignIn(pending)
}
