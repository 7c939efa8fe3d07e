// Downloads an image for POST /api/images (import_from_url) without becoming a way into the
// server's own network: every address the name resolves to (and every redirect's) must be a
// public one, checked in the connection's own lookup so a second DNS answer cannot differ.
// IMAGE_IMPORT_ALLOW_PRIVATE=1 lifts that for tests and closed networks.
import dns from 'node:dns'
import http from 'node:http'
import https from 'node:https'
import net from 'node:net'
import { badRequest } from '@/lib/http/app-error'
import { MAX_IMAGE_BYTES } from './image-sniff'

const TIMEOUT_MS = 10_000
const MAX_REDIRECTS = 3

export function isPrivateAddress(ip: string): boolean {
  if (net.isIPv4(ip)) {
    const [a, b] = ip.split('.').map(Number) as [number, number]
    return a === 0 || a === 10 || a === 127 || (a === 169 && b === 254) || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 100 && b >= 64 && b <= 127) || a >= 224
  }
  const v6 = ip.toLowerCase()
  if (v6.startsWith('::ffff:')) {
    const rest = v6.slice(7)
    // ::ffff:7f00:1 is ::ffff:127.0.0.1 written in hex
    const hex = /^([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(rest)
    if (hex) {
      const hi = parseInt(hex[1]!, 16)
      const lo = parseInt(hex[2]!, 16)
      return isPrivateAddress(`${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`)
    }
    return isPrivateAddress(rest)
  }
  return v6 === '::' || v6 === '::1' || v6.startsWith('fc') || v6.startsWith('fd') || v6.startsWith('fe80') || v6.startsWith('ff')
}

const allowPrivate = () => process.env.IMAGE_IMPORT_ALLOW_PRIVATE === '1'

const guardedLookup: net.LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, '', 0)
    const list = addresses as dns.LookupAddress[]
    const bad = list.find((a) => isPrivateAddress(a.address))
    if (bad && !allowPrivate()) return callback(Object.assign(new Error('private address'), { code: 'EPRIVATE' }), '', 0)
    if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list)
    callback(null, list[0]!.address, list[0]!.family)
  })
}

const refuse = (message: string) => badRequest(message, { import_from_url: [message] })

function getOnce(url: URL): Promise<{ status: number; location?: string; body?: Buffer }> {
  return new Promise((resolve, reject) => {
    const lib = url.protocol === 'https:' ? https : http
    const req = lib.get(url, { lookup: guardedLookup, timeout: TIMEOUT_MS, headers: { 'user-agent': 'MerchantAutomation-ImageImport/1.0', accept: 'image/*' } }, (res) => {
      const status = res.statusCode ?? 0
      if (status >= 300 && status < 400 && res.headers.location) {
        res.resume()
        return resolve({ status, location: res.headers.location })
      }
      if (status !== 200) {
        res.resume()
        return resolve({ status })
      }
      const chunks: Buffer[] = []
      let size = 0
      res.on('data', (c: Buffer) => {
        size += c.length
        if (size > MAX_IMAGE_BYTES) {
          req.destroy()
          reject(refuse('The image at that address is larger than 5 MB.'))
          return
        }
        chunks.push(c)
      })
      res.on('end', () => resolve({ status, body: Buffer.concat(chunks) }))
      res.on('error', reject)
    })
    req.on('timeout', () => req.destroy(Object.assign(new Error('timeout'), { code: 'ETIMEDOUT' })))
    req.on('error', reject)
  })
}

/** The bytes at an http(s) URL; 400 (field import_from_url) for anything that cannot be fetched. */
export async function fetchImageUrl(raw: string): Promise<Buffer> {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw refuse('import_from_url must be an http or https URL.')
  }
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw refuse('import_from_url must be an http or https URL.')
    if (net.isIP(url.hostname.replace(/^\[|\]$/g, '')) && isPrivateAddress(url.hostname.replace(/^\[|\]$/g, '')) && !allowPrivate()) {
      throw refuse('Images cannot be imported from private network addresses.')
    }
    let res: Awaited<ReturnType<typeof getOnce>>
    try {
      res = await getOnce(url)
    } catch (e) {
      if ((e as { status?: number }).status === 400) throw e
      const code = (e as { code?: string }).code
      throw refuse(code === 'EPRIVATE' ? 'Images cannot be imported from private network addresses.'
        : code === 'ETIMEDOUT' ? 'The image address did not answer in time.' : 'The image could not be downloaded from that address.')
    }
    if (res.location) {
      url = new URL(res.location, url)
      continue
    }
    if (!res.body) throw refuse(`The image address answered with status ${res.status}.`)
    return res.body
  }
  throw refuse('The image address redirected too many times.')
}
