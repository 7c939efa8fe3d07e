// The tag route handlers behind a tiny router (in-process, or real HTTP on 127.0.0.1 for the
// official SDK), for the tags*.test.ts files.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { resetRateLimits } from '@/lib/api/rate-limit'
import * as tags from '@/app/api/tags/route'
import * as tag from '@/app/api/tags/[id]/route'
import * as tagRel from '@/app/api/tags/[id]/relationships/[rel]/route'
import * as tagGroupOfTag from '@/app/api/tags/[id]/tag-group/route'
import * as groups from '@/app/api/tag-groups/route'
import * as group from '@/app/api/tag-groups/[id]/route'
import * as groupTags from '@/app/api/tag-groups/[id]/tags/route'
import * as groupTagsRel from '@/app/api/tag-groups/[id]/relationships/tags/route'
import * as flowTags from '@/app/api/flows/[id]/tags/route'
import * as flowTagsRel from '@/app/api/flows/[id]/relationships/tags/route'
import * as listTags from '@/app/api/lists/[id]/tags/route'
import * as listTagsRel from '@/app/api/lists/[id]/relationships/tags/route'
import * as segmentTags from '@/app/api/segments/[id]/tags/route'
import * as segmentTagsRel from '@/app/api/segments/[id]/relationships/tags/route'

type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response> | Response
type RouteModule = Partial<Record<'GET' | 'POST' | 'PATCH' | 'DELETE', Handler>>

const TABLE: Array<[string, RouteModule]> = [
  ['/api/tags', tags], ['/api/tags/:id', tag], ['/api/tags/:id/tag-group', tagGroupOfTag], ['/api/tags/:id/relationships/:rel', tagRel],
  ['/api/tag-groups', groups], ['/api/tag-groups/:id', group], ['/api/tag-groups/:id/tags', groupTags], ['/api/tag-groups/:id/relationships/tags', groupTagsRel],
  ['/api/flows/:id/tags', flowTags], ['/api/flows/:id/relationships/tags', flowTagsRel],
  ['/api/lists/:id/tags', listTags], ['/api/lists/:id/relationships/tags', listTagsRel],
  ['/api/segments/:id/tags', segmentTags], ['/api/segments/:id/relationships/tags', segmentTagsRel],
]

const ROUTES = TABLE.map(([pattern, mod]) => {
  const names: string[] = []
  const re = new RegExp('^' + pattern.replace(/:([a-z_]+)/g, (_, n: string) => (names.push(n), '([^/]+)')) + '/?$')
  return { re, names, mod }
})

export async function dispatchTags(req: Request): Promise<Response> {
  const { pathname } = new URL(req.url)
  for (const r of ROUTES) {
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

/** One call as an API client sends it (the 3/s tier is reset first: these tests call in bursts). */
export async function tagApi(method: string, path: string, key: string, body?: unknown) {
  resetRateLimits()
  const headers: Record<string, string> = { accept: 'application/vnd.api+json', revision: '2026-07-15', authorization: `Klaviyo-API-Key ${key}` }
  if (body !== undefined) headers['content-type'] = 'application/vnd.api+json'
  const res = await dispatchTags(new Request(new URL(path, 'http://localhost:3000'), { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }))
  const text = await res.text()
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON:API documents
  const json: any = text ? JSON.parse(text) : null
  return { status: res.status, json }
}

export interface RouteServer { url: string; close(): Promise<void> }

export async function startTagServer(): Promise<RouteServer> {
  const server = http.createServer(async (req, res) => {
    try {
      const chunks: Buffer[] = []
      for await (const c of req) chunks.push(c as Buffer)
      const body = chunks.length && req.method !== 'GET' ? Buffer.concat(chunks) : undefined
      const headers = new Headers()
      for (const [k, v] of Object.entries(req.headers)) if (v !== undefined) for (const one of Array.isArray(v) ? v : [v]) headers.append(k, one)
      const { port } = server.address() as AddressInfo
      const response = await dispatchTags(new Request(`http://127.0.0.1:${port}${req.url}`, { method: req.method, headers, body }))
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
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) }
}
