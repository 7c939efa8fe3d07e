// Server-side sessions: an iron-session sealed HttpOnly cookie names a Session row; the row
// decides (revocation, absolute and idle expiry). A readable state cookie mirrors it for the
// browser shell in seed 000's format: company;user;other;seconds-to-expiry;version.
import { randomBytes } from 'node:crypto'
import { sealData, unsealData } from 'iron-session'
import { db } from '@/lib/db/client'
import { sessionSecret } from './secret'
import { sessionConfig, SESSION_COOKIE, SESSION_STATE_COOKIE, SESSION_STATE_VERSION, secureCookies } from './config'
import { serializeCookie } from '@/lib/text/cookies'
import { loadPrincipalForSession, type Principal } from './principal'

export type { Principal }

interface SealedSession {
  sid: string
}

export async function sealSessionId(sid: string): Promise<string> {
  return sealData({ sid } satisfies SealedSession, { password: sessionSecret(), ttl: sessionConfig.absoluteSeconds })
}

export async function unsealSessionId(sealed: string | undefined): Promise<string | null> {
  if (!sealed) return null
  try {
    const data = await unsealData<Partial<SealedSession>>(sealed, {
      password: sessionSecret(),
      ttl: sessionConfig.absoluteSeconds,
    })
    return typeof data.sid === 'string' ? data.sid : null
  } catch {
    return null
  }
}

/**
 * `mfaPending` starts a half-authenticated session (after the password, before the second
 * factor): it is no principal anywhere, only the two-factor calls read it.
 */
export async function createSession(input: {
  userId: number
  companyId: number
  ip?: string | null
  userAgent?: string | null
  staffAccess?: boolean
  mfaPending?: 'verify' | 'setup' | null
}) {
  const now = new Date()
  return db.session.create({
    data: {
      id: randomBytes(24).toString('base64url'),
      userId: input.userId,
      companyId: input.companyId,
      staffAccess: input.staffAccess ?? false,
      mfaPending: input.mfaPending ?? null,
      ip: input.ip ?? null,
      userAgent: input.userAgent?.slice(0, 500) ?? null,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + sessionConfig.absoluteSeconds * 1000),
    },
  })
}

export async function revokeSession(sid: string): Promise<void> {
  await db.session.updateMany({ where: { id: sid, revokedAt: null }, data: { revokedAt: new Date() } })
}

/** The moment a session ends: the sooner of its absolute and idle expiry. */
export function effectiveExpiry(s: { expiresAt: Date; lastSeenAt: Date }): Date {
  const idle = s.lastSeenAt.getTime() + sessionConfig.idleSeconds * 1000
  return new Date(Math.min(s.expiresAt.getTime(), idle))
}

/** Reads the sealed cookie value and returns the signed-in principal, or null. */
export async function getPrincipal(
  sealed: string | undefined,
  opts: { touch?: boolean } = {},
): Promise<Principal | null> {
  const sid = await unsealSessionId(sealed)
  if (!sid) return null
  return loadPrincipalForSession(sid, opts)
}

export function sessionStateValue(
  p: { companyId: number; userId: number; expiresAt: Date } | null,
  now = Date.now(),
): string {
  if (!p) return ''
  const seconds = Math.max(0, Math.floor((p.expiresAt.getTime() - now) / 1000))
  return [p.companyId, p.userId, '', seconds, SESSION_STATE_VERSION].join(';')
}

/** Set-Cookie values that start or refresh a session in the browser. */
export async function sessionCookies(s: {
  id: string
  companyId: number
  userId: number
  expiresAt: Date
  lastSeenAt?: Date
}): Promise<string[]> {
  // A session row (login, register) carries lastSeenAt: the browser is told the sooner of
  // its absolute and idle ends, the moment the server will actually refuse it.
  const ends = s.lastSeenAt ? effectiveExpiry({ expiresAt: s.expiresAt, lastSeenAt: s.lastSeenAt }) : s.expiresAt
  const state = { ...s, expiresAt: ends }
  const maxAge = Math.max(0, Math.floor((ends.getTime() - Date.now()) / 1000))
  const secure = secureCookies()
  return [
    serializeCookie(SESSION_COOKIE, await sealSessionId(s.id), {
      httpOnly: true,
      secure,
      maxAge: sessionConfig.absoluteSeconds,
    }),
    serializeCookie(SESSION_STATE_COOKIE, sessionStateValue(state), { secure, maxAge }),
  ]
}

/** The state cookie alone, refreshed on authenticated responses so the browser's clock stays true. */
export function sessionStateCookie(p: { companyId: number; userId: number; expiresAt: Date }): string {
  const maxAge = Math.max(0, Math.floor((p.expiresAt.getTime() - Date.now()) / 1000))
  return serializeCookie(SESSION_STATE_COOKIE, sessionStateValue(p), { secure: secureCookies(), maxAge })
}

export function clearedSessionCookies(): string[] {
  const secure = secureCookies()
  return [
    serializeCookie(SESSION_COOKIE, '', { httpOnly: true, secure, maxAge: 0 }),
    serializeCookie(SESSION_STATE_COOKIE, '', { secure, maxAge: 0 }),
  ]
}
