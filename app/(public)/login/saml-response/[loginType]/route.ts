// POST /login/saml-response/[loginType] – the SAML assertion consumer service: the identity
// provider posts its signed answer here (a cross-site form post, so no CSRF token: the signature,
// audience, InResponseTo and the one-use relay state are the checks). It answers with a redirect:
// the dashboard (or the second factor) with the session cookies, the SSO test page, or the sign-in
// page with the reason.
import { appLink } from '@/lib/config/app-url'
import { AppError } from '@/lib/errors/app-error'
import { SESSION_COOKIE } from '@/lib/auth/config'
import { sessionCookies, unsealSessionId } from '@/lib/auth/session'
import { handleSamlResponse } from '@/lib/auth/sso/handle-saml-response'
import { parseCookies } from '@/lib/http/cookies'
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
    if (outcome.mode === 'test') return see('/sso/test?result=ok')
    const cookies = await sessionCookies(outcome.started.session)
    const pending = outcome.started.mfaPending
    if (pending) return see(pending === 'verify' ? '/login-mfa' : '/configure-mfa', [cookies[0]!])
    return see('/dashboard', cookies)
  } catch (e) {
    if (e instanceof AppError && e.code === 'sso_test_failed') return see('/sso/test?result=failed')
    if (e instanceof AppError) return see(`/login?sso_error=${encodeURIComponent(e.code)}`)
    reportError({ error: e, route: '/login/saml-response', requestId: 'saml' })
    return see('/login?sso_error=server_error')
  }
}

// GET /login/saml-response/[loginType] – nothing to consume without a posted answer: back to the sign-in
export function GET(): Response {
  return see('/login')
}
