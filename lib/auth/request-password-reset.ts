// "Forgot password": for a real user, a one-hour token and an email with the reset link.
// Unknown emails get the same answer from the handler, so accounts cannot be enumerated.
import { db } from '@/lib/db/client'
import { getMailer } from '@/lib/mail/mailer'
import { appUrl } from '@/lib/http/app-url'
import { loadMessages } from '@/lib/i18n/load-messages'
import { resolveLocale } from '@/lib/i18n/locales'
import { normaliseEmail } from './login-rate-limit'
import { encodeUid, hashResetToken, newResetToken, RESET_TOKEN_TTL_MS } from './reset-token'

type Tree = { [k: string]: string | Tree }

function fill(template: string, vars: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (m, k: string) => vars[k] ?? m)
}

export async function requestPasswordReset(emailInput: string): Promise<void> {
  const user = await db.user.findUnique({ where: { email: normaliseEmail(emailInput) } })
  if (!user) return
  const token = newResetToken()
  await db.passwordResetToken.create({
    data: { userId: user.id, tokenHash: hashResetToken(token), expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS) },
  })
  const link = `${appUrl()}/account/reset/${encodeUid(user.id)}/${token}`
  const messages = (await loadMessages(resolveLocale(user.locale))) as Tree
  const email = (messages.passwordReset as Tree).email as Record<string, string>
  const vars = { link, name: user.firstName || user.email }
  await getMailer().send({ to: user.email, subject: email.subject!, text: fill(email.body!, vars) })
}
