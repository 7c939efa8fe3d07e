// What a customer's attachment really is, from its bytes (never the provider's declared type or
// a file name): the kinds the inbox accepts (lib/messaging/inbound-message-consumers.ts
// ACCEPTED_MEDIA). Pictures are checked as template images are (PNG, JPEG, GIF, WebP, at most
// 5 MB); clips, voice notes, PDFs and contact cards up to 16 MB, WhatsApp's own media limit.
import { checkImageBytes } from '@/lib/templates/store/image-store'
import { IMAGE_EXTENSIONS } from '@/lib/templates/store/image-sniff'

export const MAX_ATTACHMENT_BYTES = 16 * 1024 * 1024

export interface SniffedAttachment {
  contentType: string
  ext: string
  image: boolean
}

export type AttachmentProblem = 'empty' | 'too_large' | 'type_not_allowed'

const ascii = (b: Buffer, from: number, to: number) => b.subarray(from, to).toString('latin1')

function sniffOther(b: Buffer): SniffedAttachment | null {
  const file = (contentType: string, ext: string) => ({ contentType, ext, image: false })
  if (ascii(b, 0, 5) === '%PDF-') return file('application/pdf', 'pdf')
  if (b.length >= 12 && ascii(b, 4, 8) === 'ftyp') {
    const brand = ascii(b, 8, 12)
    if (brand.startsWith('3g')) return file('video/3gpp', '3gp')
    if (brand === 'M4A ') return file('audio/mp4', 'm4a')
    return file('video/mp4', 'mp4')
  }
  if (ascii(b, 0, 4) === 'OggS') return file('audio/ogg', 'ogg')
  if (ascii(b, 0, 5) === '#!AMR') return file('audio/amr', 'amr')
  if (ascii(b, 0, 3) === 'ID3') return file('audio/mpeg', 'mp3')
  if (b.length >= 2 && b[0] === 0xff) {
    // ADTS (AAC) frames have layer bits 00; MPEG audio frames a non-zero layer.
    if ((b[1]! & 0xf6) === 0xf0) return file('audio/aac', 'aac')
    if ((b[1]! & 0xe0) === 0xe0 && (b[1]! & 0x06) !== 0) return file('audio/mpeg', 'mp3')
  }
  if (/^\uFEFF?\s*BEGIN:VCARD/i.test(b.subarray(0, 64).toString('utf8'))) return file('text/vcard', 'vcf')
  return null
}

export function checkAttachmentBytes(
  bytes: Buffer,
): { ok: true; file: SniffedAttachment } | { ok: false; problem: AttachmentProblem } {
  if (!bytes.length) return { ok: false, problem: 'empty' }
  const image = checkImageBytes(bytes)
  if (image.ok)
    return { ok: true, file: { contentType: image.image.mime, ext: IMAGE_EXTENSIONS[image.image.format], image: true } }
  const other = sniffOther(bytes)
  // A picture over 5 MB is refused as template images are; other kinds may reach 16 MB.
  if (!other) return { ok: false, problem: image.problem === 'too_large' ? 'too_large' : 'type_not_allowed' }
  if (bytes.length > MAX_ATTACHMENT_BYTES) return { ok: false, problem: 'too_large' }
  return { ok: true, file: other }
}
