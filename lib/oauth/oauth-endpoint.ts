// The wrapper of the two machine endpoints of OAuth (token, revoke): a form-encoded body
// (RFC 6749 §3.2, JSON accepted too), client authentication, the RFC's error shape, no-store.
// Unexpected failures are reported and answered as server_error without details.
import { randomUUID } from 'node:crypto'
import { reportError } from '@/lib/errors/reporter'
import { BodyError, readBodyText } from '@/lib/http/read-body'
import { authenticateClient, type AuthedClient } from './client-auth'
import { OAuthError } from './oauth-error'

const MAX_BODY = 16 * 1024
const NO_STORE = { 'cache-control': 'no-store', pragma: 'no-cache' }

async function readForm(req: Request): Promise<URLSearchParams> {
  let text: string
  try {
    text = await readBodyText(req, MAX_BODY)
  } catch (e) {
    if (e instanceof BodyError) throw new OAuthError('invalid_request', 'The request body is too large.')
    throw e
  }
  const type = req.headers.get('content-type') ?? ''
  if (type.includes('application/json')) {
    let parsed: unknown
    try {
      parsed = JSON.parse(text)
    } catch {
      throw new OAuthError('invalid_request', 'The body is not valid JSON.')
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
      throw new OAuthError('invalid_request', 'The body must be an object.')
    const form = new URLSearchParams()
    for (const [k, v] of Object.entries(parsed)) if (typeof v === 'string') form.set(k, v)
    return form
  }
  return new URLSearchParams(text)
}

export function oauthEndpoint(
  handler: (args: { client: AuthedClient; form: URLSearchParams }) => Promise<unknown>,
  path: string,
) {
  return async (req: Request): Promise<Response> => {
    const authorization = req.headers.get('authorization')
    try {
      const form = await readForm(req)
      const client = await authenticateClient(authorization, form)
      const body = await handler({ client, form })
      return Response.json(body ?? {}, { status: 200, headers: NO_STORE })
    } catch (e) {
      if (e instanceof OAuthError) {
        const headers: Record<string, string> = { ...NO_STORE }
        // §5.2: a failed Basic authentication answers with the scheme the client should use.
        if (e.status === 401) headers['www-authenticate'] = `Basic realm="oauth"`
        return Response.json({ error: e.code, error_description: e.description }, { status: e.status, headers })
      }
      const requestId = randomUUID()
      reportError({ error: e, route: path, requestId })
      return Response.json(
        { error: 'server_error', error_description: `Something went wrong (request ${requestId}).` },
        { status: 500, headers: NO_STORE },
      )
    }
  }
}
