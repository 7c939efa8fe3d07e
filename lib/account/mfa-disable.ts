// Turning two-factor sign-in off needs the password again. A user of a company that requires
// it cannot turn it off. The change is audited and mailed to the user.
import { db } from '@/lib/db/client'
import { AppError } from '@/lib/errors/app-error'
import { verifyPassword } from '@/lib/auth/password'
import { auditMfaChange, mailMfaChange } from './mfa-change-notice'

export const MFA_REQUIRED_BY_COMPANY = 'Your account requires two-factor sign-in, so it cannot be turned off.'
export const WRONG_PASSWORD = 'The password is incorrect.'

export async function disableMfa(
  userId: number,
  companyId: number,
  password: string,
  ip: string | null = null,
): Promise<void> {
  const [user, company] = await Promise.all([
    db.user.findUniqueOrThrow({ where: { id: userId }, select: { passwordHash: true } }),
    db.company.findUniqueOrThrow({ where: { id: companyId }, select: { mfaRequired: true } }),
  ])
  if (company.mfaRequired) throw new AppError('mfa_required', 400, MFA_REQUIRED_BY_COMPANY)
  if (!(await verifyPassword(password, user.passwordHash)))
    throw new AppError('invalid', 400, WRONG_PASSWORD, { password: [WRONG_PASSWORD] })
  await db.$transaction(async (tx) => {
    await tx.user.update({
      where: { id: userId },
      data: { mfaEnabled: false, mfaSecret: null, mfaPendingSecret: null },
    })
    await tx.mfaBackupCode.deleteMany({ where: { userId } })
    await auditMfaChange(tx, companyId, userId, 'disabled', ip)
  })
  await mailMfaChange(userId, 'disabled')
}
