// The token endpoint's grants (RFC 6749 §4.1.3 and §6) with PKCE (RFC 7636 §4.6).
// A code works once: its use is claimed with a conditional update, and a second use revokes
// what the first issued (§4.1.2). Refresh tokens rotate: each use retires the token and
// issues a new pair in the same family; presenting a retired one means it leaked, so the
// whole family is revoked (OAuth 2.0 Security BCP §4.14.2).
import { randomUUID } from 'node:crypto'
import { db } from '@/lib/db/client'
import { parseJsonArray, withImpliedReads } from './app-fields'
import type { AuthedClient } from './client-auth'
import { OAuthError } from './oauth-error'
import { ACCESS_TTL_S, REFRESH_TTL_MS, VERIFIER_RE, newCredential, s256, sameHash, sha256 } from './tokens'

export interface TokenResponse {
  access_token: string
  token_type: 'Bearer'
  expires_in: number
  refresh_token: string
  scope: string
}

async function issue(
  client: AuthedClient,
  grant: { companyId: number; userId: number | null; familyId: string; scopes: string[] },
  now: Date,
): Promise<TokenResponse> {
  const access = newCredential('kat')
  const refresh = newCredential('krt')
  await db.oAuthToken.create({
    data: {
      id: randomUUID(),
      appId: client.id,
      companyId: grant.companyId,
      userId: grant.userId,
      familyId: grant.familyId,
      accessTokenHash: sha256(access),
      refreshTokenHash: sha256(refresh),
      scopes: JSON.stringify(grant.scopes),
      accessExpiresAt: new Date(now.getTime() + ACCESS_TTL_S * 1000),
      refreshExpiresAt: new Date(now.getTime() + REFRESH_TTL_MS),
    },
  })
  return {
    access_token: access,
    token_type: 'Bearer',
    expires_in: ACCESS_TTL_S,
    refresh_token: refresh,
    scope: grant.scopes.join(' '),
  }
}

const revokeFamily = (familyId: string, now: Date) =>
  db.oAuthToken.updateMany({ where: { familyId, revokedAt: null }, data: { revokedAt: now } })

export async function exchangeCode(
  client: AuthedClient,
  form: URLSearchParams,
  now = new Date(),
): Promise<TokenResponse> {
  const code = form.get('code')
  const verifier = form.get('code_verifier')
  const redirectUri = form.get('redirect_uri')
  if (!code) throw new OAuthError('invalid_request', 'code is required.')
  if (!verifier) throw new OAuthError('invalid_request', 'code_verifier is required (PKCE).')
  if (!VERIFIER_RE.test(verifier))
    throw new OAuthError('invalid_request', 'code_verifier must be 43 to 128 unreserved characters.')
  const codeHash = sha256(code)
  const row = await db.oAuthCode.findUnique({ where: { codeHash } })
  if (!row || row.appId !== client.id) throw new OAuthError('invalid_grant', 'The authorization code is invalid.')
  if (row.usedAt) {
    // The family of a code's tokens is the code's hash, so a replay can find and end them.
    await revokeFamily(codeHash, now)
    throw new OAuthError('invalid_grant', 'The authorization code was already used.')
  }
  if (row.expiresAt <= now) throw new OAuthError('invalid_grant', 'The authorization code has expired.')
  if (redirectUri !== row.redirectUri)
    throw new OAuthError('invalid_grant', 'redirect_uri does not match the authorization request.')
  if (
    !sameHash(
      Buffer.from(s256(verifier), 'base64url').toString('hex'),
      Buffer.from(row.codeChallenge, 'base64url').toString('hex'),
    )
  ) {
    throw new OAuthError('invalid_grant', 'code_verifier does not match the code_challenge.')
  }
  const claimed = await db.oAuthCode.updateMany({ where: { codeHash, usedAt: null }, data: { usedAt: now } })
  if (claimed.count !== 1) throw new OAuthError('invalid_grant', 'The authorization code was already used.')
  return issue(
    client,
    { companyId: row.companyId, userId: row.userId, familyId: codeHash, scopes: parseJsonArray(row.scopes) },
    now,
  )
}

export async function exchangeRefresh(
  client: AuthedClient,
  form: URLSearchParams,
  now = new Date(),
): Promise<TokenResponse> {
  const refresh = form.get('refresh_token')
  if (!refresh) throw new OAuthError('invalid_request', 'refresh_token is required.')
  const row = await db.oAuthToken.findUnique({ where: { refreshTokenHash: sha256(refresh) } })
  if (!row || row.appId !== client.id) throw new OAuthError('invalid_grant', 'The refresh token is invalid.')
  if (row.revokedAt) throw new OAuthError('invalid_grant', 'The refresh token was revoked.')
  if (row.rotatedAt) {
    await revokeFamily(row.familyId, now)
    throw new OAuthError(
      'invalid_grant',
      'The refresh token was already used; every token of this grant is now revoked.',
    )
  }
  if (row.refreshExpiresAt && row.refreshExpiresAt <= now)
    throw new OAuthError('invalid_grant', 'The refresh token has expired.')
  const granted = parseJsonArray(row.scopes)
  const asked = form.get('scope')?.trim()
  // §6: a refresh may narrow the scopes, never widen them.
  const scopes = asked ? withImpliedReads(asked.split(/\s+/)) : granted
  if (scopes.some((s) => !granted.includes(s)))
    throw new OAuthError('invalid_scope', 'A refresh cannot add scopes the grant does not have.')
  const claimed = await db.oAuthToken.updateMany({
    where: { id: row.id, rotatedAt: null, revokedAt: null },
    data: { rotatedAt: now },
  })
  if (claimed.count !== 1) {
    await revokeFamily(row.familyId, now)
    throw new OAuthError(
      'invalid_grant',
      'The refresh token was already used; every token of this grant is now revoked.',
    )
  }
  return issue(client, { companyId: row.companyId, userId: row.userId, familyId: row.familyId, scopes }, now)
}
