// Which URLs an email (and the catalog data that fills one) may carry (issue 29, finding 10).
// A browser decodes character references in an attribute and drops tabs and newlines anywhere
// in a URL (and controls and spaces around it) before it reads the scheme, so
// `jav&#x61;script:` and `java\tscript:` are javascript: links. The check reads the URL the
// same way, then allows an explicit list of schemes; a URL without a scheme (relative, #anchor,
// a template tag that prints the whole link) cannot name one and passes.

const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  colon: ':',
  tab: '\t',
  newline: '\n',
  sol: '/',
  bsol: '\\',
  num: '#',
  percnt: '%',
  quest: '?',
  equals: '=',
  period: '.',
  comma: ',',
  semi: ';',
  lpar: '(',
  rpar: ')',
  excl: '!',
  commat: '@',
  plus: '+',
  ast: '*',
  lowbar: '_',
  hyphen: '-',
  dash: '-',
}

/** Character references as a browser reads them in an attribute (numeric ones with or without ";"). */
export function decodeCharacterReferences(value: string): string {
  return value.replace(
    /&(?:#(x[0-9a-f]+|\d+);?|([a-z][a-z0-9]*);)/gi,
    (whole, num: string | undefined, name: string | undefined) => {
      if (num) {
        const code = num[0] === 'x' || num[0] === 'X' ? parseInt(num.slice(1), 16) : parseInt(num, 10)
        // NUL, surrogates and out-of-range numbers become U+FFFD, as in a browser
        if (!Number.isFinite(code) || code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff))
          return '\ufffd'
        return String.fromCodePoint(code)
      }
      return NAMED[name!.toLowerCase()] ?? whole
    },
  )
}

/** The scheme a browser would read, lower case, or null for a URL without one. */
export function urlScheme(value: string, { decode = true } = {}): string | null {
  const decoded = decode ? decodeCharacterReferences(value) : value
  // controls and spaces around the URL, tabs and newlines inside it; also U+FFFD and zero-width
  // characters, which some clients drop
  const v = decoded
    .replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '')
    .replace(/[\t\n\r\u0000-\u001f\u007f\u200b-\u200d\ufeff\ufffd]/g, '')
  const m = /^([a-z][a-z0-9+.-]*):/i.exec(v)
  return m ? m[1]!.toLowerCase() : null
}

const LINK_SCHEMES = new Set(['http', 'https', 'mailto', 'tel'])
// cid: is an image attached to the email itself; data: only for images
const IMAGE_SCHEMES = new Set(['http', 'https', 'cid'])

/** A link (href, action): http(s), mailto, tel, or no scheme at all. */
export function isAllowedLink(value: string): boolean {
  const scheme = urlScheme(value)
  return scheme === null || LINK_SCHEMES.has(scheme)
}

/** An image source: http(s), cid, a data:image, or no scheme at all. */
export function isAllowedImageSource(value: string): boolean {
  const scheme = urlScheme(value)
  if (scheme === null || IMAGE_SCHEMES.has(scheme)) return true
  if (scheme !== 'data') return false
  // an image element never runs script, whatever the image type
  return decodeCharacterReferences(value)
    .replace(/[\u0000-\u0020]/g, '')
    .toLowerCase()
    .startsWith('data:image/')
}

/**
 * A catalog URL (item and variant url, image fields): absolute http(s), nothing else. The
 * value is stored as data, not HTML, but templates print it into href and src (some with
 * |safe), so it is read as a browser would read it there.
 */
export function isHttpUrl(value: string): boolean {
  const scheme = urlScheme(value)
  if (scheme !== 'http' && scheme !== 'https') return false
  try {
    const u = new URL(value.trim())
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== ''
  } catch {
    return false
  }
}
