// What the security screen shows about two-factor sign-in for the current user.
import { db } from '@/lib/db/client'
import { remainingBackupCodes } from './mfa-backup-codes'

export async function getMfaStatus(userId: number, companyId: number) {
  const [user, company] = await Promise.all([
    db.user.findUniqueOrThrow({ where: { id: userId }, select: { mfaEnabled: true } }),
    db.company.findUniqueOrThrow({ where: { id: companyId }, select: { mfaRequired: true } }),
  ])
  return {
    enabled: user.mfaEnabled,
    requiredByCompany: company.mfaRequired,
    backupCodesLeft: user.mfaEnabled ? await remainingBackupCodes(userId) : 0,
  }
}
