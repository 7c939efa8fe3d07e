// The unsubscribe address of a Send, for the List-Unsubscribe headers and {% unsubscribe %}
// links. A stub until the unsubscribe page exists (a later issue): the token is the send id
// and an HMAC-SHA256 of it under a key derived from the session secret, so the page can tell
// which send (company, profile, channel) it came from without a database lookup of the token,
// and nobody can forge one for another send. The page will live at /unsubscribe?t=<token>;
// the mailto form goes to unsubscribe@<sending domain> with the token as subject.
import { createHmac, timingSafeEqual } from 'node:crypto'
import { sessionSecret } from '@/lib/auth/secret'
import { appLink } from '@/lib/http/app-url'
import type { TemplateLinkKind } from '@/lib/templates/template-types'

const mac = (sendId: string) => createHmac('sha256', sessionSecret()).update('unsubscribe:' + sendId).digest('base64url')

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

export const unsubscribeUrl = (sendId: string): string => appLink('/unsubscribe?t=' + encodeURIComponent(unsubscribeToken(sendId)))

export function unsubscribeMailto(sendId: string, fromEmail: string): string {
  const domain = fromEmail.split('@')[1] || 'localhost'
  return `mailto:unsubscribe@${domain}?subject=${encodeURIComponent('unsubscribe ' + unsubscribeToken(sendId))}`
}

/** The links of the vendor's tags ({% unsubscribe %}, {% manage_preferences %}, {% web_view %}) for one send. */
export function templateLink(s: { id: string }, kind: TemplateLinkKind): string {
  return kind === 'web_view' ? appLink('/messages/' + encodeURIComponent(s.id)) : unsubscribeUrl(s.id)
}
