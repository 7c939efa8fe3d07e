// Shopper sessions of the customer hub: their own cookie (never the merchant's session cookie),
// short-lived, and bound to one profile of one company; only the token's hash is stored.
import { createHash, randomBytes } from 'node:crypto'
import { db } from '@/lib/db/client'

export const HUB_COOKIE = 'hub_session'
export const HUB_SESSION_MINUTES = 30

const hash = (token: string) => createHash('sha256').update(token).digest('hex')

export async function createHubSession(companyId: number, profileId: string, now = new Date()) {
  const token = randomBytes(32).toString('base64url')
  const expiresAt = new Date(now.getTime() + HUB_SESSION_MINUTES * 60_000)
  await db.hubSession.create({ data: { tokenHash: hash(token), companyId, profileId, expiresAt } })
  return { token, expiresAt }
}

/** The session's profile, only when the token belongs to this company's hub and has not expired. */
export async function resolveHubSession(companyId: number, token: string | null, now = new Date()) {
  if (!token || token.length > 200) return null
  const s = await db.hubSession.findUnique({ where: { tokenHash: hash(token) } })
  if (!s || s.companyId !== companyId || s.expiresAt <= now) return null
  return { profileId: s.profileId, companyId: s.companyId }
}

/** Sign-out ends the session on the server too, so a copied cookie stops working. */
export async function revokeHubSession(companyId: number, token: string | null): Promise<void> {
  if (!token || token.length > 200) return
  await db.hubSession.deleteMany({ where: { tokenHash: hash(token), companyId } })
}

export function hubCookie(publicKey: string, token: string, secure: boolean, maxAgeSeconds: number): string {
  // Scoped to the company's hub path so two stores' hubs on one host never share a session.
  const path = `/hub/${encodeURIComponent(publicKey)}`
  return `${HUB_COOKIE}=${token}; Path=${path}; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`
}

export function readHubCookie(req: Request): string | null {
  const header = req.headers.get('cookie') ?? ''
  for (const part of header.split(';')) {
    const [k, ...v] = part.trim().split('=')
    if (k === HUB_COOKIE) return v.join('=') || null
  }
  return null
}
