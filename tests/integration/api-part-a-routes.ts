// The issue 28 part A route handlers (accounts, bulk events and an event's metric and profile,
// segment writes and member ids, list member ids) and the few they are fed through, behind a
// tiny router served on 127.0.0.1 for the official SDK.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import * as accounts from '@/app/api/accounts/route'
import * as account from '@/app/api/accounts/[id]/route'
import * as events from '@/app/api/events/route'
import * as event from '@/app/api/events/[id]/route'
import * as eventMetric from '@/app/api/events/[id]/metric/route'
import * as eventMetricRel from '@/app/api/events/[id]/relationships/metric/route'
import * as eventProfile from '@/app/api/events/[id]/profile/route'
import * as eventProfileRel from '@/app/api/events/[id]/relationships/profile/route'
import * as bulkEvents from '@/app/api/event-bulk-create-jobs/route'
import * as clientBulkEvents from '@/app/client/event-bulk-create/route'
import * as segments from '@/app/api/segments/route'
import * as segment from '@/app/api/segments/[id]/route'
import * as segmentProfiles from '@/app/api/segments/[id]/profiles/route'
import * as segmentProfilesRel from '@/app/api/segments/[id]/relationships/profiles/route'
import * as listProfilesRel from '@/app/api/lists/[id]/relationships/profiles/route'

type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response> | Response
type RouteModule = Partial<Record<'GET' | 'POST' | 'PATCH' | 'DELETE' | 'OPTIONS', Handler>>

const TABLE: Array<[string, RouteModule]> = [
  ['/api/accounts', accounts], ['/api/accounts/:id', account],
  ['/api/events', events], ['/api/events/:id', event],
  ['/api/events/:id/metric', eventMetric], ['/api/events/:id/relationships/metric', eventMetricRel],
  ['/api/events/:id/profile', eventProfile], ['/api/events/:id/relationships/profile', eventProfileRel],
  ['/api/event-bulk-create-jobs', bulkEvents], ['/client/event-bulk-create', clientBulkEvents],
  ['/api/segments', segments], ['/api/segments/:id', segment],
  ['/api/segments/:id/profiles', segmentProfiles], ['/api/segments/:id/relationships/profiles', segmentProfilesRel],
  ['/api/lists/:id/relationships/profiles', listProfilesRel],
]

const ROUTES = TABLE.map(([pattern, mod]) => {
  const names: string[] = []
  const re = new RegExp('^' + pattern.replace(/:([a-z_]+)/g, (_, n: string) => (names.push(n), '([^/]+)')) + '/?$')
  return { re, names, mod }
})

export async function dispatchPartA(req: Request): Promise<Response> {
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

/** One call as an API client sends it (Klaviyo-API-Key, revision, JSON:API body); the answer's JSON read. */
export async function callPartA(method: string, path: string, key: string | null, body?: unknown) {
  const headers: Record<string, string> = { accept: 'application/vnd.api+json', revision: '2026-07-15' }
  if (key) headers.authorization = `Klaviyo-API-Key ${key}`
  if (body !== undefined) headers['content-type'] = 'application/vnd.api+json'
  const res = await dispatchPartA(new Request(new URL(path, 'http://localhost:3000'), { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }))
  const text = await res.text()
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON:API documents
  const json: any = text ? JSON.parse(text) : null
  return { status: res.status, json }
}

export interface RouteServer { url: string; close(): Promise<void> }

export async function startPartAServer(): Promise<RouteServer> {
  const server = http.createServer(async (req, res) => {
    try {
      const chunks: Buffer[] = []
      for await (const c of req) chunks.push(c as Buffer)
      const body = chunks.length && req.method !== 'GET' ? Buffer.concat(chunks) : undefined
      const headers = new Headers()
      for (const [k, v] of Object.entries(req.headers)) if (v !== undefined) for (const one of Array.isArray(v) ? v : [v]) headers.append(k, one)
      const { port } = server.address() as AddressInfo
      const response = await dispatchPartA(new Request(`http://127.0.0.1:${port}${req.url}`, { method: req.method, headers, body }))
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
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve()))) }
}
