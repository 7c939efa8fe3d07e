// Session lifetimes, configurable per install (seconds).
function seconds(name: string, fallback: number): number {
  const v = Number(process.env[name])
  return Number.isFinite(v) && v > 0 ? v : fallback
}

export const sessionConfig = {
  /** Absolute lifetime from sign-in. */
  get absoluteSeconds() {
    return seconds('SESSION_ABSOLUTE_SECONDS', 14 * 24 * 3600)
  },
  /** Idle lifetime: a session unused for this long ends. */
  get idleSeconds() {
    return seconds('SESSION_IDLE_SECONDS', 24 * 3600)
  },
  /** lastSeenAt is written at most this often (avoids a write per request). */
  touchSeconds: 60,
}

export const SESSION_COOKIE = 'kl_session'
export const SESSION_STATE_COOKIE = 'kl_session_state'
export const CSRF_COOKIE = 'kl_csrftoken'
export const CSRF_HEADER = 'x-csrftoken'
export const SESSION_STATE_VERSION = 'v2'

export function secureCookies(): boolean {
  return (
    process.env.COOKIE_SECURE === '1' ||
    (process.env.COOKIE_SECURE !== '0' && (process.env.APP_URL ?? '').startsWith('https://'))
  )
}
