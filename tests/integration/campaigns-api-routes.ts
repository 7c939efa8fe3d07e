// The /api campaign route handlers behind a tiny router (in-process, or a real HTTP server on
// 127.0.0.1 for the official SDK), for the campaigns-api*.test.ts files.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { resetRateLimits } from '@/lib/api/rate-limit'
import * as campaigns from '@/app/api/campaigns/route'
import * as campaign from '@/app/api/campaigns/[id]/route'
import * as campaignMessages from '@/app/api/campaigns/[id]/campaign-messages/route'
import * as campaignMessagesRel from '@/app/api/campaigns/[id]/relationships/campaign-messages/route'
import * as campaignTags from '@/app/api/campaigns/[id]/tags/route'
import * as campaignTagsRel from '@/app/api/campaigns/[id]/relationships/tags/route'
import * as message from '@/app/api/campaign-messages/[id]/route'
import * as messageCampaign from '@/app/api/campaign-messages/[id]/campaign/route'
import * as messageCampaignRel from '@/app/api/campaign-messages/[id]/relationships/campaign/route'
import * as messageTemplate from '@/app/api/campaign-messages/[id]/template/route'
import * as messageTemplateRel from '@/app/api/campaign-messages/[id]/relationships/template/route'
import * as messageImage from '@/app/api/campaign-messages/[id]/image/route'
import * as messageImageRel from '@/app/api/campaign-messages/[id]/relationships/image/route'
import * as assign from '@/app/api/campaign-message-assign-template/route'
import * as sendJobs from '@/app/api/campaign-send-jobs/route'
import * as sendJob from '@/app/api/campaign-send-jobs/[id]/route'
import * as estJobs from '@/app/api/campaign-recipient-estimation-jobs/route'
import * as estJob from '@/app/api/campaign-recipient-estimation-jobs/[id]/route'
import * as estimation from '@/app/api/campaign-recipient-estimations/[id]/route'
import * as clone from '@/app/api/campaign-clone/route'

type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response> | Response
type RouteModule = Partial<Record<'GET' | 'POST' | 'PATCH' | 'DELETE', Handler>>

const TABLE: Array<[string, RouteModule]> = [
  ['/api/campaigns', campaigns], ['/api/campaigns/:id', campaign], ['/api/campaigns/:id/campaign-messages', campaignMessages],
  ['/api/campaigns/:id/relationships/campaign-messages', campaignMessagesRel], ['/api/campaigns/:id/tags', campaignTags],
  ['/api/campaigns/:id/relationships/tags', campaignTagsRel], ['/api/campaign-messages/:id', message],
  ['/api/campaign-messages/:id/campaign', messageCampaign], ['/api/campaign-messages/:id/relationships/campaign', messageCampaignRel],
  ['/api/campaign-messages/:id/template', messageTemplate], ['/api/campaign-messages/:id/relationships/template', messageTemplateRel],
  ['/api/campaign-messages/:id/image', messageImage], ['/api/campaign-messages/:id/relationships/image', messageImageRel],
  ['/api/campaign-message-assign-template', assign], ['/api/campaign-send-jobs', sendJobs], ['/api/campaign-send-jobs/:id', sendJob],
  ['/api/campaign-recipient-estimation-jobs', estJobs], ['/api/campaign-recipient-estimation-jobs/:id', estJob],
  ['/api/campaign-recipient-estimations/:id', estimation], ['/api/campaign-clone', clone],
]

const ROUTES = TABLE.map(([pattern, mod]) => {
  const names: string[] = []
  const re = new RegExp('^' + pattern.replace(/:([a-z_]+)/g, (_, n: string) => (names.push(n), '([^/]+)')) + '/?$')
  return { re, names, mod }
})

export async function dispatchCampaigns(req: Request): Promise<Response> {
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

/** One call as an API client sends it (rate limits reset: the tests make many calls); the answer's JSON read. */
export async function campaignApi(method: string, path: string, key: string, body?: unknown) {
  resetRateLimits()
  const headers: Record<string, string> = { accept: 'application/vnd.api+json', revision: '2026-07-15', authorization: `Klaviyo-API-Key ${key}` }
  if (body !== undefined) headers['content-type'] = 'application/vnd.api+json'
  const res = await dispatchCampaigns(new Request(new URL(path, 'http://localhost:3000'), { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }))
  const text = await res.text()
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON:API documents
  const json: any = text ? JSON.parse(text) : null
  return { status: res.status, json }
}

export interface RouteServer { url: string; close(): Promise<void> }

export async function startCampaignServer(): Promise<RouteServer> {
  const server = http.createServer(async (req, res) => {
    // One test makes more calls than the 10/s burst allows; the SDK would retry each 429 after a pause.
    resetRateLimits()
    try {
      const chunks: Buffer[] = []
      for await (const c of req) chunks.push(c as Buffer)
      const body = chunks.length && req.method !== 'GET' ? Buffer.concat(chunks) : undefined
      const headers = new Headers()
      for (const [k, v] of Object.entries(req.headers)) if (v !== undefined) for (const one of Array.isArray(v) ? v : [v]) headers.append(k, one)
      const { port } = server.address() as AddressInfo
      const response = await dispatchCampaigns(new Request(`http://127.0.0.1:${port}${req.url}`, { method: req.method, headers, body }))
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
