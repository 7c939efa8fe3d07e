// The recipient links of a Send: the List-Unsubscribe headers, {% unsubscribe %},
// {% manage_preferences %} and {% web_view %}. The token is the send id and an HMAC-SHA256 of
// it under a key derived from the session secret, so nobody can forge one for another send;
// the pages look the send up (lib/messaging/unsubscribe/resolve-token.ts) to learn the
// company and profile, so a token only ever reaches its own company's data.
// - https://…/unsubscribe?t=<token>: one-click POST (RFC 8058) and the confirm page (GET);
// - https://…/email/pages/manage_preferences?t=<token>: the preference page;
// - mailto:unsubscribe@<sending domain>?subject=unsubscribe <token>: handled by the inbound
//   endpoint (/webhooks/inbound/email) when the domain's mail is piped or forwarded there.
import { createHmac, timingSafeEqual } from 'node:crypto'
import { sessionSecret } from '@/lib/auth/secret'
import { appLink } from '@/lib/config/app-url'
import type { TemplateLinkKind } from '@/lib/templates/template-types'
import { webViewUrl } from './web-view-link'

const mac = (sendId: string) =>
  createHmac('sha256', sessionSecret())
    .update('unsubscribe:' + sendId)
    .digest('base64url')

export const unsubscribeToken = (sendId: string): string => `${sendId}.${mac(sendId)}`

/** The send id of a genuine token, else null. */
export function verifyUnsubscribeToken(token: string): string | null {
  const dot = token.lastIndexOf('.')
  if (dot <= 0) return null
  const id = token.slice(0, dot)
  const given = Buffer.from(token.slice(dot + 1))
  const want = Buffer.from(mac(id))
  return given.length === want.length && timingSafeEqual(given, want) ? id : null
}

const withToken = (path: string, sendId: string) => appLink(path + '?t=' + encodeURIComponent(unsubscribeToken(sendId)))

export const unsubscribeUrl = (sendId: string): string => withToken('/unsubscribe', sendId)

/** A hosted email page (/email/pages/{pageType}) for the recipient of a send. */
export const emailPageUrl = (sendId: string, pageType: string): string =>
  withToken('/email/pages/' + encodeURIComponent(pageType), sendId)

export const preferencesUrl = (sendId: string): string => emailPageUrl(sendId, 'manage_preferences')

export function unsubscribeMailto(sendId: string, fromEmail: string): string {
  const domain = fromEmail.split('@')[1] || 'localhost'
  return `mailto:unsubscribe@${domain}?subject=${encodeURIComponent('unsubscribe ' + unsubscribeToken(sendId))}`
}

/** The links of the vendor's tags ({% unsubscribe %}, {% manage_preferences %}, {% web_view %}) for one send. */
export function templateLink(s: { id: string; companyId: number }, kind: TemplateLinkKind): string {
  if (kind === 'web_view') return webViewUrl(s.companyId, s.id)
  if (kind === 'manage_preferences') return preferencesUrl(s.id)
  return unsubscribeUrl(s.id)
}
