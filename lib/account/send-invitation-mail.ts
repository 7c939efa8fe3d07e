// The invitation mail, through the transactional mailer (the outbox until SMTP is configured),
// in the invited person's language when they already have an account, else the account's.
import { db } from '@/lib/db/client'
import { getMailer } from '@/lib/mail/mailer'
import { loadMessages } from '@/lib/i18n/load-messages'
import { resolveLocale } from '@/lib/i18n/locales'
import { INVITATION_TTL_MS, invitationLink } from './invitation-token'

type Tree = { [k: string]: string | Tree }

function fill(template: string, vars: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (m, k: string) => vars[k] ?? m)
}

export async function sendInvitationMail(input: {
  invitationId: number
  token: string
  email: string
  role: string
  companyId: number
  inviterId: number | null
}): Promise<void> {
  const [company, inviter, existing] = await Promise.all([
    db.company.findUnique({
      where: { id: input.companyId },
      select: { name: true, localeLanguage: true, localeRegion: true },
    }),
    input.inviterId
      ? db.user.findUnique({ where: { id: input.inviterId }, select: { firstName: true, lastName: true, email: true } })
      : null,
    db.user.findUnique({ where: { email: input.email }, select: { locale: true } }),
  ])
  const locale = resolveLocale(
    existing?.locale ?? (company ? `${company.localeLanguage}-${company.localeRegion}` : null),
  )
  const messages = (await loadMessages(locale)) as Tree
  const mail = (messages.accountUsers as Tree).email as Record<string, string>
  const roles = (messages.accountUsers as Tree).roles as Record<string, string>
  const inviterName = inviter
    ? [inviter.firstName, inviter.lastName].filter(Boolean).join(' ') || inviter.email
    : (company?.name ?? '')
  const vars = {
    company: company?.name ?? '',
    inviter: inviterName,
    role: roles[input.role] ?? input.role,
    link: invitationLink(input.invitationId, input.token),
    days: String(Math.round(INVITATION_TTL_MS / 86_400_000)),
  }
  await getMailer().send({
    to: input.email,
    subject: fill(mail.subject!, vars),
    text: fill(mail.body!, vars),
    kind: 'invitation',
    companyId: input.companyId,
  })
}
