// Shopify's webhook signature: X-Shopify-Hmac-Sha256 is the base64 HMAC-SHA256 of the raw body
// under the connection's webhook secret, compared in constant time.
import { createHmac, timingSafeEqual } from 'node:crypto'

export const shopifyHmac = (secret: string, body: Uint8Array | string) =>
  createHmac('sha256', secret).update(body).digest('base64')

export function verifyShopifyHmac(secret: string, body: Uint8Array, header: string | null): boolean {
  const expected = createHmac('sha256', secret).update(body).digest()
  const given = Buffer.from(header?.trim() ?? '', 'base64')
  // timingSafeEqual needs equal lengths; comparing against itself keeps the time the same.
  return given.length === expected.length
    ? timingSafeEqual(given, expected)
    : (timingSafeEqual(expected, expected), false)
}
