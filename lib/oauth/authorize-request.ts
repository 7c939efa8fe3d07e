// Checks an /oauth/authorize request (RFC 6749 §4.1.1 with RFC 7636 PKCE) before the merchant
// sees anything. Until client_id and redirect_uri are proven, errors are shown on our page and
// never redirected (§4.1.2.1: an unchecked redirect_uri would make us an open redirector).
import { db } from '@/lib/db/client'
import { parseJsonArray, withImpliedReads } from './app-fields'
import { CHALLENGE_RE } from './tokens'

export interface AuthorizeParams {
  client_id?: string | null
  redirect_uri?: string | null
  response_type?: string | null
  scope?: string | null
  state?: string | null
  code_challenge?: string | null
  code_challenge_method?: string | null
}

export interface CheckedAuthorize {
  app: { id: string; name: string; companyId: number; companyName: string; published: boolean }
  redirectUri: string
  scopes: string[]
  state: string | null
  codeChallenge: string
}

export type AuthorizeCheck =
  | { ok: true; request: CheckedAuthorize }
  /** Shown on our page: the client or its redirect URI is not trusted. */
  | { ok: false; show: string }
  /** Sent back to the client's redirect URI. */
  | { ok: false; redirect: string }

export function errorRedirect(redirectUri: string, error: string, description: string, state: string | null): string {
  const url = new URL(redirectUri)
  url.searchParams.set('error', error)
  url.searchParams.set('error_description', description)
  if (state != null) url.searchParams.set('state', state)
  return url.toString()
}

export async function checkAuthorizeRequest(p: AuthorizeParams): Promise<AuthorizeCheck> {
  const clientId = p.client_id?.trim()
  if (!clientId) return { ok: false, show: 'The request names no client_id.' }
  const app = await db.oAuthApp.findUnique({ where: { id: clientId } })
  if (!app) return { ok: false, show: 'No app is registered with this client_id.' }
  const registered = parseJsonArray(app.redirectUris)
  // Required (as in OAuth 2.1), so the token request can always be held to the same URI.
  const redirectUri = p.redirect_uri
  if (!redirectUri) return { ok: false, show: 'The request names no redirect_uri.' }
  // Exact string match (RFC 6749 §3.1.2.3 and the OAuth security BCP): no prefix, no normalising.
  if (!registered.includes(redirectUri)) return { ok: false, show: 'The redirect_uri is not one the app registered.' }
  const state = p.state ?? null
  const fail = (error: string, description: string) => ({
    ok: false as const,
    redirect: errorRedirect(redirectUri, error, description, state),
  })
  if (p.response_type !== 'code') return fail('unsupported_response_type', 'Only response_type=code is supported.')
  if (!p.code_challenge)
    return fail('invalid_request', 'PKCE is required: send code_challenge and code_challenge_method=S256.')
  if (p.code_challenge_method !== 'S256')
    return fail('invalid_request', 'Only code_challenge_method=S256 is supported; plain is refused.')
  if (!CHALLENGE_RE.test(p.code_challenge))
    return fail('invalid_request', 'code_challenge must be a base64url SHA-256 (43 characters).')
  const allowed = parseJsonArray(app.scopes)
  const asked = p.scope?.trim() ? withImpliedReads(p.scope.trim().split(/\s+/)) : allowed
  const unknown = asked.filter((s) => !allowed.includes(s))
  if (unknown.length) return fail('invalid_scope', `The app did not register these scopes: ${unknown.join(' ')}.`)
  if (asked.length === 0) return fail('invalid_scope', 'No scope was asked for.')
  const company = await db.company.findUnique({ where: { id: app.companyId }, select: { name: true } })
  return {
    ok: true,
    request: {
      app: {
        id: app.id,
        name: app.name,
        companyId: app.companyId,
        companyName: company?.name ?? '',
        published: app.status === 'published',
      },
      redirectUri,
      scopes: asked.sort(),
      state,
      codeChallenge: p.code_challenge,
    },
  }
}
