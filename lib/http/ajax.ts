// The one wrapper for /ajax route handlers: CSRF, session, company scope, permission,
// feature flag, input parsing (zod) and error mapping (400 with field errors, 503 with
// Retry-After while the database is unreachable, else an opaque 500), written once.
import { randomUUID } from 'node:crypto'
import { z, ZodError, type ZodType } from 'zod'
import { AppError, forbidden, notFound, unauthorized } from '@/lib/errors/app-error'
import { fieldErrorsFrom } from '@/lib/errors/field-errors'
import { csrfOk, isMutating } from './csrf'
import { parseCookies } from '@/lib/text/cookies'
import { camelizeKeys } from '@/lib/text/keys'
import { clientIp } from './client-ip'
import { BodyError, parseJsonText, readBodyText } from './read-body'
import { DB_UNAVAILABLE_MESSAGE, dbUnavailableHeaders, describeOutage, isConnectionError } from '@/lib/db/db-outage'
import { SESSION_COOKIE, SESSION_STATE_COOKIE } from '@/lib/auth/config'
import { getPrincipal, sessionStateCookie, type Principal } from '@/lib/auth/session'
import { recordStaffVisit } from '@/lib/auth/staff-visit'
import { hasPermission, hasStaffPermission, type PartialResources } from '@/lib/auth/permissions'
import { isFlagOn } from '@/lib/flags/get-feature-flags'
import { reportError } from '@/lib/errors/reporter'
import { badIntParams } from '@/lib/ids/int-id'

type AuthMode = 'required' | 'optional' | 'none'

export interface AjaxCtx<P> {
  principal: P
  requestId: string
  ip: string
  req: Request
  cookies: Record<string, string>
}

type PrincipalFor<A extends AuthMode> = A extends 'required' ? Principal : Principal | null

export interface AjaxOptions<A extends AuthMode, Q, B, R> {
  auth?: A
  resources?: readonly string[]
  partial?: PartialResources
  /** Staff-only handler; the listed staff resources are all required. */
  staff?: readonly string[]
  flag?: string
  /** Defaults to true for POST, PUT, PATCH and DELETE. */
  csrf?: boolean
  query?: ZodType<Q>
  body?: ZodType<B>
  /** Path params that are Int row ids: anything but a positive integer within int4 is a 404. */
  intParams?: readonly string[]
  status?: number
  handler: (args: {
    ctx: AjaxCtx<PrincipalFor<A>>
    query: Q
    body: B
    params: Record<string, string>
  }) => Promise<R> | R
}

export { fieldErrorsFrom }

export function errorResponse(e: unknown, requestId: string, route: string): Response {
  if (e instanceof ZodError) {
    return Response.json(
      {
        error: 'invalid',
        message: 'Please correct the highlighted fields.',
        fieldErrors: fieldErrorsFrom(e),
        requestId,
      },
      { status: 400 },
    )
  }
  if (e instanceof AppError) {
    return Response.json(
      { error: e.code, message: e.message, ...(e.fieldErrors ? { fieldErrors: e.fieldErrors } : {}), requestId },
      { status: e.status, headers: e.headers },
    )
  }
  if (isConnectionError(e)) {
    // The database is restarting or unreachable: not a bug, and the next try may well work.
    console.warn(`[ajax] ${route}: database unavailable (${describeOutage(e)}), answered 503 (request ${requestId})`)
    return Response.json(
      { error: 'service_unavailable', message: DB_UNAVAILABLE_MESSAGE, requestId },
      { status: 503, headers: dbUnavailableHeaders() },
    )
  }
  reportError({ error: e, route, requestId })
  return Response.json(
    { error: 'server_error', message: 'Something went wrong on our side. Please try again.', requestId },
    { status: 500 },
  )
}

/** /ajax bodies are forms and small JSON documents; CSV imports are the largest (5 MB files). */
export const MAX_AJAX_BODY_BYTES = 6 * 1024 * 1024

