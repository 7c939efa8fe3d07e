// The issue 28 part B route handlers (profile relations and merge, bulk import job parts, metric
// properties, custom and mapped metrics, flow message templates, data privacy deletion, /client
// geofences and IP allow lists) and the few they are fed through, behind a tiny router served
// on 127.0.0.1 for the official SDK.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import * as events from '@/app/api/events/route'
import * as profiles from '@/app/api/profiles/route'
import * as profile from '@/app/api/profiles/[id]/route'
import * as profileLists from '@/app/api/profiles/[id]/lists/route'
import * as profileListsRel from '@/app/api/profiles/[id]/relationships/lists/route'
import * as profileSegments from '@/app/api/profiles/[id]/segments/route'
import * as profileSegmentsRel from '@/app/api/profiles/[id]/relationships/segments/route'
import * as profileTokens from '@/app/api/profiles/[id]/push-tokens/route'
import * as profileTokensRel from '@/app/api/profiles/[id]/relationships/push-tokens/route'
import * as pushTokens from '@/app/api/push-tokens/route'
import * as tokenProfile from '@/app/api/push-tokens/[id]/profile/route'
import * as tokenProfileRel from '@/app/api/push-tokens/[id]/relationships/profile/route'
import * as merge from '@/app/api/profile-merge/route'
import * as bulkImport from '@/app/api/profile-bulk-import-jobs/route'
import * as bulkImportJob from '@/app/api/profile-bulk-import-jobs/[id]/route'
import * as jobLists from '@/app/api/profile-bulk-import-jobs/[id]/lists/route'
import * as jobListsRel from '@/app/api/profile-bulk-import-jobs/[id]/relationships/lists/route'
import * as jobProfiles from '@/app/api/profile-bulk-import-jobs/[id]/profiles/route'
import * as jobProfilesRel from '@/app/api/profile-bulk-import-jobs/[id]/relationships/profiles/route'
import * as jobErrors from '@/app/api/profile-bulk-import-jobs/[id]/import-errors/route'
import * as metricProperty from '@/app/api/metric-properties/[id]/route'
import * as propertyMetric from '@/app/api/metric-properties/[id]/metric/route'
import * as propertyMetricRel from '@/app/api/metric-properties/[id]/relationships/metric/route'
import * as metricProperties from '@/app/api/metrics/[id]/metric-properties/route'
import * as metricPropertiesRel from '@/app/api/metrics/[id]/relationships/metric-properties/route'
import * as customMetrics from '@/app/api/custom-metrics/route'
import * as customMetric from '@/app/api/custom-metrics/[id]/route'
import * as customMetricMetrics from '@/app/api/custom-metrics/[id]/metrics/route'
import * as customMetricMetricsRel from '@/app/api/custom-metrics/[id]/relationships/metrics/route'
import * as mappedMetrics from '@/app/api/mapped-metrics/route'
import * as mappedMetric from '@/app/api/mapped-metrics/[id]/route'
import * as mappedMetricMetric from '@/app/api/mapped-metrics/[id]/metric/route'
import * as mappedMetricMetricRel from '@/app/api/mapped-metrics/[id]/relationships/metric/route'
import * as mappedMetricCustom from '@/app/api/mapped-metrics/[id]/custom-metric/route'
import * as mappedMetricCustomRel from '@/app/api/mapped-metrics/[id]/relationships/custom-metric/route'
import * as messageTemplate from '@/app/api/flow-messages/[id]/template/route'
import * as messageTemplateRel from '@/app/api/flow-messages/[id]/relationships/template/route'
import * as deletionJobs from '@/app/api/data-privacy-deletion-jobs/route'
import * as geofences from '@/app/client/geofences/route'
import * as ipAllowlist from '@/app/client/ip-allowlists/[id]/route'

type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response> | Response
type RouteModule = Partial<Record<'GET' | 'POST' | 'PATCH' | 'DELETE', Handler>>

