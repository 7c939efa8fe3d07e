// Completes a reset: new password, the token spent, every session of the user ended.
import { db } from '@/lib/db/client'
import { AppError } from '@/lib/errors/app-error'
import { hashPassword } from './password'
import { findValidResetToken } from './reset-token'

export const INVALID_TOKEN = 'This password reset link is invalid or has expired.'

export async function resetPassword(input: { uid: string; token: string; password: string }): Promise<void> {
  const row = await findValidResetToken(input.uid, input.token)
  if (!row) throw new AppError('invalid_token', 400, INVALID_TOKEN)
  const passwordHash = await hashPassword(input.password)
  const now = new Date()
  await db.$transaction(async (tx) => {
    // Claim the token first: of two concurrent submits only one finds it unused.
    const claimed = await tx.passwordResetToken.updateMany({
      where: { id: row.id, usedAt: null },
      data: { usedAt: now },
    })
    if (claimed.count !== 1) throw new AppError('invalid_token', 400, INVALID_TOKEN)
    await tx.passwordResetToken.updateMany({ where: { userId: row.userId, usedAt: null }, data: { usedAt: now } })
    await tx.user.update({ where: { id: row.userId }, data: { passwordHash } })
    await tx.session.updateMany({ where: { userId: row.userId, revokedAt: null }, data: { revokedAt: now } })
  })
}
