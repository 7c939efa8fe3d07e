// Who is on the other end of a request, decided once, in our HTTP server (scripts/server.mjs),
// before Next sees the request. lib/http/client-ip.ts reads only CLIENT_IP_HEADER.
//
// TRUST_PROXY says how many reverse proxies stand in front of the server:
//   unset, '', '0', 'false'  no proxy: the connection's own address; forwarded headers are ignored
//   '1' (or 'true')          one proxy (nginx, a load balancer): the address it appended last
//   'N'                      N proxies in a chain: the address the outermost trusted one saw
// Each trusted proxy appends the address it received the request from to X-Forwarded-For, so
// with N hops the client is the N-th address from the right of [...X-Forwarded-For, socket];
// anything further left was written by the client and is never used.

export const CLIENT_IP_HEADER = 'x-client-ip'
const FORWARDED_HEADERS = ['x-forwarded-for', 'x-real-ip', 'forwarded', CLIENT_IP_HEADER]

export class TrustProxyError extends Error {}

/** The number of trusted proxy hops from TRUST_PROXY. */
export function trustedHops(raw = process.env.TRUST_PROXY) {
  const v = (raw ?? '').trim().toLowerCase()
  if (v === '' || v === '0' || v === 'false' || v === 'off' || v === 'no') return 0
  if (v === 'true' || v === 'on' || v === 'yes') return 1
  if (/^\d{1,2}$/.test(v)) return Number(v)
  throw new TrustProxyError(
    `TRUST_PROXY=${raw} is not valid: use 0 (no proxy, the default) or the number of reverse proxies in front of the server (1 for one).`,
  )
}

const normalise = (ip) => (ip.startsWith('::ffff:') && ip.includes('.') ? ip.slice(7) : ip)

/** The client address for a socket peer and the X-Forwarded-For value(s) received. */
export function resolveClientAddress({ remoteAddress, forwardedFor, hops }) {
  const socket = normalise(remoteAddress || '') || 'unknown'
  if (!hops) return socket
  const raw = Array.isArray(forwardedFor) ? forwardedFor.join(',') : (forwardedFor ?? '')
  const chain = [
    ...raw
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
      .map(normalise),
    socket,
  ]
  // Fewer entries than trusted hops: the leftmost is the best we know (the first proxy's peer).
  return chain[Math.max(0, chain.length - 1 - hops)]
}

/**
 * Rewrites an http.IncomingMessage in place: every client-sent forwarding header goes, then
 * CLIENT_IP_HEADER and X-Forwarded-For are set to the resolved address alone.
 */
export function applyClientAddress(req, hops) {
  const ip = resolveClientAddress({
    remoteAddress: req.socket?.remoteAddress,
    forwardedFor: req.headers['x-forwarded-for'],
    hops,
  })
  for (const name of FORWARDED_HEADERS) delete req.headers[name]
  const raw = []
  for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) {
    if (!FORWARDED_HEADERS.includes(req.rawHeaders[i].toLowerCase())) raw.push(req.rawHeaders[i], req.rawHeaders[i + 1])
  }
  req.headers[CLIENT_IP_HEADER] = ip
  req.headers['x-forwarded-for'] = ip
  raw.push(CLIENT_IP_HEADER, ip, 'x-forwarded-for', ip)
  req.rawHeaders.length = 0
  req.rawHeaders.push(...raw)
  return ip
}
