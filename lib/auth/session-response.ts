// A JSON response that also sets cookies (sign-in, switching company, sign-out).
import { sessionCookies } from './session'
import type { StartedSession } from './start-session'

export function jsonWithCookies(body: unknown, setCookies: string[], status = 200): Response {
  const headers = new Headers({ 'content-type': 'application/json', 'cache-control': 'no-store' })
  for (const c of setCookies) headers.append('set-cookie', c)
  return new Response(JSON.stringify(body), { status, headers })
}

/**
 * Hands a started session to the browser. A half-authenticated one gets only the sealed cookie
 * (the browser shell must not think it is signed in) and is sent to enter or set up its second
 * factor; `extraCookies` lets a caller clear what the shell still holds.
 */
export async function startedSessionResponse(
  started: StartedSession,
  body: Record<string, unknown> = {},
  status = 200,
  extraCookies: string[] = [],
): Promise<Response> {
  const cookies = await sessionCookies(started.session)
  if (started.mfaPending) {
    const redirect = started.mfaPending === 'verify' ? '/login-mfa' : '/configure-mfa'
    return jsonWithCookies({ ok: true, ...body, mfaRequired: true, redirect }, [cookies[0]!, ...extraCookies], status)
  }
  return jsonWithCookies({ ok: true, redirect: '/dashboard', ...body }, cookies, status)
}
