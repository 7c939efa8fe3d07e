// The one wrapper for the public API: /api handlers (private key, scopes) and /client
// handlers (public company id, CORS). Written once: revision header, rate limits, JSON:API
// bodies with a size limit, the vendor's errors[] shape, and response headers.
import { randomUUID } from 'node:crypto'
import type { ZodType } from 'zod'
import { db } from '@/lib/db/client'
import { reportError } from '@/lib/errors/reporter'
import { authenticateApiKey } from '@/lib/api-keys/authenticate-api-key'
import { resolveBearer } from '@/lib/api-keys/resolve-bearer'
import { hasScopes, type ApiScope } from '@/lib/api-keys/scopes'
import { ApiError, apiNotFound, toJsonApiError, type PointerFor } from './api-error'
import { badIntParams } from '@/lib/ids/int-id'
import { FIVE_MB, readJsonBody } from './read-json-body'
import { TIERS, takeDaily, takeToken, rateLimitHeaders, type RateLimit, type Tier } from './rate-limit'
import { clientIp } from '@/lib/http/client-ip'
import { DB_UNAVAILABLE_MESSAGE, dbUnavailableHeaders, describeOutage, isConnectionError } from '@/lib/db/db-outage'
import { SERVED_REVISION, requestedRevision } from './revision'
import { apiRequestUrl } from './request-url'
import { logApiRequest } from '@/lib/api-log/log-api-request'

/** The revision every answer names: the one this server implements. */
export const DEFAULT_REVISION = SERVED_REVISION
export const JSON_API = 'application/vnd.api+json'

export interface ApiCtx {
  companyId: number
  /** null on /client endpoints. */
  keyId: number | null
  /** The key's scopes ([] = full access); /client endpoints have none beyond their own. */
  scopes: readonly string[]
  requestId: string
  req: Request
  url: URL
  revision: string
}

/** A handler result with a status other than the route's default. */
export class ApiResult {
  constructor(
    readonly status: number,
    readonly body?: unknown,
    readonly headers?: Record<string, string>,
  ) {}
}

interface CommonOptions<B> {
  rate: Tier | RateLimit
  body?: ZodType<B>
  /** Defaults to 5 MB, the reference's limit for event payloads. */
  maxBodyBytes?: number
  /** The status of a plain result: 200 by default; 202/204 answer with no body. */
  status?: number
  /** Where a domain field error points in this endpoint's body. */
  pointerFor?: PointerFor
  /** Path params that are Int row ids: anything but a positive integer within int4 is a 404. */
  intParams?: readonly string[]
  handler: (args: { ctx: ApiCtx; body: B; params: Record<string, string> }) => Promise<unknown> | unknown
}

export interface ApiRouteOptions<B> extends CommonOptions<B> {
  /** Every scope the endpoint needs (the reference's "Scopes" list). */
  scopes: readonly ApiScope[]
}

type RouteContext = { params?: Promise<Record<string, string | string[]>> }

async function paramsOf(context?: RouteContext): Promise<Record<string, string>> {
  const raw = (await context?.params) ?? {}
  const out: Record<string, string> = {}
  for (const [k, v] of Object.entries(raw)) out[k] = Array.isArray(v) ? v.join('/') : v
  return out
}

function respond(status: number, body: unknown, headers: Record<string, string>): Response {
  const h = new Headers(headers)
  h.set('revision', DEFAULT_REVISION)
  if (body === undefined || body === null || status === 204) {
    return new Response(null, { status, headers: h })
  }
  h.set('content-type', JSON_API)
  return new Response(JSON.stringify(body), { status, headers: h })
}

function errorResponse(
  e: unknown,
  ctx: { requestId: string; path: string; pointerFor?: PointerFor },
  headers: Record<string, string>,
): Response {
  if (isConnectionError(e)) {
    // The database is restarting or unreachable: a 503 the client may retry, not a 500.
    console.warn(
      `[api] ${ctx.path}: database unavailable (${describeOutage(e)}), answered 503 (request ${ctx.requestId})`,
    )
    const body = {
      errors: [
        {
          id: randomUUID(),
          status: 503,
          code: 'service_unavailable',
          title: 'Service unavailable.',
          detail: DB_UNAVAILABLE_MESSAGE,
        },
      ],
    }
    return respond(503, body, { ...headers, ...dbUnavailableHeaders() })
  }
  const {
    status,
    headers: extra,
    body,
  } = toJsonApiError(e, {
    pointerFor: ctx.pointerFor,
    onUnexpected: (error, id) =>
      reportError({ error, route: ctx.path, requestId: ctx.requestId, extra: { errorId: id } }),
  })
  return respond(status, body, { ...headers, ...extra })
}

