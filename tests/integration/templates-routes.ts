// The template and image route handlers behind a tiny router (in-process, or a real HTTP
// server on 127.0.0.1 for the official SDK), for the templates-*.test.ts files.
import * as templates from '@/app/api/templates/route'
import * as template from '@/app/api/templates/[id]/route'
import * as render from '@/app/api/template-render/route'
import * as clone from '@/app/api/template-clone/route'
import * as universals from '@/app/api/template-universal-content/route'
import * as universal from '@/app/api/template-universal-content/[id]/route'
import * as images from '@/app/api/images/route'
import * as image from '@/app/api/images/[id]/route'
import * as imageUpload from '@/app/api/image-upload/route'
import * as media from '@/app/media/images/[id]/[name]/route'
import { resetRateLimits } from '@/lib/api/rate-limit'
import { routeTable, type RouteModule, type RouteServer } from '../helpers/route-table'

const TABLE: Array<[string, RouteModule]> = [
  ['/api/templates', templates],
  ['/api/templates/:id', template],
  ['/api/template-render', render],
  ['/api/template-clone', clone],
  ['/api/template-universal-content', universals],
  ['/api/template-universal-content/:id', universal],
  ['/api/images', images],
  ['/api/images/:id', image],
  ['/api/image-upload', imageUpload],
  ['/media/images/:id/:name', media as unknown as RouteModule],
]

const table = routeTable(TABLE)
const dispatch = table.dispatch

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON:API documents
export type Json = any

/** One API call; the rate limits are reset first unless `throttle` (these tests are not about them). */
export async function call(
  method: string,
  path: string,
  opts: { key?: string; body?: unknown; form?: FormData; raw?: string; throttle?: boolean } = {},
) {
  if (!opts.throttle) await resetRateLimits()
  const headers: Record<string, string> = { accept: 'application/vnd.api+json', revision: '2026-07-15' }
  if (opts.key) headers.authorization = `Klaviyo-API-Key ${opts.key}`
  let body: BodyInit | undefined
  if (opts.form) body = opts.form
  else if (opts.raw !== undefined) {
    body = opts.raw
    headers['content-type'] = 'application/vnd.api+json'
  } else if (opts.body !== undefined) {
    body = JSON.stringify(opts.body)
    headers['content-type'] = 'application/vnd.api+json'
  }
  let req = new Request(new URL(path, 'http://localhost:3000'), { method, headers, body })
  if (opts.form) {
    // a FormData body gets its multipart content type (with boundary) from Request itself
    req = new Request(req.url, {
      method,
      headers: { ...headers, 'content-type': req.headers.get('content-type')! },
      body: await req.arrayBuffer(),
    })
  }
  const res = await dispatch(req)
  const buf = Buffer.from(await res.arrayBuffer())
  let json: Json = null
  try {
    json = buf.length ? JSON.parse(buf.toString('utf8')) : null
  } catch {
    json = null
  }
  return { status: res.status, headers: res.headers, json, buf }
}

export const startTemplateServer = () => table.start()
export type { RouteServer }

/** A 1×1 PNG, a 2×3 GIF and a JPEG header with a 4×5 frame: real image bytes for uploads. */
export const PNG_1x1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
)
export const GIF_2x3 = Buffer.concat([
  Buffer.from('GIF89a', 'latin1'),
  Buffer.from([2, 0, 3, 0, 0x80, 0, 0]),
  Buffer.alloc(6),
  Buffer.from([0x2c, 0, 0, 0, 0, 2, 0, 3, 0, 0, 2, 2, 0x44, 0x01, 0, 0x3b]),
])
export const JPEG_4x5 = Buffer.from([
  0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0, 0xff, 0xc0, 0, 11, 8, 0, 5, 0, 4,
  1, 1, 0x11, 0, 0xff, 0xd9,
])

/** A zip of the given files, stored (no compression): enough for the import's reader. */
export function storedZip(files: Array<{ name: string; data: Buffer }>): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    return c >>> 0
  })
  const crc = (b: Buffer) => {
    let c = 0xffffffff
    for (const x of b) c = crcTable[(c ^ x) & 0xff]! ^ (c >>> 8)
    return (c ^ 0xffffffff) >>> 0
  }
  const locals: Buffer[] = []
  const centrals: Buffer[] = []
  let offset = 0
  for (const f of files) {
    const name = Buffer.from(f.name, 'utf8')
    const h = Buffer.alloc(30)
    h.writeUInt32LE(0x04034b50, 0)
    h.writeUInt16LE(20, 4)
    h.writeUInt32LE(crc(f.data), 14)
    h.writeUInt32LE(f.data.length, 18)
    h.writeUInt32LE(f.data.length, 22)
    h.writeUInt16LE(name.length, 26)
    const c = Buffer.alloc(46)
    c.writeUInt32LE(0x02014b50, 0)
    c.writeUInt16LE(20, 4)
    c.writeUInt16LE(20, 6)
    c.writeUInt32LE(crc(f.data), 16)
    c.writeUInt32LE(f.data.length, 20)
    c.writeUInt32LE(f.data.length, 24)
    c.writeUInt16LE(name.length, 28)
    c.writeUInt32LE(offset, 42)
    locals.push(h, name, f.data)
    centrals.push(c, name)
    offset += 30 + name.length + f.data.length
  }
  const cd = Buffer.concat(centrals)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(files.length, 8)
  end.writeUInt16LE(files.length, 10)
  end.writeUInt32LE(cd.length, 12)
  end.writeUInt32LE(offset, 16)
  return Buffer.concat([...locals, cd, end])
}
