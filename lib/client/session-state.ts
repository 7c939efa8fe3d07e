// Parses the readable session-state cookie (seed 000 §4 "Session parsing"):
// 'company;user;other;seconds-to-expiry;version'.
import { readCookie } from './cookies'

export const SESSION_STATE_COOKIE = 'kl_session_state'
export const SESSION_STATE_VERSION = 'v2'

export type SessionKind = 'authenticated' | 'expired' | 'logged-out'

/** The session record of seed 000 §3. Times are epoch milliseconds. */
export interface SessionRecord {
  companyId: number | null
  userProfileId: number | null
  kind: SessionKind
  expirationTimeUTC?: number
  timeLeftToExpireInMs?: number
}

const toId = (s: string | undefined): number | null => {
  if (!s || !/^\d+$/.test(s.trim())) return null
  const n = Number(s)
  return n > 0 ? n : null
}

const toNumber = (s: string | undefined): number | null => {
  if (s === undefined || s.trim() === '') return null
  const n = Number(s)
  return Number.isFinite(n) ? n : null
}

export function parseSessionState(value: string | null | undefined, now: number = Date.now()): SessionRecord {
  // No cookie at all is a visitor who never signed in (or signed out), not an expiry.
  if (value === null || value === undefined || value.trim() === '') {
    return { companyId: null, userProfileId: null, kind: 'logged-out' }
  }
  const [company, user, other, secondsToExpiry, version] = value.split(';').map((p) => p.trim())
  const companyId = toId(company)
  const userProfileId = toId(user)
  if (companyId === null || userProfileId === null) return { companyId, userProfileId, kind: 'expired' }

  let expiresAt: number | null = null
  if (version === SESSION_STATE_VERSION) {
    const seconds = toNumber(secondsToExpiry)
    if (seconds !== null) expiresAt = now + seconds * 1000
  } else {
    const absolute = toNumber(other)
    // Unix seconds and epoch milliseconds are both seen in the wild; 1e12 ms is 2001.
    if (absolute !== null) expiresAt = absolute < 1e12 ? absolute * 1000 : absolute
  }

  if (expiresAt === null) return { companyId, userProfileId, kind: 'authenticated' }
  const left = expiresAt - now
  if (left <= 0)
    return { companyId, userProfileId, kind: 'expired', expirationTimeUTC: expiresAt, timeLeftToExpireInMs: 0 }
  return { companyId, userProfileId, kind: 'authenticated', expirationTimeUTC: expiresAt, timeLeftToExpireInMs: left }
}

/** The current browser session from the kl_session_state cookie. */
export function readSessionCookie(now: number = Date.now(), cookieSource?: string): SessionRecord {
  return parseSessionState(readCookie(SESSION_STATE_COOKIE, cookieSource), now)
}
