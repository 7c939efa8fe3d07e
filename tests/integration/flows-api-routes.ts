// The flow route handlers behind a tiny router (in-process, or a real HTTP server on 127.0.0.1
// for the official SDK), for the flows-api*.test.ts files.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import * as flows from '@/app/api/flows/route'
import * as flow from '@/app/api/flows/[id]/route'
import * as flowActions from '@/app/api/flows/[id]/flow-actions/route'
import * as flowActionsRel from '@/app/api/flows/[id]/relationships/flow-actions/route'
import * as action from '@/app/api/flow-actions/[id]/route'
import * as actionFlow from '@/app/api/flow-actions/[id]/flow/route'
import * as actionFlowRel from '@/app/api/flow-actions/[id]/relationships/flow/route'
import * as actionMessages from '@/app/api/flow-actions/[id]/flow-messages/route'
import * as actionMessagesRel from '@/app/api/flow-actions/[id]/relationships/flow-messages/route'
import * as message from '@/app/api/flow-messages/[id]/route'
import * as messageAction from '@/app/api/flow-messages/[id]/flow-action/route'
import * as messageActionRel from '@/app/api/flow-messages/[id]/relationships/flow-action/route'
import * as messageTemplateRel from '@/app/api/flow-messages/[id]/relationships/template/route'
import * as listTriggers from '@/app/api/lists/[id]/flow-triggers/route'
import * as listTriggersRel from '@/app/api/lists/[id]/relationships/flow-triggers/route'
import * as segmentTriggers from '@/app/api/segments/[id]/flow-triggers/route'
import * as segmentTriggersRel from '@/app/api/segments/[id]/relationships/flow-triggers/route'
import * as metricTriggers from '@/app/api/metrics/[id]/flow-triggers/route'
import * as metricTriggersRel from '@/app/api/metrics/[id]/relationships/flow-triggers/route'

type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response> | Response
type RouteModule = Partial<Record<'GET' | 'POST' | 'PATCH' | 'DELETE', Handler>>

const TABLE: Array<[string, RouteModule]> = [
  ['/api/flows', flows], ['/api/flows/:id', flow], ['/api/flows/:id/flow-actions', flowActions], ['/api/flows/:id/relationships/flow-actions', flowActionsRel],
  ['/api/flow-actions/:id', action], ['/api/flow-actions/:id/flow', actionFlow], ['/api/flow-actions/:id/relationships/flow', actionFlowRel],
  ['/api/flow-actions/:id/flow-messages', actionMessages], ['/api/flow-actions/:id/relationships/flow-messages', actionMessagesRel],
  ['/api/flow-messages/:id', message], ['/api/flow-messages/:id/flow-action', messageAction],
  ['/api/flow-messages/:id/relationships/flow-action', messageActionRel], ['/api/flow-messages/:id/relationships/template', messageTemplateRel],
  ['/api/lists/:id/flow-triggers', listTriggers], ['/api/lists/:id/relationships/flow-triggers', listTriggersRel],
  ['/api/segments/:id/flow-triggers', segmentTriggers], ['/api/segments/:id/relationships/flow-triggers', segmentTriggersRel],
  ['/api/metrics/:id/flow-triggers', metricTriggers], ['/api/metrics/:id/relationships/flow-triggers', metricTriggersRel],
]

const ROUTES = TABLE.map(([pattern, mod]) => {
  const names: string[] = []
  const re = new RegExp('^' + pattern.replace(/:([a-z_]+)/g, (_, n: string) => (names.push(n), '([^/]+)')) + '/?$')
  return { re, names, mod }
})

export async function dispatchFlows(req: Request): Promise<Response> {
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

/** One call as an API client sends it; the answer's JSON read. */
export async function flowApi(method: string, path: string, key: string, body?: unknown, revision = '2026-07-15') {
  const headers: Record<string, string> = { accept: 'application/vnd.api+json', revision, authorization: `Klaviyo-API-Key ${key}` }
  if (body !== undefined) headers['content-type'] = 'application/vnd.api+json'
  const res = await dispatchFlows(new Request(new URL(path, 'http://localhost:3000'), { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }))
  const text = await res.text()
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON:API documents
  const json: any = text ? JSON.parse(text) : null
  return { status: res.status, json }
}

export interface RouteServer { url: string; close(): Promise<void> }

export async function startFlowServer(): Promise<RouteServer> {
  const server = http.createServer(async (req, res) => {
    try {
      const chunks: Buffer[] = []
      for await (const c of req) chunks.push(c as Buffer)
      const body = chunks.length && req.method !== 'GET' ? Buffer.concat(chunks) : undefined
      const headers = new Headers()
      for (const [k, v] of Object.entries(req.headers)) if (v !== undefined) for (const one of Array.isArray(v) ? v : [v]) headers.append(k, one)
      const { port } = server.address() as AddressInfo
      const response = await dispatchFlows(new Request(`http://127.0.0.1:${port}${req.url}`, { method: req.method, headers, body }))
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
