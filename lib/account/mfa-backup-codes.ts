// Backup codes: 10 random codes (xxxxx-xxxxx), shown once, stored as SHA-256 hashes; each
// signs in once. Setting up two-factor sign-in again replaces them.
import { createHash, randomInt } from 'node:crypto'
import { db } from '@/lib/db/client'

export const BACKUP_CODE_COUNT = 10
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789'

export const normaliseBackupCode = (code: string) => code.trim().toLowerCase().replace(/[\s-]/g, '')
const hashCode = (code: string) =>
  createHash('sha256')
    .update('mfa-backup:' + normaliseBackupCode(code))
    .digest('hex')

function newCode(): string {
  let s = ''
  for (let i = 0; i < 10; i++) s += ALPHABET[randomInt(ALPHABET.length)]
  return `${s.slice(0, 5)}-${s.slice(5)}`
}

type Tx = Pick<typeof db, 'mfaBackupCode'>

/** Replaces the user's backup codes; returns the new ones in clear, to be shown once. */
export async function replaceBackupCodes(tx: Tx, userId: number): Promise<string[]> {
  const codes = Array.from({ length: BACKUP_CODE_COUNT }, newCode)
  await tx.mfaBackupCode.deleteMany({ where: { userId } })
  await tx.mfaBackupCode.createMany({ data: codes.map((c) => ({ userId, codeHash: hashCode(c) })) })
  return codes
}

/** Spends one unused code; false when it is unknown or already used. */
export async function spendBackupCode(userId: number, code: string): Promise<boolean> {
  if (!/^[a-z0-9]{10}$/.test(normaliseBackupCode(code))) return false
  const row = await db.mfaBackupCode.findFirst({
    where: { userId, codeHash: hashCode(code), usedAt: null },
    select: { id: true },
  })
  if (!row) return false
  // Of two concurrent uses of the same code only one claims it.
  const claimed = await db.mfaBackupCode.updateMany({
    where: { id: row.id, usedAt: null },
    data: { usedAt: new Date() },
  })
  return claimed.count === 1
}

export async function remainingBackupCodes(userId: number): Promise<number> {
  return db.mfaBackupCode.count({ where: { userId, usedAt: null } })
}