/** Maps the body reader's one error type to the ajax error shape. */
function ajaxBodyError(e: unknown): unknown {
  if (!(e instanceof BodyError)) return e
  if (e.kind === 'too_large') return new AppError('payload_too_large', 413, 'The request body is too large.')
  return new AppError('invalid', 400, e.kind === 'bad_json' ? 'The request body is not valid JSON.' : e.message)
}

/** The parsed body of an /ajax request, size- and depth-checked, keys as sent. */
export async function readBody(req: Request): Promise<unknown> {
  try {
    const text = await readBodyText(req, MAX_AJAX_BODY_BYTES)
    if (!text.trim()) return {}
    const type = req.headers.get('content-type') ?? ''
    if (type.includes('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(text))
    return parseJsonText(text)
  } catch (e) {
    throw ajaxBodyError(e)
  }
}

function queryObject(url: URL): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {}
  for (const key of new Set(url.searchParams.keys())) {
    const all = url.searchParams.getAll(key)
    out[key] = all.length > 1 ? all : all[0]!
  }
  return out
}

/**
 * Every answer to a signed-in request carries the session-state cookie again, so the browser's
 * expiry clock follows the idle window as the user works (a handler that sets it itself, such
 * as logout or a company switch, wins).
 */
function withFreshSessionState(res: Response, principal: Principal | null): Response {
  if (!principal) return res
  const already = res.headers.getSetCookie?.().some((c) => c.startsWith(`${SESSION_STATE_COOKIE}=`))
  if (!already) res.headers.append('set-cookie', sessionStateCookie(principal))
  return res
}

export function ajax<
  A extends AuthMode = 'required',
  Q = Record<string, never>,
  B = Record<string, never>,
  R = unknown,
>(opts: AjaxOptions<A, Q, B, R>) {
  return async (req: Request, context?: { params?: Promise<Record<string, string | string[]>> }): Promise<Response> => {
    const requestId = randomUUID()
    const url = new URL(req.url)
    try {
      const cookies = parseCookies(req.headers.get('cookie'))
      if ((opts.csrf ?? isMutating(req.method)) && !csrfOk(req)) {
        throw new AppError('csrf_failed', 403, 'CSRF verification failed. Reload the page and try again.')
      }
      const auth: AuthMode = opts.auth ?? 'required'
      const principal = auth === 'none' ? null : await getPrincipal(cookies[SESSION_COOKIE])
      if (auth === 'required' && !principal) throw unauthorized()
      if (principal) {
        if (opts.staff && !(principal.user.isStaff && hasStaffPermission(principal.staffResources, opts.staff)))
          throw notFound()
        if (
          (opts.resources || opts.partial) &&
          !hasPermission(principal.resources, { required: opts.resources, partial: opts.partial })
        ) {
          throw forbidden()
        }
        if (opts.flag && !(await isFlagOn(principal.companyId, opts.flag))) throw notFound()
        // Issue 27 §2: staff inside a customer account leave a trail of every request.
        if (principal.staffAccess)
          await recordStaffVisit({
            staffUserId: principal.userId,
            companyId: principal.companyId,
            method: req.method,
            path: url.pathname,
            ip: clientIp(req),
          })
      }
      const rawParams = (await context?.params) ?? {}
      const params: Record<string, string> = {}
      for (const [k, v] of Object.entries(rawParams)) params[k] = Array.isArray(v) ? v.join('/') : v
      if (badIntParams(params, opts.intParams).length) throw notFound()
      const query = (opts.query ? opts.query.parse(queryObject(url)) : {}) as Q
      const body = (opts.body ? opts.body.parse(camelizeKeys(await readBody(req))) : {}) as B
      const ctx = { principal, requestId, ip: clientIp(req), req, cookies } as AjaxCtx<PrincipalFor<A>>
      const result = await opts.handler({ ctx, query, body, params })
      const res = result instanceof Response ? result : Response.json(result ?? {}, { status: opts.status ?? 200 })
      return withFreshSessionState(res, principal)
    } catch (e) {
      return errorResponse(e, requestId, url.pathname)
    }
  }
}

export { z }
