// A page that fails because the database is away answers 503 with Retry-After, not 500 (the
// /ajax, /api and /client wrappers already do; a page's render error reaches Next's error
// screen with a 500). The database pool keeps a process-wide mark while connections cannot
// be opened (lib/db/db-outage.ts: globalThis.__dbOutage = { at, message } | null); the server
// rewrites a 500 answered while the mark is fresh.
export const OUTAGE_RETRY_AFTER_SECONDS = 5
const FRESH_MS = 60_000

/** True while the database pool says connections cannot be opened (set within the last minute). */
export function dbOutageActive(now = Date.now()) {
  const m = globalThis.__dbOutage
  return !!m && now - m.at <= FRESH_MS
}

/** Rewrites this response's 500 into a 503 with Retry-After while the database is away. */
export function answerOutagesWith503(res) {
  const writeHead = res.writeHead
  res.writeHead = function (code, ...rest) {
    if (code === 500 && dbOutageActive()) {
      code = 503
      if (typeof rest[0] === 'string') rest[0] = 'Service Unavailable'
      if (!this.headersSent) this.setHeader('Retry-After', String(OUTAGE_RETRY_AFTER_SECONDS))
    }
    return writeHead.call(this, code, ...rest)
  }
}
