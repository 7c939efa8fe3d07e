// @ts-check
// Which HTTP methods a path serves, and the 405 for one it does not, decided from the route
// table (lib/http/route-methods.json, written by scripts/generate-route-methods.mjs) before
// Next.js routes the request. Next answers a method a route file does not export with an empty
// 405 and no Allow header, and methods fetch cannot represent (TRACE, TRACK, CONNECT) with a
// plain 500 before the proxy runs. Plain JavaScript: scripts/server.mjs (for those three) and
// proxy.ts (for the rest) share it.

/** The methods Next.js can hand to a route handler or a page. */
export const NEXT_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']
/** The methods the fetch standard forbids: Next fails on them before anything of ours runs. */
export const FORBIDDEN_METHODS = ['CONNECT', 'TRACE', 'TRACK']
const PAGE_ALLOW = 'GET, HEAD'

/** @typedef {Record<string, string[] | 'page'>} RouteTable */
/** @typedef {{ re: RegExp, rank: number[], methods: string[] | 'page' }} CompiledRoute */
/** @typedef {{ byFirst: Map<string, CompiledRoute[]>, dynamic: CompiledRoute[] }} CompiledRoutes */

/** @param {string} segment */
function rankOf(segment) {
  if (segment.startsWith('[[...')) return 3
  if (segment.startsWith('[...')) return 2
  if (segment.startsWith('[')) return 1
  return 0
}

/** @param {string} s */
const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * Patterns in Next's precedence (segment by segment, static before dynamic before catch-all
 * before optional catch-all), bucketed by their first segment: the gate runs on every request.
 * @param {RouteTable} table
 * @returns {CompiledRoutes}
 */
export function compileRoutes(table) {
  /** @type {Map<string, CompiledRoute[]>} */
  const byFirst = new Map()
  /** @type {CompiledRoute[]} */
  const dynamic = []
  for (const route of sortedRoutes(table)) {
    if (route.first === null) dynamic.push(route)
    else if (byFirst.has(route.first)) byFirst.get(route.first)?.push(route)
    else byFirst.set(route.first, [route])
  }
  return { byFirst, dynamic }
}

/**
 * @param {RouteTable} table
 * @returns {Array<CompiledRoute & { first: string | null }>}
 */
function sortedRoutes(table) {
  const routes = Object.entries(table).map(([pattern, methods]) => {
    const segments = pattern.split('/').filter(Boolean)
    let source = ''
    for (const seg of segments) {
      const r = rankOf(seg)
      source += r === 3 ? '(?:/.*)?' : r === 2 ? '/.+' : r === 1 ? '/[^/]+' : '/' + escape(seg)
    }
    const first = segments.length && rankOf(segments[0]) === 0 ? segments[0] : segments.length ? null : ''
    return { re: new RegExp(`^${source || ''}/?$`), rank: segments.map(rankOf), methods, first }
  })
  return routes.sort((a, b) => {
    for (let i = 0; i < Math.max(a.rank.length, b.rank.length); i++) {
      const x = a.rank[i] ?? -1
      const y = b.rank[i] ?? -1
      if (x !== y) return x - y
    }
    return 0
  })
}

/**
 * The methods a route file serves (HEAD with GET and OPTIONS, which Next adds), 'page' for a
 * page, null when nothing matches.
 * @param {CompiledRoutes} routes
 * @param {string} pathname
 * @returns {string[] | 'page' | null}
 */
export function routeMethods(routes, pathname) {
  const first = pathname.split('/')[1] ?? ''
  const test = (/** @type {CompiledRoute} */ r) => r.re.test(pathname)
  const hit = (routes.byFirst.get(first) ?? []).find(test) ?? routes.dynamic.find(test)
  if (!hit) return null
  if (hit.methods === 'page') return 'page'
  const out = new Set(hit.methods)
  if (out.has('GET')) out.add('HEAD')
  out.add('OPTIONS')
  return NEXT_METHODS.filter((m) => out.has(m))
}

/** @param {string} pathname */
const isJsonApi = (pathname) => /^\/(?:api|client)(?:\/|$)/.test(pathname)
/** @param {string} pathname */
const isAjax = (pathname) => /^\/(?:ajax|ux-api)(?:\/|$)/.test(pathname)

/**
 * The 405 answer for a method the path does not serve, or null to let the request through.
 * JSON:API errors on /api and /client (with the revision header), JSON on /ajax, text elsewhere.
 * @param {CompiledRoutes} routes
 * @param {string} pathname
 * @param {string} method
 * @param {string} revision the revision /api answers name
 * @returns {{ status: number, headers: Record<string, string>, body: string } | null}
 */
export function methodNotAllowed(routes, pathname, method, revision) {
  const upper = method.toUpperCase()
  const served = routeMethods(routes, pathname)
  const nextCanServe = NEXT_METHODS.includes(upper)
  // Pages and unknown paths: Next serves its methods there as it always has.
  if (nextCanServe && (served === null || served === 'page')) return null
  if (Array.isArray(served) && served.includes(upper)) return null
  const allow = Array.isArray(served) ? served.join(', ') : PAGE_ALLOW
  const detail = `Method "${upper}" is not allowed on ${pathname}. Allowed: ${allow}.`
  if (isJsonApi(pathname)) {
    const body = {
      errors: [
        {
          id: globalThis.crypto.randomUUID(),
          status: 405,
          code: 'method_not_allowed',
          title: 'Method not allowed.',
          detail,
        },
      ],
    }
    return {
      status: 405,
      headers: { allow, 'content-type': 'application/vnd.api+json', revision },
      body: JSON.stringify(body),
    }
  }
  if (isAjax(pathname)) {
    return {
      status: 405,
      headers: { allow, 'content-type': 'application/json' },
      body: JSON.stringify({ error: 'method_not_allowed', message: detail }),
    }
  }
  return { status: 405, headers: { allow, 'content-type': 'text/plain; charset=utf-8' }, body: detail + '\n' }
}
