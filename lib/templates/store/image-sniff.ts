// What an uploaded file really is, from its bytes (never its name or declared type): PNG, JPEG,
// GIF or WebP, with the pixel size read from the header. Anything else is not an image here.
export type ImageFormat = 'png' | 'jpeg' | 'gif' | 'webp'

export interface SniffedImage {
  format: ImageFormat
  mime: `image/${ImageFormat}`
  width: number | null
  height: number | null
}

export const IMAGE_EXTENSIONS: Record<ImageFormat, string> = { png: 'png', jpeg: 'jpg', gif: 'gif', webp: 'webp' }
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024

const ascii = (b: Buffer, from: number, to: number) => b.subarray(from, to).toString('latin1')

function jpegSize(b: Buffer): { width: number; height: number } | null {
  let i = 2
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return null
    const marker = b[i + 1]!
    if (marker === 0xff) {
      i++
      continue
    }
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      i += 2
      continue
    }
    const len = b.readUInt16BE(i + 2)
    // SOF0..SOF15 carry the frame size, except DHT (C4), JPG (C8) and DAC (CC)
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: b.readUInt16BE(i + 5), width: b.readUInt16BE(i + 7) }
    }
    if (len < 2) return null
    i += 2 + len
  }
  return null
}

function webpSize(b: Buffer): { width: number; height: number } | null {
  const chunk = ascii(b, 12, 16)
  if (chunk === 'VP8 ' && b.length >= 30)
    return { width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff }
  if (chunk === 'VP8L' && b.length >= 25 && b[20] === 0x2f) {
    const bits = b.readUInt32LE(21)
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 }
  }
  if (chunk === 'VP8X' && b.length >= 30) return { width: b.readUIntLE(24, 3) + 1, height: b.readUIntLE(27, 3) + 1 }
  return null
}

/** The image the bytes hold, or null when they are not a PNG, JPEG, GIF or WebP. */
export function sniffImage(b: Buffer): SniffedImage | null {
  if (
    b.length >= 24 &&
    b.readUInt32BE(0) === 0x89504e47 &&
    b.readUInt32BE(4) === 0x0d0a1a0a &&
    ascii(b, 12, 16) === 'IHDR'
  ) {
    return { format: 'png', mime: 'image/png', width: b.readUInt32BE(16), height: b.readUInt32BE(20) }
  }
  if (b.length >= 4 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) {
    const size = jpegSize(b)
    return { format: 'jpeg', mime: 'image/jpeg', width: size?.width ?? null, height: size?.height ?? null }
  }
  if (b.length >= 10 && (ascii(b, 0, 6) === 'GIF87a' || ascii(b, 0, 6) === 'GIF89a')) {
    return { format: 'gif', mime: 'image/gif', width: b.readUInt16LE(6), height: b.readUInt16LE(8) }
  }
  if (b.length >= 16 && ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WEBP') {
    const size = webpSize(b)
    if (!size) return null
    return { format: 'webp', mime: 'image/webp', ...size }
  }
  return null
}
