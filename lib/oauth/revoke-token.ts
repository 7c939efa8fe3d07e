// RFC 7009 revocation. The answer is the same whether or not the token existed (§2.2), and a
// client can only revoke its own tokens. Revoking a refresh token ends the whole grant (its
// family), revoking an access token ends that one token.
import { db } from '@/lib/db/client'
import type { AuthedClient } from './client-auth'
import { sha256 } from './tokens'

export async function revokeToken(client: AuthedClient, token: string, now = new Date()): Promise<void> {
  const hash = sha256(token)
  const byRefresh = await db.oAuthToken.findUnique({
    where: { refreshTokenHash: hash },
    select: { appId: true, familyId: true },
  })
  if (byRefresh) {
    if (byRefresh.appId === client.id)
      await db.oAuthToken.updateMany({
        where: { familyId: byRefresh.familyId, revokedAt: null },
        data: { revokedAt: now },
      })
    return
  }
  await db.oAuthToken.updateMany({
    where: { accessTokenHash: hash, appId: client.id, revokedAt: null },
    data: { revokedAt: now },
  })
}

/** The merchant ends an app's access to their account (/oauth/client): every grant of it. */
export async function revokeAppForCompany(companyId: number, appId: string, now = new Date()): Promise<number> {
  const r = await db.oAuthToken.updateMany({ where: { companyId, appId, revokedAt: null }, data: { revokedAt: now } })
  return r.count
}
