// The coupons a template names ({% coupon_code 'NAME' %}) and their rewriting to the target
// account's coupon names. The block editor's definition is JSON, where the quotes of the tag's
// argument may be escaped (\"NAME\"), so the quote may carry a backslash.
const COUPON_TAG = /(\{%-?\s*coupon_code\s+)(\\?['"])(.*?)\2(\s*-?%\})/g

export function couponsIn(sources: Array<string | null | undefined>): Set<string> {
  const out = new Set<string>()
  for (const s of sources) if (s && s.includes('coupon_code')) for (const m of s.matchAll(COUPON_TAG)) out.add(m[3]!)
  return out
}

/** The source with each coupon's name replaced by its mapped name (names without a mapping stay). */
export function rewriteCoupons<T extends string | null>(source: T, map: Map<string, string>): T {
  if (!source || !source.includes('coupon_code') || !map.size) return source
  return source.replace(COUPON_TAG, (all, head: string, q: string, name: string, tail: string) => {
    const to = map.get(name)
    if (to === undefined) return all
    // The new name goes in the same quoting; a quote of that kind inside it would end the argument.
    const safe = to.replace(/['"\\]/g, '')
    return `${head}${q}${safe}${q}${tail}`
  }) as T
}
