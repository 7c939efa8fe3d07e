// An /api Bearer token to the company and scopes it was granted. Read on every request with no
// cache, so a revoked token stops at once; an expired or revoked token, or one whose app was
// deleted, resolves to null.
import { db } from '@/lib/db/client'
import { parseJsonArray } from './app-fields'
import { sha256 } from './tokens'

export interface BearerIdentity {
  companyId: number
  appId: string
  scopes: string[]
}

export async function resolveBearer(token: string, now = new Date()): Promise<BearerIdentity | null> {
  if (!/^kat_[A-Za-z0-9_-]{20,100}$/.test(token)) return null
  const row = await db.oAuthToken.findUnique({
    where: { accessTokenHash: sha256(token) },
    select: { companyId: true, appId: true, scopes: true, revokedAt: true, accessExpiresAt: true },
  })
  if (!row || row.revokedAt || row.accessExpiresAt <= now) return null
  const scopes = parseJsonArray(row.scopes)
  // An empty list means full access to the scope check; a grant always names its scopes.
  if (scopes.length === 0) return null
  return { companyId: row.companyId, appId: row.appId, scopes }
}
