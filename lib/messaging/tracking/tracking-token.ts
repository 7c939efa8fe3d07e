// Signed tokens of the open pixel and the click redirect. A token names its company, its send
// and (for a click) the link's index and its destination, and carries an HMAC-SHA256 (cut to
// 128 bits) under a key derived from the session secret, so nobody can make one for another
// send, another company or another destination: the click endpoint redirects only to the URL
// signed here (no open redirect) and looks the send up by company and id together. Verified
// in constant time; nothing is stored per link.
import { createHmac, timingSafeEqual } from 'node:crypto'
import { sessionSecret } from '@/lib/auth/secret'

const MAC_BYTES = 16
const SEND_ID = /^[0-9A-Za-z_-]{1,64}$/
/** Destinations longer than this are left untracked (the token would make the link unwieldy). */
export const MAX_TRACKED_URL = 4096

let derived: { secret: string; key: Buffer } | null = null
function key(): Buffer {
  const secret = sessionSecret()
  if (derived?.secret !== secret)
    derived = { secret, key: createHmac('sha256', secret).update('email-tracking-key:v1').digest() }
  return derived.key
}

const mac = (domain: 'open' | 'click', payload: string) =>
  createHmac('sha256', key())
    .update(domain + ':' + payload)
    .digest()
    .subarray(0, MAC_BYTES)
    .toString('base64url')

function macOk(domain: 'open' | 'click', payload: string, given: string): boolean {
  const a = Buffer.from(given)
  const b = Buffer.from(mac(domain, payload))
  return a.length === b.length && timingSafeEqual(a, b)
}

export interface OpenToken {
  companyId: number
  sendId: string
}
export interface ClickToken extends OpenToken {
  index: number
  url: string
}

export function openToken(t: OpenToken): string {
  const payload = `${t.companyId}.${t.sendId}`
  return `${payload}.${mac('open', payload)}`
}

export function clickToken(t: ClickToken): string {
  const payload = `${t.companyId}.${t.sendId}.${t.index}.${Buffer.from(t.url, 'utf8').toString('base64url')}`
  return `${payload}.${mac('click', payload)}`
}

function head(parts: string[]): OpenToken | null {
  const [company, sendId] = parts
  if (!company || !/^[1-9]\d{0,9}$/.test(company) || !sendId || !SEND_ID.test(sendId)) return null
  return { companyId: Number(company), sendId }
}

/** The company and send of a genuine open token, else null. */
export function verifyOpenToken(token: string): OpenToken | null {
  if (token.length > 200) return null
  const parts = token.split('.')
  if (parts.length !== 3) return null
  const h = head(parts)
  return h && macOk('open', `${parts[0]}.${parts[1]}`, parts[2]!) ? h : null
}

/** The company, send, link index and destination of a genuine click token, else null. */
export function verifyClickToken(token: string): ClickToken | null {
  if (token.length > MAX_TRACKED_URL * 2) return null
  const parts = token.split('.')
  if (parts.length !== 5) return null
  const h = head(parts)
  const [, , index, url, given] = parts
  if (!h || !index || !/^\d{1,5}$/.test(index) || !url || !/^[A-Za-z0-9_-]+$/.test(url)) return null
  if (!macOk('click', parts.slice(0, 4).join('.'), given!)) return null
  const dest = Buffer.from(url, 'base64url').toString('utf8')
  // Only http(s) destinations are ever signed; checked again so a key leak cannot make a javascript: link.
  if (!/^https?:\/\//i.test(dest)) return null
  return { ...h, index: Number(index), url: dest }
}
