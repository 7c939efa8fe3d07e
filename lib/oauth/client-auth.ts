// Client authentication at the token and revocation endpoints (RFC 6749 §2.3): HTTP Basic or
// client_id/client_secret in the body, never both; a public client sends its client_id alone.
import { db } from '@/lib/db/client'
import { OAuthError } from './oauth-error'
import { sameHash, sha256 } from './tokens'

export interface AuthedClient {
  id: string
  companyId: number
  publicClient: boolean
  scopes: string
}

function basicCredentials(header: string | null): { id: string; secret: string } | null {
  const m = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(header?.trim() ?? '')
  if (!m) return null
  const decoded = Buffer.from(m[1]!, 'base64').toString('utf8')
  const i = decoded.indexOf(':')
  if (i < 0) return null
  // RFC 6749 §2.3.1: both parts are form-urlencoded before Basic encoding.
  const dec = (s: string) => {
    try {
      return decodeURIComponent(s.replace(/\+/g, ' '))
    } catch {
      return s
    }
  }
  return { id: dec(decoded.slice(0, i)), secret: dec(decoded.slice(i + 1)) }
}

export async function authenticateClient(authorization: string | null, form: URLSearchParams): Promise<AuthedClient> {
  const basic = basicCredentials(authorization)
  const bodyId = form.get('client_id')
  const bodySecret = form.get('client_secret')
  if (basic && bodySecret) throw new OAuthError('invalid_request', 'Send the client credentials one way only.')
  const id = basic?.id ?? bodyId
  const secret = basic?.secret ?? bodySecret
  if (!id) throw new OAuthError('invalid_client', 'Client authentication failed: no client_id.')
  if (basic && bodyId && bodyId !== basic.id)
    throw new OAuthError('invalid_request', 'client_id does not match the authenticated client.')
  const app = await db.oAuthApp.findUnique({
    where: { id },
    select: { id: true, companyId: true, clientSecretHash: true, scopes: true },
  })
  if (!app) throw new OAuthError('invalid_client', 'Client authentication failed.')
  if (app.clientSecretHash) {
    if (!secret || !sameHash(sha256(secret), app.clientSecretHash))
      throw new OAuthError('invalid_client', 'Client authentication failed.')
  } else if (secret) {
    throw new OAuthError('invalid_client', 'Client authentication failed: this public client has no secret.')
  }
  return { id: app.id, companyId: app.companyId, publicClient: app.clientSecretHash == null, scopes: app.scopes }
}
