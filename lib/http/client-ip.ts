// The caller's address. Next's server appends the socket address to X-Forwarded-For, so the
// last entry is the real peer; the first entry is trusted only behind a proxy (TRUST_PROXY=1).
export function clientIp(req: Request): string {
  const fwd = req.headers.get('x-forwarded-for')
  if (fwd) {
    const parts = fwd.split(',').map((s) => s.trim()).filter(Boolean)
    const ip = process.env.TRUST_PROXY === '1' ? parts[0] : parts[parts.length - 1]
    if (ip) return normalise(ip)
  }
  return '127.0.0.1'
}

/** IPv4 peers on a dual-stack socket arrive as ::ffff:a.b.c.d. */
function normalise(ip: string): string {
  return ip.startsWith('::ffff:') && ip.includes('.') ? ip.slice(7) : ip
}
