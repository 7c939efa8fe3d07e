// POST /login/saml-response/[loginType] – the SAML assertion consumer service (loginType saml): the identity
// provider posts its signed answer here (a cross-site form post, so no CSRF token: the signature,
// audience, InResponseTo and the one-use relay state are the checks). It answers with a redirect:
// the dashboard (or the second factor) with the session cookies, the SSO test page, or the sign-in
// page with the reason.
import { appLink } from '@/lib/config/app-url'
import { AppError } from '@/lib/errors/app-error'
import { SESSION_COOKIE } from '@/lib/auth/config'
import { sessionCookies, unsealSessionId } from '@/lib/auth/session'
import { handleSamlResponse, type SamlOutcome } from '@/lib/auth/sso/handle-saml-response'
import { handleOidcCallback, type OidcOutcome } from '@/lib/auth/sso/oidc-flow'
import { parseCookies } from '@/lib/text/cookies'
import { clientIp } from '@/lib/http/client-ip'
import { readBody } from '@/lib/http/ajax'
import { reportError } from '@/lib/errors/reporter'

const see = (path: string, cookies: string[] = []) => {
  const headers = new Headers({ location: appLink(path), 'cache-control': 'no-store' })
  for (const c of cookies) headers.append('set-cookie', c)
  return new Response(null, { status: 303, headers })
}

export async function POST(req: Request, ctx: { params: Promise<{ loginType: string }> }): Promise<Response> {
  const { loginType } = await ctx.params
  if (loginType !== 'saml') return new Response('Not found', { status: 404 })
  try {
    const form = (await readBody(req)) as Record<string, unknown>
    const samlResponse = typeof form.SAMLResponse === 'string' ? form.SAMLResponse : ''
    const relayState = typeof form.RelayState === 'string' ? form.RelayState : ''
    if (!samlResponse) return see('/login?sso_error=sso_invalid')
    const replaces = await unsealSessionId(parseCookies(req.headers.get('cookie'))[SESSION_COOKIE])
    const outcome = await handleSamlResponse({
      samlResponse,
      relayState,
      ip: clientIp(req),
      userAgent: req.headers.get('user-agent'),
      replaces,
    })
    return finish(outcome)
  } catch (e) {
    return failed(e)
  }
}

async function finish(outcome: SamlOutcome | OidcOutcome): Promise<Response> {
  if (outcome.mode === 'test') return see('/sso/test?result=ok')
  const cookies = await sessionCookies(outcome.started.session)
  const pending = outcome.started.mfaPending
  if (pending) return see(pending === 'verify' ? '/login-mfa' : '/configure-mfa', [cookies[0]!])
  return see('/dashboard', cookies)
}

function failed(e: unknown): Response {
  if (e instanceof AppError && e.code === 'sso_test_failed') return see('/sso/test?result=failed')
  if (e instanceof AppError) return see(`/login?sso_error=${encodeURIComponent(e.code)}`)
  reportError({ error: e, route: '/login/saml-response', requestId: 'sso' })
  return see('/login?sso_error=server_error')
}

// GET /login/saml-response/[loginType] – the OpenID Connect redirect back (code and state); anything else: the sign-in
export async function GET(req: Request, ctx: { params: Promise<{ loginType: string }> }): Promise<Response> {
  const { loginType } = await ctx.params
  const q = new URL(req.url).searchParams
  const code = q.get('code')
  const state = q.get('state')
  if (loginType !== 'oidc' || !code || !state) return see(q.get('error') ? '/login?sso_error=sso_invalid' : '/login')
  try {
    const replaces = await unsealSessionId(parseCookies(req.headers.get('cookie'))[SESSION_COOKIE])
    const outcome = await handleOidcCallback({
      code: code.slice(0, 2000),
      state: state.slice(0, 200),
      ip: clientIp(req),
      userAgent: req.headers.get('user-agent'),
      replaces,
    })
    return finish(outcome)
  } catch (e) {
    return failed(e)
  }
}
