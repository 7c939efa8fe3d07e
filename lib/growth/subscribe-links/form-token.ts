// The public subscribe form has no session, so a cross-site form post cannot be told apart by
// cookies: each render carries a signed token bound to the link and the time it was rendered,
// and a post without a fresh, valid one is refused.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { sessionSecret } from '@/lib/auth/secret'

const MAX_AGE_MS = 2 * 60 * 60 * 1000
const mac = (linkId: string, at: string, nonce: string) =>
  createHmac('sha256', sessionSecret()).update(`subscribe-link:${linkId}:${at}:${nonce}`).digest('base64url')

export function signFormToken(linkId: string, now = Date.now()): string {
  const at = now.toString(36)
  const nonce = randomBytes(9).toString('base64url')
  return `${at}.${nonce}.${mac(linkId, at, nonce)}`
}

export function verifyFormToken(linkId: string, token: string | null | undefined, now = Date.now()): boolean {
  const [at, nonce, sig] = (token ?? '').split('.')
  if (!at || !nonce || !sig) return false
  const want = Buffer.from(mac(linkId, at, nonce))
  const got = Buffer.from(sig)
  if (want.length !== got.length || !timingSafeEqual(want, got)) return false
  const issued = parseInt(at, 36)
  return Number.isFinite(issued) && issued <= now + 60_000 && now - issued <= MAX_AGE_MS
}
