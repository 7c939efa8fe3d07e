// The caller's address. Next's server appends the socket address to X-Forwarded-For, so the
// last entry is the real peer; the first entry is trusted only behind a proxy (TRUST_PROXY=1).
export function clientIp(req: Request): string {
  const fwd = req.headers.get('x-forwarded-for')
  if (fwd) {
    const parts = fwd.split(',').map((s) => s.trim()).filter(Boolean)
    const ip = process.env.TRUST_PROXY === '1' ? parts[0] : parts[parts.length - 1]
    if (ip) return ip
  }
  return '127.0.0.1'
}
