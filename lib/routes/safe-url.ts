// The safe-URL check for search-parameter values (seed 000 §2: values that fail it are
// dropped). A value is unsafe when, read the way a browser reads a URL, it names a script or
// inline-content scheme, or points at another host through a protocol-relative '//'.
const UNSAFE_SCHEMES = ['javascript:', 'data:', 'vbscript:']

const NAMED_ENTITIES: Record<string, string> = {
  colon: ':',
  tab: '\t',
  newline: '\n',
  sol: '/',
  bsol: '\\',
  lpar: '(',
  rpar: ')',
  amp: '&',
  quot: '"',
  apos: "'",
  lt: '<',
  gt: '>',
  period: '.',
  comma: ',',
  semi: ';',
  excl: '!',
  num: '#',
  percnt: '%',
  nbsp: ' ',
}

function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);?/gi, (whole, body: string) => {
    const lower = body.toLowerCase()
    if (lower.startsWith('#x') || lower.startsWith('#')) {
      const code = lower.startsWith('#x') ? parseInt(lower.slice(2), 16) : parseInt(lower.slice(1), 10)
      return Number.isFinite(code) && code >= 0 && code <= 0x10ffff ? String.fromCodePoint(code) : ''
    }
    return NAMED_ENTITIES[lower] ?? whole
  })
}

function percentDecode(s: string): string {
  // Decode byte by byte so one malformed escape does not hide the rest.
  return s.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
}

/** The value as a browser would resolve its scheme: entities and escapes decoded (repeatedly,
 * to see through double encoding), then the characters a URL parser ignores removed. */
function normalise(value: string): string {
  let s = value
  for (let i = 0; i < 4; i++) {
    const next = percentDecode(decodeEntities(s))
    if (next === s) break
    s = next
  }
  // The URL parser drops tabs and newlines anywhere and leading spaces and controls; older
  // engines also skipped other control characters, so those go too. Inner spaces stay: they
  // stop a scheme ("java script:" is a relative path), and search text keeps its meaning.
  return s
    .replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028\u2029\ufeff]/g, '')
    .replace(/^[\s\u00a0]+/, '')
    .toLowerCase()
}

export function isSafeUrlValue(value: string): boolean {
  const s = normalise(value)
  if (UNSAFE_SCHEMES.some((scheme) => s.startsWith(scheme))) return false
  // Protocol-relative: browsers treat a backslash like a slash here.
  if (/^[/\\]{2}/.test(s)) return false
  return true
}

/** A copy of the parameters without the values that fail the safe-URL check. */
export function sanitizeSearchParams(params: URLSearchParams): URLSearchParams {
  const out = new URLSearchParams()
  for (const [key, value] of params) if (isSafeUrlValue(value)) out.append(key, value)
  return out
}
