// Password-reset tokens: 32 random bytes for the link, only their sha256 stored, 1 hour life.
// The link names the user by uid = base64url(user id), as in /account/reset/{uid}/{token}.
import { createHash, randomBytes } from 'node:crypto'
import { db } from '@/lib/db/client'

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000

export const hashResetToken = (token: string) => createHash('sha256').update(token).digest('hex')
export const newResetToken = () => randomBytes(32).toString('base64url')

export const encodeUid = (userId: number) => Buffer.from(String(userId)).toString('base64url')

export function decodeUid(uid: string): number | null {
  if (!/^[A-Za-z0-9_-]{1,20}$/.test(uid)) return null
  const text = Buffer.from(uid, 'base64url').toString('utf8')
  return /^[1-9]\d{0,15}$/.test(text) ? Number(text) : null
}

/** The unused, unexpired token row that matches the link, or null. */
export async function findValidResetToken(uid: string, token: string, now = new Date()) {
  const userId = decodeUid(uid)
  if (!userId || !token || token.length > 200) return null
  const row = await db.passwordResetToken.findUnique({ where: { tokenHash: hashResetToken(token) } })
  if (!row || row.userId !== userId || row.usedAt || row.expiresAt <= now) return null
  return row
}
