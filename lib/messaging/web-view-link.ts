// The signed token of an email's web-view link (company, send id, HMAC-SHA256 cut to 128 bits
// under a key derived from the session secret): a send id alone shows nothing, and one
// company's token cannot reach another's send. The page: app/messages/[token] (web-view.ts).
import { createHmac, timingSafeEqual } from 'node:crypto'
import { sessionSecret } from '@/lib/auth/secret'
import { appLink } from '@/lib/config/app-url'

const mac = (payload: string) =>
  createHmac('sha256', sessionSecret())
    .update('web-view:' + payload)
    .digest()
    .subarray(0, 16)
    .toString('base64url')

export const webViewToken = (companyId: number, sendId: string): string =>
  `${companyId}.${sendId}.${mac(`${companyId}.${sendId}`)}`

export function verifyWebViewToken(token: string): { companyId: number; sendId: string } | null {
  const m = /^(\d{1,12})\.([0-9A-Za-z_-]{1,64})\.([0-9A-Za-z_-]{22})$/.exec(token)
  if (!m) return null
  const given = Buffer.from(m[3]!)
  const want = Buffer.from(mac(`${m[1]}.${m[2]}`))
  return given.length === want.length && timingSafeEqual(given, want)
    ? { companyId: Number(m[1]), sendId: m[2]! }
    : null
}

export const webViewUrl = (companyId: number, sendId: string): string =>
  appLink('/messages/' + webViewToken(companyId, sendId))
