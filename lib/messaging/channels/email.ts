// Email: rendered by render-email.ts with the company's default sender and reply-to, sent over
// SMTP (email-transport.ts): the company's own server when /settings/email has one, else
// SMTP_URL, else kept in the local outbox. Signed with DKIM when the sender's domain is one of
// the company's sending domains (/settings/account/domains). The company server's rate limit
// waits for its token (up to RATE_LIMIT_MAX_WAIT_MS), beyond that the send is deferred ('retry').
import { defaultSmtpUrl, ownedTarget, sendSmtp, type SmtpTarget } from '../email-transport'
import { renderEmail } from '../render-email'
import { prepareRender } from '../render-preparers'
import { getEmailConfig, type EmailConfig } from '../email-settings/email-config'
import { primeEmailTracking } from '../tracking/decorate-email'
import type { DeliverChannel } from './types'
import { renderFailureOutcome } from '../render-failure'
import { extraRenderContext } from '../render-context-consumers'

/** Where the company's mail goes: its own SMTP server, the server default, or null (outbox). */
export function smtpTargetFor(companyId: number, config: EmailConfig): SmtpTarget | null {
  if (config.smtp) return ownedTarget('company:' + companyId, config.smtp)
  return defaultSmtpUrl()
}

/** The sender's address inside a From header value ("Name" <a@b> or a@b). */
const addressOf = (from: string) => (/<([^>]+)>\s*$/.exec(from)?.[1] ?? from).trim()

export const deliverEmail: DeliverChannel = async (s, now) => {
  // primeEmailTracking: the tracking switches and UTM settings that renderEmail's decorateEmailHtml reads from its cache.
  const [config] = await Promise.all([getEmailConfig(s.companyId), primeEmailTracking(s.companyId)])
  // the catalog, coupon and web-feed tags' data (registered preparers: lib/catalog/catalog-prerender.ts);
  // a coupon with no code left skips the Send
  let pre
  try {
    pre = await prepareRender({
      companyId: s.companyId,
      sources: [s.content.subject, s.content.html, s.content.text],
      context: s.context,
      assignKey: s.sourceType === 'preview' ? null : s.id,
      profileId: s.profile.id,
      now,
    })
  } catch (e) {
    return { kind: 'retry', error: e instanceof Error ? e.message : String(e) }
  }
  if (!pre.ok) return { kind: 'skipped', reason: pre.reason, error: pre.error }
  // variables other domains supply for this recipient (render-context-consumers.ts)
  const extra = await extraRenderContext([s.content.subject, s.content.html, s.content.text], {
    companyId: s.companyId,
    profileId: s.profile.id,
    sendId: s.sourceType === 'preview' ? null : s.id,
    context: s.context,
    now,
  })
  const added = { ...pre.context, ...extra }
  let mail
  try {
    mail = renderEmail(Object.keys(added).length ? { ...s, context: { ...s.context, ...added } } : s, now, config)
  } catch (e) {
    return renderFailureOutcome(e)
  }
  const target = smtpTargetFor(s.companyId, config)
  if (!target) return { kind: 'outbox', mail }
  const domain = addressOf(mail.from).split('@')[1]?.toLowerCase()
  const dkim = domain ? (config.dkim.get(domain) ?? null) : null
  const r = await sendSmtp(target, mail, { dkim })
  const provider = typeof target === 'string' ? 'smtp' : 'smtp:company'
  if (r.kind === 'sent')
    return {
      kind: 'sent',
      provider,
      providerMessageId: r.providerMessageId,
      messageId: mail.messageId,
      subject: mail.subject,
    }
  if (r.kind === 'failed') return { kind: 'failed', reason: 'provider_refused', error: r.error }
  return r
}
