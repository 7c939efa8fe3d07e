// /email-confirmation: a new user who has not confirmed the address yet can have the sign-up
// confirmation mail (lib/auth/email-confirmation.ts, the same link) sent again.
import { db } from '@/lib/db/client'
import { AppError } from '@/lib/errors/app-error'
import { emailConfirmationLink } from '@/lib/auth/email-confirmation'
import { sendAccountMail } from '@/lib/auth/auth-mail'

export async function resendEmailConfirmation(userId: number) {
  const user = await db.user.findUniqueOrThrow({
    where: { id: userId },
    select: { id: true, email: true, firstName: true, locale: true, emailConfirmed: true },
  })
  if (user.emailConfirmed) throw new AppError('already_confirmed', 400, 'Your email address is already confirmed.')
  await sendAccountMail(user.email, user.locale, ['register', 'confirmMail'], {
    name: user.firstName || user.email,
    link: emailConfirmationLink(user),
  })
  return { sent: true, email: user.email }
}
