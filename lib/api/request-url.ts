// The address the API's absolute links (self, next, prev, related) are built on. With APP_URL
// set, that. Without it, the address the caller used (Host header): Next builds req.url from
// the bind name (http://localhost:PORT), so a client that came in as 127.0.0.1 or by a host
// name got next links it could not follow. Taking Host is safe here, unlike in mail links
// (lib/config/app-url): these links go back only to the caller who sent the header.
const HOST =
  /^(?:[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?)*\.?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i

const trustsProxy = () =>
  !['', '0', 'false', 'off', 'no'].includes((process.env.TRUST_PROXY ?? '').trim().toLowerCase())

function callerOrigin(req: Request, url: URL): string {
  const host = req.headers.get('host')?.trim()
  if (!host || host.length > 300 || !HOST.test(host)) return url.origin
  // Behind a TLS-terminating proxy the operator trusts (TRUST_PROXY), its scheme is the caller's.
  const forwarded = trustsProxy()
    ? req.headers.get('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase()
    : undefined
  const scheme = forwarded === 'https' || forwarded === 'http' ? forwarded : url.protocol.replace(':', '')
  return `${scheme}://${host}`
}

/** The request's URL (path and query as received) on the origin links should use. */
export function apiRequestUrl(req: Request): URL {
  const url = new URL(req.url)
  const configured = process.env.APP_URL?.trim()
  let origin: string
  try {
    origin = configured ? new URL(configured).origin : callerOrigin(req, url)
  } catch {
    origin = url.origin
  }
  return new URL(url.pathname + url.search, origin)
}
