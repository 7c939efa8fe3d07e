// Renders a claimed email Send for its profile (lib/templates): subject, HTML and text, with
// the profile as `person` (and its fields at the top level, as the vendor's templates use
// them) and the send's own context (e.g. `event`), plus the headers of the pipeline:
// Message-ID, List-Unsubscribe (https and mailto) with RFC 8058 one-click, and X-Send-Id.
import { prepareScope, renderTemplate } from '@/lib/templates/render-template'
import { htmlToPlainText } from '@/lib/templates/html-to-plain-text'
import { textTemplateOf } from '@/lib/templates/text-part-template'
import type { RenderTemplateOptions } from '@/lib/templates/template-types'
import type { ClaimedSend } from './claim-sends'
import { parseProps } from '@/lib/profiles/profile-store'
import { defaultFrom, type SmtpMessage } from './email-transport'
import { templateLink, unsubscribeMailto, unsubscribeUrl } from './unsubscribe-link'
import { decorateEmailHtml } from './tracking/decorate-email'
import { withAbsoluteUrls, withPreheader } from './finish-email-html'
import { pickTranslation } from '@/lib/templates/translations/send-translations'

/** What the SMTP transport sends, also what the outbox keeps. */
export type RenderedEmail = SmtpMessage

function personOf(s: ClaimedSend): Record<string, unknown> {
  const p = s.profile
  return {
    ...parseProps(p.properties),
    id: p.id,
    email: p.email,
    phone_number: p.phoneNumber,
    external_id: p.externalId,
    first_name: p.firstName,
    last_name: p.lastName,
    organization: p.organization,
    title: p.title,
    city: p.city,
    region: p.region,
    country: p.country,
    zip: p.zip,
  }
}

/** The company's defaults (EmailSettings) for a message that names no sender or reply-to. */
export interface SenderDefaults {
  fromEmail?: string | null
  fromName?: string | null
  replyTo?: string | null
}

/** A preview goes to the address typed in the editor ($preview_to), a flow's internal alert to its staff address ($alert_to); every other Send to its profile. */
function recipientAddress(s: ClaimedSend): string {
  const to = s.sourceType === 'preview' ? s.context.$preview_to : s.sourceType === 'alert' ? s.context.$alert_to : null
  return typeof to === 'string' && to ? to : (s.profile.email ?? '')
}

/** The content in the recipient's language when the template has a ready translation for it; the AMP part has none, so it is left out. */
function withTranslation(c: ClaimedSend['content'], locale: string | null | undefined): ClaimedSend['content'] {
  const t = pickTranslation(c.translations, locale)
  if (!t) return c
  const { amp: _amp, ...rest } = c
  void _amp
  return {
    ...rest,
    subject: t.subject ?? c.subject,
    previewText: t.previewText ?? c.previewText,
    html: t.html,
    text: t.text,
  }
}

/** Throws TemplateRenderError / TemplateSyntaxError when the template cannot be rendered. */
export function renderEmail(s: ClaimedSend, now: Date, defaults: SenderDefaults = {}): RenderedEmail {
  const c = withTranslation(s.content, s.profile.locale)
  // The message's own sender wins as a whole (its name belongs to its address); then the company's, then MAIL_FROM.
  const own = c.fromEmail?.trim()
  const fromEmail = own || defaults.fromEmail?.trim() || defaultFrom()
  const fromName = own ? c.fromName : c.fromName || defaults.fromName
  const from = fromName ? `"${fromName.replace(/["\\\r\n]/g, '')}" <${fromEmail}>` : fromEmail
  const person = personOf(s)
  const context = { ...person, person, ...s.context }
  const co = s.company
  const options: RenderTemplateOptions = {
    timeZone: s.profile.timezone || co.timezone,
    locale: s.profile.locale || undefined,
    currency: co.currency,
    now,
    organization: {
      name: co.name,
      url: co.websiteUrl,
      address1: co.addressLine1,
      address2: co.addressLine2,
      city: co.city,
      region: co.addressRegion,
      postalCode: co.postalCode,
      country: co.country,
    },
    links: (kind) => templateLink(s, kind),
  }
  // The recipient's template data once for the subject, the HTML and the text.
  const scope = prepareScope(context, options)
  const subject = renderTemplate(c.subject ?? '', context, { ...options, mode: 'text' }, scope)
    .replace(/[\r\n]+/g, ' ')
    .trim()
  const preview = c.previewText ? renderTemplate(c.previewText, context, { ...options, mode: 'text' }, scope) : ''
  const html = c.html
    ? decorateEmailHtml(
        s,
        withAbsoluteUrls(withPreheader(renderTemplate(c.html, context, { ...options, mode: 'html' }, scope), preview)),
        now,
      )
    : undefined
  // Without a text part of its own, the text comes from the HTML template converted once (links untracked, as plain text shows them).
  const derived = !c.text && c.html ? textTemplateOf(c.html) : null
  const text = c.text
    ? renderTemplate(c.text, context, { ...options, mode: 'text' }, scope)
    : derived
      ? renderTemplate(derived, context, { ...options, mode: 'text' }, scope).trim()
      : html
        ? htmlToPlainText(html)
        : ''
  // The AMP part only beside an HTML part: a client without AMP needs the HTML fallback.
  const amp = c.amp && html ? renderTemplate(c.amp, context, { ...options, mode: 'html' }, scope) : undefined
  const domain = fromEmail.split('@')[1] || 'localhost'
  const headers: Record<string, string> = { 'X-Send-Id': s.id }
  if (!s.transactional) {
    headers['List-Unsubscribe'] = `<${unsubscribeUrl(s.id)}>, <${unsubscribeMailto(s.id, fromEmail)}>`
    headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click'
  }
  return {
    from,
    to: recipientAddress(s),
    replyTo: c.replyTo || defaults.replyTo || undefined,
    subject,
    html,
    ...(amp ? { amp } : {}),
    text,
    messageId: `<${s.id.toLowerCase()}@${domain}>`,
    headers,
  }
}
