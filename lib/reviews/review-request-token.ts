// The signed link of a review request, {{ review_request_url }}: one (company, profile, order,
// product), HMAC-SHA256 (cut to 128 bits) under a key derived from the session secret, so a
// shopper cannot turn their link into one for another order, product, person or company. The
// hosted form (/reviews/write/{token}) trusts nothing else.
import { createHmac, timingSafeEqual } from 'node:crypto'
import { sessionSecret } from '@/lib/auth/secret'
import { appLink } from '@/lib/config/app-url'

export interface ReviewRequestKey {
  companyId: number
  profileId: string
  orderKey: string
  productExternalId: string
}

const MAX_TOKEN = 1500

const mac = (payload: string) =>
  createHmac('sha256', sessionSecret())
    .update('review-request:' + payload)
    .digest()
    .subarray(0, 16)
    .toString('base64url')

export function reviewRequestToken(k: ReviewRequestKey): string {
  const payload = Buffer.from(JSON.stringify([k.companyId, k.profileId, k.orderKey, k.productExternalId])).toString(
    'base64url',
  )
  return `${payload}.${mac(payload)}`
}

/** The key of a genuine token, else null (tampered, truncated, or not one of ours). */
export function verifyReviewRequestToken(token: string): ReviewRequestKey | null {
  if (token.length > MAX_TOKEN) return null
  const m = /^([0-9A-Za-z_-]+)\.([0-9A-Za-z_-]{22})$/.exec(token)
  if (!m) return null
  const given = Buffer.from(m[2]!)
  const want = Buffer.from(mac(m[1]!))
  if (given.length !== want.length || !timingSafeEqual(given, want)) return null
  try {
    const v = JSON.parse(Buffer.from(m[1]!, 'base64url').toString('utf8')) as unknown
    if (!Array.isArray(v) || v.length !== 4) return null
    const [companyId, profileId, orderKey, productExternalId] = v as unknown[]
    if (!Number.isInteger(companyId) || typeof profileId !== 'string' || typeof orderKey !== 'string') return null
    if (typeof productExternalId !== 'string') return null
    return { companyId: companyId as number, profileId, orderKey, productExternalId }
  } catch {
    return null
  }
}

export const reviewRequestUrl = (k: ReviewRequestKey): string => appLink('/reviews/write/' + reviewRequestToken(k))
