// A WooCommerce store is named by its origin (https://shop.example): the connect form's store URL
// and the X-WC-Webhook-Source header (WordPress's home URL, with a trailing slash and perhaps a
// sub-folder) both reduce to it, and it is the connection's externalKey.
function parse(raw: string | null | undefined): URL | null {
  const s = raw?.trim()
  if (!s || s.length > 2048) return null
  try {
    const u = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(s) ? s : `https://${s}`)
    if (u.protocol !== 'https:' && u.protocol !== 'http:') return null
    return u.username || u.password || !u.hostname ? null : u
  } catch {
    return null
  }
}

/** Where WordPress lives (origin + folder, no trailing slash): the REST API is under it. */
export function storeRoot(raw: string | null | undefined): string | null {
  const u = parse(raw)
  return u ? `${u.origin.toLowerCase()}${u.pathname.replace(/\/+$/, '')}` : null
}

export function storeOrigin(raw: string | null | undefined): string | null {
  return parse(raw)?.origin.toLowerCase() ?? null
}