const TABLE: Array<[string, RouteModule]> = [
  ['/api/events', events], ['/api/profiles', profiles], ['/api/profiles/:id', profile],
  ['/api/profiles/:id/lists', profileLists], ['/api/profiles/:id/relationships/lists', profileListsRel],
  ['/api/profiles/:id/segments', profileSegments], ['/api/profiles/:id/relationships/segments', profileSegmentsRel],
  ['/api/profiles/:id/push-tokens', profileTokens], ['/api/profiles/:id/relationships/push-tokens', profileTokensRel],
  ['/api/push-tokens', pushTokens], ['/api/push-tokens/:id/profile', tokenProfile], ['/api/push-tokens/:id/relationships/profile', tokenProfileRel],
  ['/api/profile-merge', merge],
  ['/api/profile-bulk-import-jobs', bulkImport], ['/api/profile-bulk-import-jobs/:id', bulkImportJob],
  ['/api/profile-bulk-import-jobs/:id/lists', jobLists], ['/api/profile-bulk-import-jobs/:id/relationships/lists', jobListsRel],
  ['/api/profile-bulk-import-jobs/:id/profiles', jobProfiles], ['/api/profile-bulk-import-jobs/:id/relationships/profiles', jobProfilesRel],
  ['/api/profile-bulk-import-jobs/:id/import-errors', jobErrors],
  ['/api/metric-properties/:id', metricProperty], ['/api/metric-properties/:id/metric', propertyMetric],
  ['/api/metric-properties/:id/relationships/metric', propertyMetricRel],
  ['/api/metrics/:id/metric-properties', metricProperties], ['/api/metrics/:id/relationships/metric-properties', metricPropertiesRel],
  ['/api/custom-metrics', customMetrics], ['/api/custom-metrics/:id', customMetric],
  ['/api/custom-metrics/:id/metrics', customMetricMetrics], ['/api/custom-metrics/:id/relationships/metrics', customMetricMetricsRel],
  ['/api/mapped-metrics', mappedMetrics], ['/api/mapped-metrics/:id', mappedMetric],
  ['/api/mapped-metrics/:id/metric', mappedMetricMetric], ['/api/mapped-metrics/:id/relationships/metric', mappedMetricMetricRel],
  ['/api/mapped-metrics/:id/custom-metric', mappedMetricCustom], ['/api/mapped-metrics/:id/relationships/custom-metric', mappedMetricCustomRel],
  ['/api/flow-messages/:id/template', messageTemplate], ['/api/flow-messages/:id/relationships/template', messageTemplateRel],
  ['/api/data-privacy-deletion-jobs', deletionJobs],
  ['/client/geofences', geofences], ['/client/ip-allowlists/:id', ipAllowlist],
]

const ROUTES = TABLE.map(([pattern, mod]) => {
  const names: string[] = []
  const re = new RegExp('^' + pattern.replace(/:([a-z_]+)/g, (_, n: string) => (names.push(n), '([^/]+)')) + '/?$')
  return { re, names, mod }
})

export async function dispatchPartB(req: Request): Promise<Response> {
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
export async function callPartB(method: string, path: string, key: string | null, body?: unknown) {
  const headers: Record<string, string> = { accept: 'application/vnd.api+json', revision: '2026-07-15' }
  if (key) headers.authorization = `Klaviyo-API-Key ${key}`
  if (body !== undefined) headers['content-type'] = 'application/vnd.api+json'
  const res = await dispatchPartB(new Request(new URL(path, 'http://localhost:3000'), { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }))
  const text = await res.text()
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON:API documents
  const json: any = text ? JSON.parse(text) : null
  return { status: res.status, json }
}

export interface RouteServer { url: string; close(): Promise<void> }

export async function startPartBServer(): Promise<RouteServer> {
  const server = http.createServer(async (req, res) => {
    try {
      const chunks: Buffer[] = []
      for await (const c of req) chunks.push(c as Buffer)
      const body = chunks.length && req.method !== 'GET' ? Buffer.concat(chunks) : undefined
      const headers = new Headers()
      for (const [k, v] of Object.entries(req.headers)) if (v !== undefined) for (const one of Array.isArray(v) ? v : [v]) headers.append(k, one)
      const { port } = server.address() as AddressInfo
      const response = await dispatchPartB(new Request(`http://127.0.0.1:${port}${req.url}`, { method: req.method, headers, body }))
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
