// The merchant's answer on the consent screen. Approval stores a single-use code (hashed, ten
// minutes) bound to the client, the redirect URI, the scopes and the PKCE challenge; denial
// answers access_denied. Either way the client's state is echoed.
import { db } from '@/lib/db/client'
import { checkAuthorizeRequest, errorRedirect, type AuthorizeParams } from './authorize-request'
import { CODE_TTL_MS, newCredential, sha256 } from './tokens'

export async function decideAuthorization(
  p: AuthorizeParams,
  who: { companyId: number; userId: number },
  approve: boolean,
  now = new Date(),
): Promise<{ redirect: string } | { show: string }> {
  const check = await checkAuthorizeRequest(p)
  if (!check.ok) return 'show' in check ? { show: check.show } : { redirect: check.redirect }
  const r = check.request
  if (!approve)
    return { redirect: errorRedirect(r.redirectUri, 'access_denied', 'The account owner denied the request.', r.state) }
  const code = newCredential('kac')
  await db.oAuthCode.create({
    data: {
      codeHash: sha256(code),
      appId: r.app.id,
      companyId: who.companyId,
      userId: who.userId,
      redirectUri: r.redirectUri,
      scopes: JSON.stringify(r.scopes),
      codeChallenge: r.codeChallenge,
      codeChallengeMethod: 'S256',
      expiresAt: new Date(now.getTime() + CODE_TTL_MS),
    },
  })
  const url = new URL(r.redirectUri)
  url.searchParams.set('code', code)
  if (r.state != null) url.searchParams.set('state', r.state)
  return { redirect: url.toString() }
}
