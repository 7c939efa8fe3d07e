// A path with a broken percent-escape ('%ff' is not UTF-8, '%zz' is not an escape) cannot be
// decoded into route parameters. Next.js would fail on it deep in its router and answer a
// plain-text 500, so the proxy turns it away first with a 400 or the not-found page.

/** True when the path holds an escape that does not decode (bad hex or invalid UTF-8). */
export function hasInvalidPercentEncoding(pathname: string): boolean {
  if (!pathname.includes('%')) return false
  try {
    decodeURIComponent(pathname)
    return false
  } catch {
    return true
  }
}