async function run<B>(
  req: Request,
  context: RouteContext | undefined,
  opts: CommonOptions<B>,
  authenticate: () => Promise<{ companyId: number; keyId: number | null; scopes: readonly string[]; bucket: string }>,
  baseHeaders: Record<string, string>,
  revisionRequired: boolean,
): Promise<Response> {
  const requestId = randomUUID()
  const url = apiRequestUrl(req)
  const headers: Record<string, string> = { ...baseHeaders }
  try {
    const who = await authenticate()
    const decision = await takeToken(
      `${who.bucket}:${who.companyId}:${typeof opts.rate === 'string' ? opts.rate : `${opts.rate.burst}/${opts.rate.steady}`}`,
      typeof opts.rate === 'string' ? TIERS[opts.rate] : opts.rate,
    )
    Object.assign(headers, rateLimitHeaders(decision))
    if (!decision.allowed) {
      throw new ApiError(
        429,
        'throttled',
        `Request was throttled. Expected available in ${decision.retryAfter} second${decision.retryAfter === 1 ? '' : 's'}.`,
        undefined,
        undefined,
        { 'Retry-After': String(decision.retryAfter) },
      )
    }
    if (typeof opts.rate !== 'string' && opts.rate.daily) {
      const day = await takeDaily(
        `${who.bucket}:${who.companyId}:${opts.rate.burst}/${opts.rate.steady}`,
        opts.rate.daily,
      )
      if (!day.allowed) {
        throw new ApiError(
          429,
          'throttled',
          `Request was throttled: the daily limit of ${opts.rate.daily} requests is used up. Expected available in ${day.retryAfter} seconds.`,
          undefined,
          undefined,
          { 'Retry-After': String(day.retryAfter) },
        )
      }
    }
    const revision = requestedRevision(req, { required: revisionRequired })
    const params = await paramsOf(context)
    const [bad] = badIntParams(params, opts.intParams)
    if (bad !== undefined)
      throw apiNotFound(`No resource was found with id ${JSON.stringify((params[bad] ?? '').slice(0, 40))}.`)
    const body = (opts.body ? opts.body.parse(await readJsonBody(req, opts.maxBodyBytes ?? FIVE_MB)) : undefined) as B
    const ctx: ApiCtx = {
      companyId: who.companyId,
      keyId: who.keyId,
      scopes: who.scopes,
      requestId,
      req,
      url,
      revision,
    }
    const result = await opts.handler({ ctx, body, params })
    if (result instanceof Response) {
      for (const [k, v] of Object.entries(headers)) result.headers.set(k, v)
      return result
    }
    if (result instanceof ApiResult) return respond(result.status, result.body, { ...headers, ...result.headers })
    return respond(opts.status ?? 200, result, headers)
  } catch (e) {
    return errorResponse(e, { requestId, path: url.pathname, pointerFor: opts.pointerFor }, headers)
  }
}

/** 403 unless the key holds every scope (for optional parts such as include=profile). */
export function requireScopes(ctx: ApiCtx, needed: readonly ApiScope[], what: string): void {
  if (!hasScopes(ctx.scopes, needed)) {
    throw new ApiError(
      403,
      'permission_denied',
      `${what} needs the scopes ${needed.join(', ')}, which this API key does not have.`,
    )
  }
}

interface ApiCaller {
  companyId: number
  keyId: number | null
  appId?: string
  scopes: readonly string[]
  bucket: string
}

