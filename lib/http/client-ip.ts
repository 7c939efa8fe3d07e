// The caller's address, the one key of every limit by address (sign-in, password reset,
// registration, client error reports). A Web Request carries no socket address, and Next's
// own server passes a client-sent X-Forwarded-For through untouched, so no header a client can
// send is read here. Our HTTP server (scripts/server.mjs, what `npm start` and the browser
// tests run) removes any client-sent CLIENT_IP_HEADER and sets it from the connection, or,
// with TRUST_PROXY=<hops>, from the forwarded chain as far as the operator trusts it.
export const CLIENT_IP_HEADER = 'x-client-ip'

/**
 * Without the header (the request did not come through our server: `next dev`, a direct call)
 * every caller shares one bucket, `unknown`: a client cannot pick a fresh bucket per request.
 */
export const UNKNOWN_CLIENT = 'unknown'

export function clientIp(req: Request): string {
  const ip = req.headers.get(CLIENT_IP_HEADER)?.trim()
  return ip ? normalise(ip) : UNKNOWN_CLIENT
}

/** IPv4 peers on a dual-stack socket arrive as ::ffff:a.b.c.d. */
function normalise(ip: string): string {
  return ip.startsWith('::ffff:') && ip.includes('.') ? ip.slice(7) : ip
}
