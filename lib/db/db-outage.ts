// The database being away (a PostgreSQL restart or failover, a dropped connection) is not a bug
// in the request: the wrappers (lib/http/ajax.ts, lib/api/api-route.ts) and the pages' error
// screen answer 503 with Retry-After instead of a 500, and the pg pool opens new connections
// once the server is back, so the next requests succeed without a restart of the app.

/** Seconds a client should wait before retrying while the database is unreachable. */
export const DB_RETRY_AFTER_SECONDS = 5

export const DB_UNAVAILABLE_MESSAGE = 'The service is briefly unavailable. Please try again in a few seconds.'

// PostgreSQL SQLSTATEs: admin_shutdown, crash_shutdown, cannot_connect_now (starting up or
// shutting down), connection_exception, connection_does_not_exist, connection_failure,
// sqlclient_unable_to_establish_sqlconnection, sqlserver_rejected_establishment_of_sqlconnection.
const PG_CODES = new Set(['57P01', '57P02', '57P03', '08000', '08003', '08006', '08001', '08004'])
// Node socket errors on the way to the server.
const NET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
])
// Prisma: can't reach the server (P1001), connection closed (P1017), timed out (P1002, P2024);
// its P2039 / P2010 ("Database error. Code: …") carry the server's code in meta.driverAdapterError.
const PRISMA_CODES = new Set(['P1001', 'P1002', 'P1017', 'P2024'])
// Prisma's driver-adapter error kinds for the same situations.
const ADAPTER_KINDS = new Set(['DatabaseNotReachable', 'ConnectionClosed', 'SocketTimeout', 'TooManyConnections'])
// node-postgres reports a connection lost mid-query, or a pool that could not connect in time,
// with a plain Error and no code.
const PG_MESSAGES = [
  /^Connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /Client has encountered a connection error/i,
  /the database system is (starting up|shutting down|in recovery mode)/i,
]

type ErrorLike = {
  code?: unknown
  errorCode?: unknown
  kind?: unknown
  message?: unknown
  cause?: unknown
  errors?: unknown
  originalCode?: unknown
  meta?: { driverAdapterError?: unknown } | null
}

/** True when `e` (or an error it wraps) says the database cannot be reached right now. */
export function isConnectionError(e: unknown, depth = 0): boolean {
  if (!e || typeof e !== 'object' || depth > 6) return false
  const x = e as ErrorLike
  for (const c of [x.code, x.errorCode, x.originalCode]) {
    if (typeof c === 'string' && (PG_CODES.has(c) || NET_CODES.has(c) || PRISMA_CODES.has(c))) return true
  }
  if (typeof x.kind === 'string' && ADAPTER_KINDS.has(x.kind)) return true
  if (x.kind === 'postgres' && typeof x.code === 'string' && PG_CODES.has(x.code)) return true
  if (typeof x.message === 'string' && PG_MESSAGES.some((re) => re.test(x.message as string))) return true
  if (Array.isArray(x.errors) && x.errors.some((inner) => isConnectionError(inner, depth + 1))) return true
  // Prisma keeps the driver adapter's error (whose cause has the server's code) in meta.
  if (x.meta && typeof x.meta === 'object' && isConnectionError(x.meta.driverAdapterError, depth + 1)) return true
  return isConnectionError(x.cause, depth + 1)
}

export const dbUnavailableHeaders = (): Record<string, string> => ({ 'Retry-After': String(DB_RETRY_AFTER_SECONDS) })

/** One line for the log: the driver's last message line (Prisma's first lines quote our source). */
export function describeOutage(e: unknown): string {
  const text = e instanceof Error ? e.message : String(e)
  return text.trim().split('\n').filter(Boolean).pop() ?? text
}

// The process-wide outage mark (globalThis.__dbOutage, read by scripts/server.mjs, which
// turns a page's 500 into a 503 while it is set): set when opening a connection to the
// database fails for a connection reason, cleared by the next connection that opens.
type OutageMark = { at: number; message: string }
const og = globalThis as unknown as { __dbOutage?: OutageMark | null }

export function markDbOutage(e: unknown): void {
  og.__dbOutage = { at: Date.now(), message: describeOutage(e) }
}

export function clearDbOutage(): void {
  if (og.__dbOutage) og.__dbOutage = null
}
