// change-password (old_password, new_password1, new_password2): the old password proves it is
// the user; every other session of the user ends, this one stays.
import { z } from 'zod'
import { db } from '@/lib/db/client'
import { AppError } from '@/lib/errors/app-error'
import { hashPassword, PASSWORD_MIN_LENGTH, verifyPassword } from '@/lib/auth/password'

export const WRONG_OLD_PASSWORD = 'Your current password is incorrect.'
export const PASSWORDS_DIFFER = 'The two new passwords do not match.'

export const changePasswordBody = z
  .object({
    oldPassword: z.string().min(1, 'Enter your current password.').max(200),
    newPassword1: z
      .string()
      .min(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters.`)
      .max(200, 'Use at most 200 characters.'),
    newPassword2: z.string().max(200),
  })
  .refine((b) => b.newPassword1 === b.newPassword2, { path: ['newPassword2'], message: PASSWORDS_DIFFER })

export async function changePassword(
  userId: number,
  currentSessionId: string,
  input: z.infer<typeof changePasswordBody>,
) {
  const user = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { passwordHash: true } })
  if (!(await verifyPassword(input.oldPassword, user.passwordHash))) {
    throw new AppError('invalid', 400, WRONG_OLD_PASSWORD, { oldPassword: [WRONG_OLD_PASSWORD] })
  }
  const passwordHash = await hashPassword(input.newPassword1)
  const now = new Date()
  const [, ended] = await db.$transaction([
    db.user.update({ where: { id: userId }, data: { passwordHash } }),
    db.session.updateMany({
      where: { userId, id: { not: currentSessionId }, revokedAt: null },
      data: { revokedAt: now },
    }),
    db.passwordResetToken.updateMany({ where: { userId, usedAt: null }, data: { usedAt: now } }),
  ])
  return { ok: true, otherSessionsEnded: ended.count }
}
