// The account mails (password reset, sign-up confirmation, sign-up with a taken address):
// subject and body from the messages of the user's locale, placeholders filled in.
import { getMailer } from '@/lib/mail/mailer'
import { accountMailKindOf } from '@/lib/mail/account-mail-kind'
import { loadMessages } from '@/lib/i18n/load-messages'
import { resolveLocale } from '@/lib/i18n/locales'

type Tree = { [k: string]: string | Tree }

function fill(template: string, vars: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (m, k: string) => vars[k] ?? m)
}

/** `template` is the messages path of an object with `subject` and `body`. */
export async function sendAccountMail(
  to: string,
  locale: string | null,
  template: readonly string[],
  vars: Record<string, string>,
  opts: { companyId?: number | null } = {},
): Promise<void> {
  const messages = (await loadMessages(resolveLocale(locale))) as Tree
  const mail = template.reduce<Tree>((t, k) => t[k] as Tree, messages) as Record<string, string>
  await getMailer().send({
    to,
    subject: fill(mail['subject']!, vars),
    text: fill(mail['body']!, vars),
    kind: accountMailKindOf(template),
    companyId: opts.companyId,
  })
}
