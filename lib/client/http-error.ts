// The error every browser HTTP call rejects with. Non-HTTP failures use status 0 and a marker.
export const SESSION_EXPIRED = 'SESSION_EXPIRED'
export const TIMEOUT = 'TIMEOUT'
export const ABORTED = 'ABORTED'
export const NETWORK_ERROR = 'NETWORK_ERROR'
export const REDIRECT = 'REDIRECT'

export class HttpError extends Error {
  readonly status: number
  readonly data: unknown

  constructor(status: number, data: unknown, message?: string) {
    super(message ?? messageFrom(data) ?? `Request failed with status ${status}`)
    this.name = 'HttpError'
    this.status = status
    this.data = data
  }
}

function messageFrom(data: unknown): string | undefined {
  if (data && typeof data === 'object') {
    const m = (data as { message?: unknown; detail?: unknown }).message ?? (data as { detail?: unknown }).detail
    if (typeof m === 'string' && m) return m
  }
  return undefined
}

export const isHttpError = (e: unknown): e is HttpError => e instanceof HttpError
export const isSessionExpired = (e: unknown) => isHttpError(e) && e.status === 401 && e.data === SESSION_EXPIRED
export const isTimeout = (e: unknown) => isHttpError(e) && e.status === 0 && e.data === TIMEOUT

export function sessionExpiredError(): HttpError {
  return new HttpError(401, SESSION_EXPIRED, 'Session expired')
}
