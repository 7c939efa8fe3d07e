// The `_kx` exchange token our tracked email links add to links into the company's own store:
// it names a profile of a company without showing the address in the URL, and only we can make
// one (HMAC-SHA256 cut to 128 bits, a key derived from the session secret for this purpose
// alone). The onsite script hands it to /client/profiles, which resolves it to the profile.
// No expiry: an old email keeps identifying its reader, as the vendor's does.
import { createHmac, timingSafeEqual } from 'node:crypto'
import { sessionSecret } from '@/lib/auth/secret'

const MAC_BYTES = 16
const PROFILE_ID = /^[0-9A-Za-z_-]{1,64}$/

let derived: { secret: string; key: Buffer } | null = null
function key(): Buffer {
  const secret = sessionSecret()
  if (derived?.secret !== secret)
    derived = { secret, key: createHmac('sha256', secret).update('onsite-exchange-key:v1').digest() }
  return derived.key
}

const mac = (payload: string) =>
  createHmac('sha256', key()).update(payload).digest().subarray(0, MAC_BYTES).toString('base64url')

export interface ExchangeToken {
  companyId: number
  profileId: string
}

export function signExchangeToken(t: ExchangeToken): string {
  const payload = `${t.companyId}.${t.profileId}`
  return `${payload}.${mac(payload)}`
}

/** The company and profile of a genuine token, else null. */
export function verifyExchangeToken(token: string | null | undefined): ExchangeToken | null {
  if (!token || token.length > 200) return null
  const parts = token.split('.')
  if (parts.length !== 3) return null
  const [company, profileId, given] = parts as [string, string, string]
  if (!/^[1-9]\d{0,9}$/.test(company) || !PROFILE_ID.test(profileId)) return null
  const a = Buffer.from(given)
  const b = Buffer.from(mac(`${company}.${profileId}`))
  if (a.length !== b.length || !timingSafeEqual(a, b)) return null
  return { companyId: Number(company), profileId }
}
