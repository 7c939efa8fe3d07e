// The request gate (Next.js 16's name for what older versions called middleware.ts; it always
// runs on the Node.js runtime, so it may read the session from the database). It is a
// convenience, not the lock: pages repeat the decision through guardRoute and handlers through
// the ajax wrapper. Order: undecodable paths, the JSON endpoints (security headers only), fixed
// redirects, unsafe search values, then the route's access. Every answer carries the security
// headers; a page's Content-Security-Policy carries a fresh script nonce (see security-headers).
import { NextResponse, type NextRequest } from 'next/server'
import { redirectFor } from '@/lib/routes/redirects'
import { matchRoute } from '@/lib/routes/match'
import { decideAccess, loginRedirectUrl, type AccessDecision } from '@/lib/routes/access'
import { sanitizeSearchParams } from '@/lib/routes/safe-url'
import { getPrincipal } from '@/lib/auth/session'
import { getFeatureFlags } from '@/lib/flags/get-feature-flags'
import { CSRF_COOKIE, SESSION_COOKIE, secureCookies } from '@/lib/auth/config'
import { newCsrfToken } from '@/lib/http/csrf'
import { reportError } from '@/lib/errors/reporter'
import {
  API_CSP,
  WEB_VIEW_CSP,
  applySecurityHeaders,
  isSameOriginFramePath,
  isStoreImagePagePath,
  isWebViewPath,
  newNonce,
  pageCsp,
} from '@/lib/http/security-headers'
import { hasInvalidPercentEncoding } from '@/lib/http/percent-encoding'
import { ApiError } from '@/lib/api/api-error'
import { apiErrorResponse } from '@/lib/api/api-error-response'
import { CORS_HEADERS, DEFAULT_REVISION } from '@/lib/api/api-route'
import { compileRoutes, methodNotAllowed } from '@/lib/http/method-gate.mjs'
import ROUTE_METHODS from '@/lib/http/route-methods.json'
import type { RouteDef } from '@/lib/routes/types'

const PATHNAME_HEADER = 'x-pathname'
/**
 * Where an undecodable page path is rewritten: Next's own route for app/not-found.tsx (404).
 * It must be a route without parameters: for a dynamic one (our catch-all) Next matches the
 * original path against the route's pattern again, fails to decode it and answers a plain 500.
 */
const NOT_FOUND_PATH = '/_not-found'
const INVALID_ENCODING = 'The address contains an invalid percent-encoding.'

const ROUTES = compileRoutes(ROUTE_METHODS as Record<string, string[] | 'page'>)

const isJsonApi = (pathname: string) => /^\/(?:api|client)(?:\/|$)/.test(pathname)
const isAjax = (pathname: string) => /^\/ajax(?:\/|$)/.test(pathname)
/** The onsite script's JSON calls from store pages (forms payload, beacons, ping); /onsite/preview is a page. */
const isOnsiteEndpoint = (pathname: string) => /^\/onsite\/(?!preview(?:\/|$))/.test(pathname)

// Temporary (307) rather than permanent (308) redirects: browsers cache a 308 for good, so a
// mapping changed in a later release would keep sending old visitors to the old place.
const REDIRECT_STATUS = 307

function redirectTo(req: NextRequest, location: string): NextResponse {
  return NextResponse.redirect(new URL(location, req.nextUrl.origin), REDIRECT_STATUS)
}

/** The browser's CSRF token (double-submit): readable by script, set once when missing. */
function withCsrfCookie(req: NextRequest, res: NextResponse): NextResponse {
  if (!req.cookies.get(CSRF_COOKIE)?.value) {
    res.cookies.set(CSRF_COOKIE, newCsrfToken(), {
      path: '/',
      sameSite: 'lax',
      httpOnly: false,
      secure: secureCookies(),
    })
  }
  return res
}

async function decide(req: NextRequest, route: RouteDef): Promise<AccessDecision> {
  if (route.access === 'public') return 'allow'
  const principal = await getPrincipal(req.cookies.get(SESSION_COOKIE)?.value)
  const flags = principal && route.flag ? await getFeatureFlags(principal.companyId) : {}
  const viewer = principal
    ? { resources: principal.resources, staffResources: principal.staffResources, isStaff: principal.user.isStaff }
    : null
  return decideAccess(route, viewer, flags)
}

