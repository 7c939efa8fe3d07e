// The link of the public /sms/unsubscribe page: a token naming the company and profile, with
// an HMAC-SHA256 under a key derived from the session secret, so nobody can unsubscribe
// someone else by changing a number in the link.
import { createHmac, timingSafeEqual } from 'node:crypto'
import { sessionSecret } from '@/lib/auth/secret'
import { appLink } from '@/lib/config/app-url'

const mac = (payload: string) =>
  createHmac('sha256', sessionSecret())
    .update('sms-unsubscribe:' + payload)
    .digest('base64url')

export function smsUnsubscribeToken(companyId: number, profileId: string): string {
  const payload = `${companyId}.${profileId}`
  return `${payload}.${mac(payload)}`
}

export function verifySmsUnsubscribeToken(token: string): { companyId: number; profileId: string } | null {
  const m = /^(\d{1,10})\.([A-Za-z0-9_-]{1,64})\.([A-Za-z0-9_-]+)$/.exec(token.trim())
  if (!m) return null
  const given = Buffer.from(m[3]!)
  const want = Buffer.from(mac(`${m[1]}.${m[2]}`))
  if (given.length !== want.length || !timingSafeEqual(given, want)) return null
  return { companyId: Number(m[1]), profileId: m[2]! }
}

export const smsUnsubscribeUrl = (companyId: number, profileId: string): string =>
  appLink('/sms/unsubscribe?t=' + encodeURIComponent(smsUnsubscribeToken(companyId, profileId)))
