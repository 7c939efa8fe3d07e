// Which network addresses the server may connect to on a tenant's behalf (webhooks, feeds,
// image imports, message providers, SMTP servers): public unicast only. Everything that reaches
// this machine, a private network, a cloud metadata service or a special-purpose range is
// refused, including IPv6 forms that carry an IPv4 address inside them (mapped ::ffff:a.b.c.d,
// compatible ::a.b.c.d, NAT64 64:ff9b::/96, 6to4 2002::/16, Teredo 2001::/32), so
// [::ffff:7f00:1] is loopback like 127.0.0.1.
//
// An operator can lift the rule per purpose for tests and closed networks (a receiver or relay
// on the same host): the *_ALLOW_PRIVATE settings below, read on every call.
import { isIP } from 'node:net'

export type OutboundPurpose = 'webhook' | 'image' | 'catalog-feed' | 'web-feed' | 'provider' | 'smtp'

const ALLOW_SETTING: Record<OutboundPurpose, string> = {
  webhook: 'WEBHOOKS_ALLOW_PRIVATE',
  image: 'IMAGE_IMPORT_ALLOW_PRIVATE',
  'catalog-feed': 'CATALOG_FEEDS_ALLOW_PRIVATE',
  'web-feed': 'WEB_FEEDS_ALLOW_PRIVATE',
  provider: 'PROVIDERS_ALLOW_PRIVATE',
  smtp: 'SMTP_ALLOW_PRIVATE',
}

/** Whether the operator lets this purpose reach loopback and private addresses. */
export const allowsPrivate = (purpose: OutboundPurpose) => process.env[ALLOW_SETTING[purpose]] === '1'

// [first address, prefix length] of the IPv4 ranges that are not public unicast (RFC 6890).
const V4_BLOCKED: Array<[string, number]> = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
]

function v4ToInt(ip: string): number {
  return ip.split('.').reduce((n, part) => n * 256 + Number(part), 0)
}

const V4_RANGES = V4_BLOCKED.map(([base, bits]) => ({ base: v4ToInt(base), size: 2 ** (32 - bits) }))

function v4Blocked(n: number): boolean {
  return V4_RANGES.some((r) => n >= r.base && n < r.base + r.size)
}

/** The eight 16-bit groups of an IPv6 address (a dotted IPv4 tail and :: expanded). */
function v6Groups(ip: string): number[] | null {
  let s = ip.toLowerCase()
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(s)
  if (dotted) {
    const n = v4ToInt(dotted[1]!)
    s = s.slice(0, -dotted[1]!.length) + `${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`
  }
  const [head, tail, ...rest] = s.split('::')
  if (rest.length) return null
  const parse = (p: string | undefined) => (p ? p.split(':').map((h) => parseInt(h, 16)) : [])
  const a = parse(head)
  const b = parse(tail)
  const groups = tail === undefined ? a : [...a, ...new Array(8 - a.length - b.length).fill(0), ...b]
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : null
}

const v4From = (hi: number, lo: number) => hi * 65536 + lo

function v6Blocked(g: number[]): boolean {
  const zeroUpTo = (n: number) => g.slice(0, n).every((x) => x === 0)
  // ::/96 (::, ::1 and the deprecated IPv4-compatible form), ::ffff:0:0/96 (mapped) and
  // ::ffff:0:0:0/96 (translated): judged by the IPv4 address inside.
  if (zeroUpTo(6)) return v4Blocked(v4From(g[6]!, g[7]!))
  if (zeroUpTo(5) && g[5] === 0xffff) return v4Blocked(v4From(g[6]!, g[7]!))
  if (zeroUpTo(4) && g[4] === 0xffff && g[5] === 0) return v4Blocked(v4From(g[6]!, g[7]!))
  // NAT64: the well-known prefix carries the IPv4 target; the local-use prefix is a private network.
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0)) return v4Blocked(v4From(g[6]!, g[7]!))
  if (g[0] === 0x64 && g[1] === 0xff9b && g[2] === 1) return true
  // 6to4 carries the IPv4 address in groups 1-2; Teredo its server in 2-3 and the client, inverted, in 6-7.
  if (g[0] === 0x2002) return v4Blocked(v4From(g[1]!, g[2]!))
  if (g[0] === 0x2001 && g[1] === 0)
    return v4Blocked(v4From(g[2]!, g[3]!)) || v4Blocked(v4From(g[6]! ^ 0xffff, g[7]! ^ 0xffff))
  if (g[0] === 0x2001 && g[1] === 0xdb8) return true // documentation
  if (g[0] === 0x100 && zeroUpTo(4)) return true // discard-only 100::/64
  const first = g[0]!
  return (
    (first & 0xfe00) === 0xfc00 || // fc00::/7 unique local
    (first & 0xffc0) === 0xfe80 || // fe80::/10 link-local
    (first & 0xffc0) === 0xfec0 || // fec0::/10 old site-local
    (first & 0xff00) === 0xff00
  ) // ff00::/8 multicast
}

/** True for any address this server must not reach on a tenant's behalf; unparseable counts as blocked. */
export function isBlockedAddress(address: string): boolean {
  const ip = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '')
  const kind = isIP(ip)
  if (kind === 4) return v4Blocked(v4ToInt(ip))
  if (kind === 6) {
    const g = v6Groups(ip)
    return !g || v6Blocked(g)
  }
  return true
}

/** The host of a URL as the connection sees it: brackets off an IPv6 literal. */
export const bareHost = (u: URL) => u.hostname.replace(/^\[|\]$/g, '')

/** Host names that always mean this machine, refused on save before any DNS is asked. */
export const isLocalName = (host: string) =>
  /(^|\.)localhost\.?$/i.test(host) || /\.(local|internal|localdomain)\.?$/i.test(host)
