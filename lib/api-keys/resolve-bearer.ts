// An /api Bearer token (an OAuth app's access token) to the company and scopes it was granted,
// beside the private keys' check so the /api wrapper needs nothing of lib/oauth (which builds on
// lib/http and lib/auth: importing it put the whole OAuth module in lib's import cycle). Read on
// every request with no cache, so a revoked token stops at once; an expired or revoked token, or
// one whose app was deleted, resolves to null. Tokens are stored as their SHA-256 in hex, as
// lib/oauth/tokens.ts issues them.
import { createHash } from 'node:crypto'
import { db } from '@/lib/db/client'

export interface BearerIdentity {
  companyId: number
  appId: string
  scopes: string[]
}

function grantedScopes(json: string): string[] {
  try {
    const v = JSON.parse(json) as unknown
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []
  } catch {
    return []
  }
}

export async function resolveBearer(token: string, now = new Date()): Promise<BearerIdentity | null> {
  if (!/^kat_[A-Za-z0-9_-]{20,100}$/.test(token)) return null
  const row = await db.oAuthToken.findUnique({
    where: { accessTokenHash: createHash('sha256').update(token).digest('hex') },
    select: { companyId: true, appId: true, scopes: true, revokedAt: true, accessExpiresAt: true },
  })
  if (!row || row.revokedAt || row.accessExpiresAt <= now) return null
  const scopes = grantedScopes(row.scopes)
  // An empty list means full access to the scope check; a grant always names its scopes.
  if (scopes.length === 0) return null
  return { companyId: row.companyId, appId: row.appId, scopes }
}
