// X-Twilio-Signature: base64 HMAC-SHA1, keyed with the account's auth token, of the full URL
// Twilio called followed by each POST parameter's name and value, sorted by name. The URL is
// our public address (APP_URL) plus the path and query, never the request's Host header.
import { createHmac, timingSafeEqual } from 'node:crypto'

export function twilioSignature(authToken: string, url: string, params: Record<string, string>): string {
  const data = Object.keys(params)
    .sort()
    .reduce((acc, k) => acc + k + params[k], url)
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64')
}

export function verifyTwilioSignature(
  authToken: string,
  url: string,
  params: Record<string, string>,
  given: string | null,
): boolean {
  if (!given) return false
  const want = Buffer.from(twilioSignature(authToken, url, params))
  const got = Buffer.from(given)
  return want.length === got.length && timingSafeEqual(want, got)
}
