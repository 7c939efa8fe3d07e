// Email: rendered by render-email.ts, sent over SMTP (email-transport.ts), or kept in the local
// outbox when no SMTP server is configured.
import { defaultSmtpUrl, sendSmtp } from '../email-transport'
import { renderEmail } from '../render-email'
import type { DeliverChannel } from './types'

export const deliverEmail: DeliverChannel = async (s, now) => {
  let mail
  try {
    mail = renderEmail(s, now)
  } catch (e) {
    return { kind: 'failed', reason: 'render_error', error: e instanceof Error ? e.message : String(e) }
  }
  const url = defaultSmtpUrl()
  if (!url) return { kind: 'outbox', mail }
  const r = await sendSmtp(url, mail)
  if (r.kind === 'sent') return { kind: 'sent', provider: 'smtp', providerMessageId: r.providerMessageId, messageId: mail.messageId, subject: mail.subject }
  if (r.kind === 'failed') return { kind: 'failed', reason: 'provider_refused', error: r.error }
  return r
}
