// The URL patterns trigger: an entry with '*' is a wildcard pattern matched against the whole
// URL and against its path; any other entry matches when the URL contains it (the vendor's
// "contains" rule), so "/products" and "https://shop.example/products/*" both work.
function matches(url: string, pattern: string): boolean {
  const p = pattern.trim()
  if (!p) return false
  if (!p.includes('*')) return url.includes(p)
  const re = new RegExp(
    '^' +
      p
        .split('*')
        .map((s) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
        .join('.*') +
      '$',
  )
  let path = url
  try {
    const u = new URL(url)
    path = u.pathname + u.search
  } catch {
    // not absolute: match as given
  }
  return re.test(url) || re.test(path)
}

export function urlAllowed(
  url: string,
  allow: readonly string[] | null | undefined,
  deny: readonly string[] | null | undefined,
): boolean {
  if (deny?.some((p) => matches(url, p))) return false
  if (allow && allow.length > 0) return allow.some((p) => matches(url, p))
  return true
}
