// A WooCommerce store is named by its origin (https://shop.example): the connect form's store URL
// and the X-WC-Webhook-Source header (WordPress's home URL, with a trailing slash and perhaps a
// sub-folder) both reduce to it, and it is the connection's externalKey.
export function storeOrigin(raw: string | null | undefined): string | null {
  const s = raw?.trim()
  if (!s || s.length > 2048) return null
  try {
    const u = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(s) ? s : `https://${s}`)
    if (u.protocol !== 'https:' && u.protocol !== 'http:') return null
    if (u.username || u.password || !u.hostname) return null
    return u.origin.toLowerCase()
  } catch {
    return null
  }
}