/** The JSON endpoints: a 400 for an undecodable path, else through with the API headers. */
function jsonEndpoint(req: NextRequest, pathname: string): NextResponse {
  if (hasInvalidPercentEncoding(pathname)) {
    const res = isAjax(pathname)
      ? Response.json({ error: 'invalid', message: INVALID_ENCODING }, { status: 400 })
      : apiErrorResponse(
          new ApiError(400, 'invalid', INVALID_ENCODING),
          pathname.startsWith('/client') ? CORS_HEADERS : {},
        )
    const out = new NextResponse(res.body, { status: res.status, headers: res.headers })
    applySecurityHeaders(out.headers, API_CSP)
    return out
  }
  const res = NextResponse.next()
  applySecurityHeaders(res.headers, API_CSP)
  return res
}

async function gate(req: NextRequest, requestHeaders: Headers): Promise<NextResponse> {
  const { pathname, search } = req.nextUrl

  if (hasInvalidPercentEncoding(pathname)) {
    // Rendered, not redirected: the visitor keeps the address and gets the 404 page and status.
    requestHeaders.set(PATHNAME_HEADER, NOT_FOUND_PATH)
    return NextResponse.rewrite(new URL(NOT_FOUND_PATH, req.nextUrl.origin), { request: { headers: requestHeaders } })
  }

  const target = redirectFor(pathname)
  if (target) return withCsrfCookie(req, redirectTo(req, target + search))

  const params = req.nextUrl.searchParams
  const safe = sanitizeSearchParams(params)
  if (safe.toString() !== params.toString()) {
    const query = safe.toString()
    return withCsrfCookie(req, redirectTo(req, pathname + (query ? '?' + query : '')))
  }

  const match = matchRoute(pathname)
  if (match) {
    let decision: AccessDecision = 'allow'
    try {
      decision = await decide(req, match.route)
    } catch (error) {
      // The page's own gate decides again; a failing proxy must not take the site down.
      reportError({ error, route: match.route.path, extra: { where: 'proxy' } })
    }
    // The hash never reaches the server: the login page adds the browser's own hash to next.
    if (decision === 'login') return withCsrfCookie(req, redirectTo(req, loginRedirectUrl(pathname, search)))
    if (decision === 'dashboard') return withCsrfCookie(req, redirectTo(req, '/dashboard'))
    // 'forbidden' and 'not-found' go through: the page's guardRoute renders the 403 or 404
    // screen with its status (a redirect would lose both).
  }

  requestHeaders.set(PATHNAME_HEADER, pathname + search)
  return withCsrfCookie(req, NextResponse.next({ request: { headers: requestHeaders } }))
}

/** A method the path does not serve: 405 with Allow, before Next answers it without one. */
function refuseMethod(req: NextRequest, pathname: string): NextResponse | null {
  const denied = methodNotAllowed(ROUTES, pathname, req.method, DEFAULT_REVISION)
  if (!denied) return null
  const res = new NextResponse(req.method === 'HEAD' ? null : denied.body, {
    status: denied.status,
    headers: denied.headers,
  })
  if (pathname.startsWith('/client')) for (const [k, v] of Object.entries(CORS_HEADERS)) res.headers.set(k, v)
  applySecurityHeaders(res.headers, API_CSP)
  return res
}

export async function proxy(req: NextRequest): Promise<NextResponse> {
  const { pathname } = req.nextUrl
  const refused = refuseMethod(req, pathname)
  if (refused) return refused
  if (isJsonApi(pathname) || isAjax(pathname) || isOnsiteEndpoint(pathname)) return jsonEndpoint(req, pathname)

  // Next.js reads the nonce back from the request's policy and puts it on its <script> tags;
  // the browser enforces the same policy from the response.
  // The web view is the merchant's email, not one of our pages: its own sandbox policy, which
  // the page policy set here would otherwise replace (Next merges the proxy's headers last).
  const framable = isSameOriginFramePath(pathname)
  const csp = isWebViewPath(pathname)
    ? WEB_VIEW_CSP
    : pageCsp(newNonce(), undefined, framable ? "'self'" : "'none'", isStoreImagePagePath(pathname))
  const requestHeaders = new Headers(req.headers)
  requestHeaders.set('Content-Security-Policy', csp)
  const res = await gate(req, requestHeaders)
  applySecurityHeaders(res.headers, csp, framable)
  return res
}

export const config = {
  matcher: [
    // Everything but Next's own assets, the version manifest and static files (next.config.mjs
    // gives those the fixed headers). The JSON endpoints are always in, whatever their last
    // segment, for their headers and the undecodable-path check. '.json' is not excluded as
    // such: /flow/:flowId.json is a route.
    '/((?!_next/|build-manifest\\.json$|favicon\\.ico$|robots\\.txt$|sitemap\\.xml$|(?!(?:ajax|api|client)/).*\\.(?:png|jpe?g|gif|svg|ico|webp|avif|css|js|mjs|map|woff2?|ttf|otf|txt|webmanifest)$).*)',
  ],
}
