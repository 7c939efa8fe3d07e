// What an account mail is (invitation, password reset, address confirmation …), kept with its
// copy in OutboxMail (as the header X-Account-Mail) so the sent-messages viewer can name it.
export const ACCOUNT_MAIL_KINDS = [
  'invitation',
  'password_reset',
  'email_confirmation',
  'account_exists',
  'email_change',
  'security_notice',
  'report',
  'alert',
  'account',
] as const
export type AccountMailKind = (typeof ACCOUNT_MAIL_KINDS)[number]

export const ACCOUNT_MAIL_KIND_HEADER = 'X-Account-Mail'

/** The message-file path of an account mail (auth-mail.ts) → its kind. */
export function accountMailKindOf(template: readonly string[]): AccountMailKind {
  const [area, name = ''] = template
  if (area === 'passwordReset') return 'password_reset'
  if (area === 'register') return name === 'existingMail' ? 'account_exists' : 'email_confirmation'
  if (area === 'personal') return name.startsWith('emailChange') ? 'email_change' : 'account'
  if (area === 'mfaMail') return 'security_notice'
  return 'account'
}

/**
 * Mails whose body is a link into one person's login: the account's other members may see that
 * it was sent, never its content.
 */
export function hasPrivateBody(kind: string | null | undefined): boolean {
  return kind === 'password_reset' || kind === 'email_confirmation' || kind === 'email_change'
}

export function parseAccountMailKind(headers: string | null): AccountMailKind {
  try {
    const v = (JSON.parse(headers ?? '{}') as Record<string, unknown>)[ACCOUNT_MAIL_KIND_HEADER]
    return ACCOUNT_MAIL_KINDS.includes(v as AccountMailKind) ? (v as AccountMailKind) : 'account'
  } catch {
    return 'account'
  }
}
