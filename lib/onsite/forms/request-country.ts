// The visitor's country from the edge in front of the app (Vercel, Cloudflare), if any. Without
// one it is unknown (null): location targeting then shows only forms without an allow list.
export function requestCountry(headers: Headers): string | null {
  for (const name of ['x-vercel-ip-country', 'cf-ipcountry']) {
    const v = headers.get(name)?.trim().toUpperCase()
    // XX: unknown, T1: Tor (Cloudflare's codes), neither is a country
    if (v && /^[A-Z]{2}$/.test(v) && v !== 'XX' && v !== 'T1') return v
  }
  return null
}
