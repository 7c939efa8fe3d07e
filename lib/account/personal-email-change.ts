// Changing my email: a link to /email-change-confirmation/{token} goes to the new address;
// it works once, within 24 hours, and only while the address is still free. Only the token's
// SHA-256 is stored. Whether an address is registered is never answered here (see below).
import { createHash, randomBytes } from 'node:crypto'
import { z } from 'zod'
import { db } from '@/lib/db/client'
import { AppError } from '@/lib/errors/app-error'
import { appLink } from '@/lib/config/app-url'
import { verifyPassword } from '@/lib/auth/password'
import { normaliseEmail } from '@/lib/auth/login-rate-limit'
import { sendAccountMail } from '@/lib/auth/auth-mail'
import { emailField } from './invite-user'

export const EMAIL_CHANGE_TTL_MS = 24 * 60 * 60 * 1000
export const EMAIL_TAKEN = 'This email address is already used by another user.'
export const SAME_EMAIL = 'This is already your email address.'
export const INVALID_EMAIL_LINK = 'This email change link is invalid, has expired or has already been used.'
const WRONG_PASSWORD = 'Your password is incorrect.'

const hashToken = (t: string) => createHash('sha256').update(t).digest('hex')

export const requestEmailChangeBody = z.object({
  email: emailField,
  password: z.string().min(1, 'Enter your password.').max(200),
})

export async function requestEmailChange(
  userId: number,
  input: z.infer<typeof requestEmailChangeBody>,
  now = Date.now(),
) {
  const email = normaliseEmail(input.email)
  const user = await db.user.findUniqueOrThrow({
    where: { id: userId },
    select: { email: true, passwordHash: true, locale: true, firstName: true },
  })
  if (!(await verifyPassword(input.password, user.passwordHash)))
    throw new AppError('invalid', 400, WRONG_PASSWORD, { password: [WRONG_PASSWORD] })
  if (email === user.email) throw new AppError('invalid', 400, SAME_EMAIL, { email: [SAME_EMAIL] })
  // A taken address gets the same answer as a free one (registration does the same): only its
  // owner learns, by mail, that someone tried it (issue 29, finding 13).
  const taken = await db.user.findUnique({ where: { email }, select: { locale: true, firstName: true } })
  const token = randomBytes(32).toString('base64url')
  await db.$transaction([
    // A newer request replaces older ones: only the last link works.
    db.emailChangeRequest.updateMany({ where: { userId, usedAt: null }, data: { usedAt: new Date(now) } }),
    db.emailChangeRequest.create({
      data: { userId, newEmail: email, tokenHash: hashToken(token), expiresAt: new Date(now + EMAIL_CHANGE_TTL_MS) },
    }),
  ])
  if (taken) {
    // The request row is written as for a free address, so nothing later tells them apart; its
    // link is never sent, and confirming would refuse the taken address anyway.
    await sendAccountMail(email, taken.locale, ['personal', 'emailChangeTakenMail'], {
      name: taken.firstName || email,
      loginLink: appLink('/login'),
      resetLink: appLink('/account/password-reset'),
    })
  } else {
    await sendAccountMail(email, user.locale, ['personal', 'emailChangeMail'], {
      name: user.firstName || email,
      link: appLink(`/email-change-confirmation?token=${token}`),
    })
  }
  return { pendingEmail: email }
}

export async function confirmEmailChange(token: string, now = Date.now()) {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) throw new AppError('invalid_token', 400, INVALID_EMAIL_LINK)
  const row = await db.emailChangeRequest.findUnique({ where: { tokenHash: hashToken(token) } })
  if (!row || row.usedAt || row.expiresAt.getTime() <= now) throw new AppError('invalid_token', 400, INVALID_EMAIL_LINK)
  return db.$transaction(async (tx) => {
    const claimed = await tx.emailChangeRequest.updateMany({
      where: { id: row.id, usedAt: null },
      data: { usedAt: new Date(now) },
    })
    if (claimed.count !== 1) throw new AppError('invalid_token', 400, INVALID_EMAIL_LINK)
    if (await tx.user.findUnique({ where: { email: row.newEmail }, select: { id: true } }))
      throw new AppError('invalid', 400, EMAIL_TAKEN)
    // The link reached the new address, so it is confirmed too.
    await tx.user.update({ where: { id: row.userId }, data: { email: row.newEmail, emailConfirmed: true } })
    return { email: row.newEmail }
  })
}
