// X-Hub-Signature-256: "sha256=" + hex HMAC-SHA256 of the raw request body, keyed with the
// Meta app's secret.
import { createHmac, timingSafeEqual } from 'node:crypto'

export const hubSignature = (appSecret: string, rawBody: string): string =>
  'sha256=' + createHmac('sha256', appSecret).update(rawBody, 'utf8').digest('hex')

export function verifyHubSignature(appSecret: string, rawBody: string, given: string | null): boolean {
  if (!given) return false
  const want = Buffer.from(hubSignature(appSecret, rawBody))
  const got = Buffer.from(given)
  return want.length === got.length && timingSafeEqual(want, got)
}
