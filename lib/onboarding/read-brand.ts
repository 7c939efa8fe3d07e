// Reads a store's logo and colours from its home page (autobranding). Pure parsing, no I/O: the
// page is fetched by autobranding.ts through the guarded fetcher.

export interface BrandGuess {
  logoUrl: string | null
  /** Most used first: the theme colour, then the saturated colours of the page's own CSS. */
  colors: string[]
}

const attr = (tag: string, name: string) =>
  new RegExp(`\\b${name}\\s*=\\s*("([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i')
    .exec(tag)
    ?.slice(2)
    .find((v) => v !== undefined) ?? null

function resolve(href: string | null, base: URL): string | null {
  if (!href) return null
  try {
    const u = new URL(href.trim(), base)
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.toString() : null
  } catch {
    return null
  }
}

function logoOf(html: string, base: URL): string | null {
  const tags = (re: RegExp) => html.match(re) ?? []
  const img = tags(/<img\b[^>]*>/gi).find((t) =>
    /logo/i.test(`${attr(t, 'class')} ${attr(t, 'id')} ${attr(t, 'alt')} ${attr(t, 'src')}`),
  )
  if (img && !/\.svg(\?|$)/i.test(attr(img, 'src') ?? '')) return resolve(attr(img, 'src'), base)
  const link = (rel: RegExp) => tags(/<link\b[^>]*>/gi).find((t) => rel.test(attr(t, 'rel') ?? ''))
  const meta = (prop: string) =>
    tags(/<meta\b[^>]*>/gi).find((t) => (attr(t, 'property') ?? attr(t, 'name'))?.toLowerCase() === prop)
  const touch = link(/apple-touch-icon/i)
  if (touch) return resolve(attr(touch, 'href'), base)
  const og = meta('og:image')
  if (og) return resolve(attr(og, 'content'), base)
  const icon = link(/(^|\s)icon(\s|$)/i)
  return icon ? resolve(attr(icon, 'href'), base) : null
}

function normaliseHex(h: string): string {
  const s = h.toLowerCase()
  return s.length === 4 ? `#${s[1]}${s[1]}${s[2]}${s[2]}${s[3]}${s[3]}` : s
}

/** Greys, near-white and near-black say nothing about a brand. */
function saturated(hex: string): boolean {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255) as [number, number, number]
  const max = Math.max(r, g, b)
  const min = Math.min(r, g, b)
  return max - min > 0.15 && max > 0.15 && min < 0.95
}

export function readBrand(html: string, pageUrl: string): BrandGuess {
  const base = new URL(pageUrl)
  const counts = new Map<string, number>()
  const css = [
    ...(html.match(/<style\b[^>]*>[\s\S]*?<\/style>/gi) ?? []),
    ...(html.match(/\bstyle\s*=\s*"[^"]*"/gi) ?? []),
  ].join('\n')
  for (const m of css.matchAll(/#(?:[0-9a-f]{6}|[0-9a-f]{3})\b/gi)) {
    const hex = normaliseHex(m[0])
    if (saturated(hex)) counts.set(hex, (counts.get(hex) ?? 0) + 1)
  }
  const themeTag = (html.match(/<meta\b[^>]*>/gi) ?? []).find((t) => attr(t, 'name')?.toLowerCase() === 'theme-color')
  const theme = themeTag ? attr(themeTag, 'content') : null
  const ranked = [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([c]) => c)
  const colors = [
    ...(theme && /^#(?:[0-9a-f]{6}|[0-9a-f]{3})$/i.test(theme.trim()) ? [normaliseHex(theme.trim())] : []),
    ...ranked,
  ]
  return { logoUrl: logoOf(html, base), colors: [...new Set(colors)].slice(0, 5) }
}
