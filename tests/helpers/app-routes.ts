// Every /api and /client route handler of app/, routed as Next.js routes them (static segments
// before dynamic ones, the optional catch-all last), loaded on first use. Built from the route
// table the request gate reads (lib/http/route-methods.json), so a new route is covered as
// soon as the table is regenerated.
import path from 'node:path'
import TABLE from '@/lib/http/route-methods.json'

type Handler = (
  req: Request,
  ctx?: { params?: Promise<Record<string, string | string[]>> },
) => Promise<Response> | Response

interface AppRoute {
  pattern: string
  re: RegExp
  names: Array<{ name: string; catchAll: boolean }>
  rank: number[]
  methods: string[]
}

const rankOf = (s: string) => (s.startsWith('[[...') ? 3 : s.startsWith('[...') ? 2 : s.startsWith('[') ? 1 : 0)

export const APP_ROUTES: AppRoute[] = Object.entries(TABLE as Record<string, string[] | 'page'>)
  .filter(([p, m]) => /^\/(?:api|client)(?:\/|$)/.test(p) && Array.isArray(m))
  .map(([pattern, methods]) => {
    const names: AppRoute['names'] = []
    const segments = pattern.split('/').filter(Boolean)
    let source = ''
    for (const seg of segments) {
      const rank = rankOf(seg)
      if (rank) names.push({ name: seg.replace(/[[\].]/g, ''), catchAll: rank > 1 })
      source +=
        rank === 3
          ? '(?:/(.*))?'
          : rank === 2
            ? '/(.+)'
            : rank === 1
              ? '/([^/]+)'
              : '/' + seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    }
    return { pattern, re: new RegExp(`^${source}/?$`), names, rank: segments.map(rankOf), methods: methods as string[] }
  })
  .sort((a, b) => {
    for (let i = 0; i < Math.max(a.rank.length, b.rank.length); i++) {
      const d = (a.rank[i] ?? -1) - (b.rank[i] ?? -1)
      if (d) return d
    }
    return 0
  })

const modules = new Map<string, Record<string, Handler>>()
function load(pattern: string): Record<string, Handler> {
  let mod = modules.get(pattern)
  if (!mod) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the route file is picked at run time
    mod = require(path.join(process.cwd(), 'app', pattern, 'route.ts')) as Record<string, Handler>
    modules.set(pattern, mod)
  }
  return mod
}

/** Routes a Request to its app/ handler; a method the file does not export is Next's bare 405. */
export async function dispatchApp(req: Request): Promise<Response> {
  const { pathname } = new URL(req.url)
  for (const r of APP_ROUTES) {
    const m = r.re.exec(pathname)
    if (!m) continue
    const handler = load(r.pattern)[req.method]
    if (!handler) return new Response(null, { status: 405 })
    const params: Record<string, string | string[]> = {}
    r.names.forEach((n, i) => {
      const raw = m[i + 1]
      if (raw === undefined) return
      params[n.name] = n.catchAll ? raw.split('/').map(decodeURIComponent) : decodeURIComponent(raw)
    })
    return handler(req, { params: Promise.resolve(params) })
  }
  return new Response(null, { status: 404 })
}
