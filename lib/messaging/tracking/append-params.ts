// Appending query parameters to a link without disturbing it (also used by the settings screen's preview).
/**
 * The URL with the parameters appended, before its fragment. A parameter the link already has
 * is left as the author wrote it (theirs wins), and the existing query is kept byte for byte.
 */
export function appendParams(url: string, params: Array<[string, string]>): string {
  if (!params.length) return url
  let existing: URLSearchParams
  try {
    existing = new URL(url).searchParams
  } catch {
    return url
  }
  const add = params.filter(([k]) => !existing.has(k))
  if (!add.length) return url
  const hashAt = url.indexOf('#')
  const base = hashAt < 0 ? url : url.slice(0, hashAt)
  const hash = hashAt < 0 ? '' : url.slice(hashAt)
  const query = add.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&')
  const sep = !base.includes('?') ? '?' : base.endsWith('?') || base.endsWith('&') ? '' : '&'
  return base + sep + query + hash
}
