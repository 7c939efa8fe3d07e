// A route table of real route handlers behind a tiny router: dispatch in-process, call as an API
// client does (Klaviyo-API-Key, revision, JSON:API body), or serve over real HTTP on 127.0.0.1
// (for the official SDK). Paths match with or without a trailing slash. `add` appends routes
// later (a test file with routes of its own); `start({ onRequest })` runs a hook on each served
// request before it is read (the SDK tests reset the rate limits there: the SDK would retry each
// 429 after a pause; the client-address tests rewrite its headers as scripts/server.mjs does).
import http from 'node:http'
import type { AddressInfo } from 'node:net'

type Handler = (req: Request, ctx?: { params?: Promise<Record<string, string>> }) => Promise<Response> | Response
export type RouteModule = Partial<Record<'GET' | 'HEAD' | 'POST' | 'PATCH' | 'PUT' | 'DELETE' | 'OPTIONS', Handler>>
export interface RouteServer {
  url: string
  close(): Promise<void>
}

export function routeTable(table: Array<[string, RouteModule]>) {
  const compile = ([pattern, mod]: [string, RouteModule]) => {
    const names: string[] = []
    const re = new RegExp('^' + pattern.replace(/:([A-Za-z_]+)/g, (_, n: string) => (names.push(n), '([^/]+)')) + '/?$')
    return { re, names, mod }
  }
  const routes = table.map(compile)

  function add(more: Array<[string, RouteModule]>) {
    routes.push(...more.map(compile))
  }

  async function dispatch(req: Request): Promise<Response> {
    const { pathname } = new URL(req.url)
    for (const r of routes) {
      const m = r.re.exec(pathname)
      if (!m) continue
      const handler = r.mod[req.method as keyof RouteModule]
      if (!handler) return new Response(null, { status: 405 })
      const params: Record<string, string> = {}
      r.names.forEach((n, i) => (params[n] = decodeURIComponent(m[i + 1]!)))
      return handler(req, { params: Promise.resolve(params) })
    }
    return new Response(null, { status: 404 })
  }

  async function call(method: string, path: string, key: string | null, body?: unknown, revision = '2026-07-15') {
    const headers: Record<string, string> = { accept: 'application/vnd.api+json', revision }
    if (key) headers.authorization = `Klaviyo-API-Key ${key}`
    if (body !== undefined) headers['content-type'] = 'application/vnd.api+json'
    const res = await dispatch(
      new Request(new URL(path, 'http://localhost:3000'), {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    )
    const text = await res.text()
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON:API documents
    const json: any = text ? JSON.parse(text) : null
    return { status: res.status, json }
  }

  async function start(opts: { onRequest?: (req: http.IncomingMessage) => unknown } = {}): Promise<RouteServer> {
    const server = http.createServer(async (req, res) => {
      try {
        await opts.onRequest?.(req)
        const chunks: Buffer[] = []
        for await (const c of req) chunks.push(c as Buffer)
        const body = chunks.length && req.method !== 'GET' && req.method !== 'HEAD' ? Buffer.concat(chunks) : undefined
        const headers = new Headers()
        for (const [k, v] of Object.entries(req.headers))
          if (v !== undefined) for (const one of Array.isArray(v) ? v : [v]) headers.append(k, one)
        const { port } = server.address() as AddressInfo
        const response = await dispatch(
          new Request(`http://127.0.0.1:${port}${req.url}`, { method: req.method, headers, body }),
        )
        const out: Record<string, string> = {}
        response.headers.forEach((v, k) => (out[k] = v))
        res.writeHead(response.status, out)
        res.end(Buffer.from(await response.arrayBuffer()))
      } catch (e) {
        res.writeHead(500, { 'content-type': 'text/plain' })
        res.end(String(e))
      }
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as AddressInfo
    return {
      url: `http://127.0.0.1:${port}`,
      close: () => new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve()))),
    }
  }

  return { dispatch, call, start, add }
}
