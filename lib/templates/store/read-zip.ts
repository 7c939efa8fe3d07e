// A small reader for the related_zip of a template import (an HTML file and its images): the
// central directory, stored and deflated entries only, with limits on the entry count and the
// unpacked size so a zip bomb is refused rather than unpacked.
import zlib from 'node:zlib'
import { badRequest } from '@/lib/errors/app-error'

export interface ZipEntry {
  name: string
  data: Buffer
}

const MAX_ENTRIES = 300
const MAX_TOTAL = 30 * 1024 * 1024

const bad = (message: string) => badRequest(message, { related_zip: [message] })

export function readZip(buf: Buffer): ZipEntry[] {
  let eocd = -1
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 65535); i--) {
    if (buf.readUInt32LE(i) === 0x06054b50) {
      eocd = i
      break
    }
  }
  if (eocd < 0) throw bad('related_zip is not a zip file.')
  const count = buf.readUInt16LE(eocd + 10)
  let p = buf.readUInt32LE(eocd + 16)
  if (count > MAX_ENTRIES) throw bad(`related_zip has more than ${MAX_ENTRIES} files.`)
  const out: ZipEntry[] = []
  let total = 0
  for (let n = 0; n < count; n++) {
    if (p + 46 > buf.length || buf.readUInt32LE(p) !== 0x02014b50) throw bad('related_zip is damaged.')
    const method = buf.readUInt16LE(p + 10)
    const compSize = buf.readUInt32LE(p + 20)
    const size = buf.readUInt32LE(p + 24)
    const nameLen = buf.readUInt16LE(p + 28)
    const extraLen = buf.readUInt16LE(p + 30)
    const commentLen = buf.readUInt16LE(p + 32)
    const local = buf.readUInt32LE(p + 42)
    const name = buf.subarray(p + 46, p + 46 + nameLen).toString('utf8')
    p += 46 + nameLen + extraLen + commentLen
    if (name.endsWith('/')) continue
    total += size
    if (total > MAX_TOTAL) throw bad('related_zip unpacks to more than 30 MB.')
    if (local + 30 > buf.length || buf.readUInt32LE(local) !== 0x04034b50) throw bad('related_zip is damaged.')
    const start = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28)
    const raw = buf.subarray(start, start + compSize)
    let data: Buffer
    try {
      if (method === 0) data = Buffer.from(raw)
      else if (method === 8) data = zlib.inflateRawSync(raw, { maxOutputLength: Math.max(size, 1) })
      else
        throw bad(
          `related_zip uses a compression method we cannot read (${method}); save it with standard compression.`,
        )
    } catch (e) {
      if ((e as { status?: number }).status === 400) throw e
      throw bad('related_zip is damaged.')
    }
    if (data.length !== size) throw bad('related_zip is damaged.')
    out.push({ name, data })
  }
  return out
}
