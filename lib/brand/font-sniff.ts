// The type of an uploaded font from its first bytes (never from the name): WOFF, WOFF2, TrueType, OpenType.
export const MAX_FONT_BYTES = 2 * 1024 * 1024

export type FontFormat = 'woff' | 'woff2' | 'ttf' | 'otf'
export const FONT_MIME: Record<FontFormat, string> = {
  woff: 'font/woff',
  woff2: 'font/woff2',
  ttf: 'font/ttf',
  otf: 'font/otf',
}

export function sniffFont(bytes: Uint8Array): FontFormat | null {
  if (bytes.length < 12) return null
  const tag = String.fromCharCode(bytes[0], bytes[1], bytes[2], bytes[3])
  if (tag === 'wOFF') return 'woff'
  if (tag === 'wOF2') return 'woff2'
  if (tag === 'OTTO') return 'otf'
  if (bytes[0] === 0 && bytes[1] === 1 && bytes[2] === 0 && bytes[3] === 0) return 'ttf'
  if (tag === 'true') return 'ttf'
  return null
}