/** Who calls: a private key or an OAuth app's bearer token (401 when neither is valid). */
async function identifyCaller(req: Request): Promise<ApiCaller> {
  const auth = (req.headers.get('authorization') ?? '').trim()
  // An OAuth app: the bearer's grant gives the company and exactly the scopes approved.
  const bearer = /^Bearer\s+(\S+)$/i.exec(auth)
  if (bearer) {
    const grant = await resolveBearer(bearer[1]!)
    if (!grant)
      throw new ApiError(
        401,
        'not_authenticated',
        'Incorrect authentication credentials: the access token is not valid, has expired or has been revoked.',
      )
    // Each app has its own budget on the account, so an app cannot use up the merchant's own keys' limits.
    return {
      companyId: grant.companyId,
      keyId: null,
      appId: grant.appId,
      scopes: grant.scopes,
      bucket: `app:${grant.appId}`,
    }
  }
  const m = /^Klaviyo-API-Key\s+(\S+)$/i.exec(auth)
  if (!m)
    throw new ApiError(
      401,
      'not_authenticated',
      'Authentication credentials were not provided. Send "Authorization: Klaviyo-API-Key your-private-api-key".',
    )
  const key = await authenticateApiKey(m[1]!)
  if (!key)
    throw new ApiError(
      401,
      'not_authenticated',
      'Incorrect authentication credentials: the API key is not valid or has been revoked.',
    )
  return { companyId: key.companyId, keyId: key.id, scopes: key.scopes, bucket: 'api' }
}

/** An /api handler: `Authorization: Klaviyo-API-Key pk_…` or an app's `Bearer` token, with the endpoint's scopes. */
export function apiRoute<B = undefined>(opts: ApiRouteOptions<B>) {
  // Every authenticated call leaves a row in the request log (lib/api-log), written in batches;
  // the caller is known before the scope check, so a 403 for a missing scope is logged too.
  return (req: Request, context?: RouteContext) =>
    logApiRequest(req, (observe) => {
      const identify = observe(() => identifyCaller(req))
      return run(
        req,
        context,
        opts,
        async () => {
          const who = await identify()
          if (!hasScopes(who.scopes, opts.scopes)) {
            throw new ApiError(
              403,
              'permission_denied',
              `This ${who.appId ? 'access token' : 'API key'} is missing the required scopes: ${opts.scopes.filter((s) => !who.scopes.includes(s)).join(', ')}.`,
            )
          }
          return who
        },
        {},
        true,
      )
    })
}

// /client: browsers call these from any store page, so every response allows any origin.
export const CORS_HEADERS: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'POST, OPTIONS',
  'Access-Control-Allow-Headers': 'accept, content-type, revision, x-klaviyo-onsite, x-requested-with',
  'Access-Control-Max-Age': '86400',
}

const companyCache = new Map<string, { at: number; id: number | null }>()

async function companyByPublicKey(publicKey: string): Promise<number | null> {
  const hit = companyCache.get(publicKey)
  if (hit && Date.now() - hit.at < 60_000) return hit.id
  const company = await db.company.findUnique({ where: { publicApiKey: publicKey }, select: { id: true } })
  if (companyCache.size > 10_000) companyCache.clear()
  companyCache.set(publicKey, { at: Date.now(), id: company?.id ?? null })
  return company?.id ?? null
}

/** A /client handler: `?company_id=<public key>`, no Authorization, CORS on every answer. */
export function clientRoute<B = undefined>(opts: CommonOptions<B>) {
  return (req: Request, context?: RouteContext) =>
    run(
      req,
      context,
      opts,
      async () => {
        const publicKey = new URL(req.url).searchParams.get('company_id')?.trim()
        if (!publicKey)
          throw new ApiError(400, 'invalid', 'The company_id query parameter (your public API key) is required.', {
            parameter: 'company_id',
          })
        const companyId = await companyByPublicKey(publicKey)
        if (companyId == null)
          throw new ApiError(400, 'invalid', `"${publicKey}" is not a valid public API key.`, {
            parameter: 'company_id',
          })
        // Anonymous browser traffic has its own buckets, so it can never throttle the private API,
        // one per visitor address (clientIp: the connection, never a header the visitor wrote),
        // so one noisy browser cannot use up a whole store's budget.
        return { companyId, keyId: null, scopes: [], bucket: `client:${clientIp(req)}` }
      },
      CORS_HEADERS,
      false,
    )
}

/** OPTIONS for /client: the CORS preflight. */
export function clientPreflight(req: Request): Response {
  const origin = req.headers.get('origin')
  const headers = new Headers(CORS_HEADERS)
  if (origin) {
    headers.set('Access-Control-Allow-Origin', origin)
    headers.set('Vary', 'Origin')
  }
  const asked = req.headers.get('access-control-request-headers')
  if (asked) {
    // Echo what the page asks for (a sign-up form may add its own headers), once each.
    const names = `${CORS_HEADERS['Access-Control-Allow-Headers']},${asked}`
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean)
    headers.set('Access-Control-Allow-Headers', [...new Set(names)].join(', '))
  }
  return new Response(null, { status: 204, headers })
}
