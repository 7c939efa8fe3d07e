// Turning two-factor sign-in on: a new secret is kept encrypted as pending and shown once (QR
// code drawn here, nothing fetched from elsewhere); the first valid code makes it the active
// secret and returns 10 backup codes.
import QRCode from 'qrcode'
import { db } from '@/lib/db/client'
import { decryptMfaSecret, encryptMfaSecret } from './mfa-crypto'
import { checkMfaCode } from './mfa-check-code'
import { replaceBackupCodes } from './mfa-backup-codes'
import { auditMfaChange, type MfaChange } from './mfa-change-notice'
import { newTotpSecret, totpUri } from './mfa-totp'

export interface MfaSetup {
  secret: string
  otpauthUrl: string
  /** An SVG data: URL of the QR code. */
  qrCode: string
}

export async function startMfaSetup(user: { id: number; email: string }): Promise<MfaSetup> {
  const secret = newTotpSecret()
  await db.user.update({ where: { id: user.id }, data: { mfaPendingSecret: encryptMfaSecret(secret) } })
  const otpauthUrl = totpUri(secret, user.email)
  const svg = await QRCode.toString(otpauthUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 })
  return { secret, otpauthUrl, qrCode: 'data:image/svg+xml;base64,' + Buffer.from(svg).toString('base64') }
}

/**
 * Confirms the pending secret with a code; returns the backup codes (shown once) and whether it
 * replaced an authenticator that was already on. The change is audited in the same write.
 */
export async function confirmMfaSetup(
  userId: number,
  code: string,
  audit: { companyId: number; ip: string | null },
  now = Date.now(),
): Promise<{ backupCodes: string[]; change: MfaChange }> {
  await checkMfaCode(userId, code, 'pending', now)
  return db.$transaction(async (tx) => {
    const user = await tx.user.findUniqueOrThrow({
      where: { id: userId },
      select: { mfaPendingSecret: true, mfaEnabled: true },
    })
    // Re-sealed so the active secret never shares its IV with the pending copy.
    const secret = decryptMfaSecret(user.mfaPendingSecret)!
    await tx.user.update({
      where: { id: userId },
      data: { mfaEnabled: true, mfaSecret: encryptMfaSecret(secret), mfaPendingSecret: null },
    })
    const change: MfaChange = user.mfaEnabled ? 'replaced' : 'enabled'
    await auditMfaChange(tx, audit.companyId, userId, change, audit.ip)
    return { backupCodes: await replaceBackupCodes(tx, userId), change }
  })
}
