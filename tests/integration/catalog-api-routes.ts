// The catalog /api route handlers behind a tiny router (in-process, or real HTTP on 127.0.0.1
// for the official SDK), for the catalog-api*.test.ts files. Path ids are percent-decoded once,
// as Next does.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { resetRateLimits } from '@/lib/api/rate-limit'
import * as items from '@/app/api/catalog-items/route'
import * as item from '@/app/api/catalog-items/[id]/route'
import * as itemVariants from '@/app/api/catalog-items/[id]/variants/route'
import * as itemVariantsRel from '@/app/api/catalog-items/[id]/relationships/variants/route'
import * as itemCategories from '@/app/api/catalog-items/[id]/categories/route'
import * as itemCategoriesRel from '@/app/api/catalog-items/[id]/relationships/categories/route'
import * as variants from '@/app/api/catalog-variants/route'
import * as variant from '@/app/api/catalog-variants/[id]/route'
import * as categories from '@/app/api/catalog-categories/route'
import * as category from '@/app/api/catalog-categories/[id]/route'
import * as categoryItems from '@/app/api/catalog-categories/[id]/items/route'
import * as categoryItemsRel from '@/app/api/catalog-categories/[id]/relationships/items/route'
import * as itemCreateJobs from '@/app/api/catalog-item-bulk-create-jobs/route'
import * as itemCreateJob from '@/app/api/catalog-item-bulk-create-jobs/[job_id]/route'
import * as itemUpdateJobs from '@/app/api/catalog-item-bulk-update-jobs/route'
import * as itemUpdateJob from '@/app/api/catalog-item-bulk-update-jobs/[job_id]/route'
import * as itemDeleteJobs from '@/app/api/catalog-item-bulk-delete-jobs/route'
import * as itemDeleteJob from '@/app/api/catalog-item-bulk-delete-jobs/[job_id]/route'
import * as variantCreateJobs from '@/app/api/catalog-variant-bulk-create-jobs/route'
import * as variantCreateJob from '@/app/api/catalog-variant-bulk-create-jobs/[job_id]/route'
import * as variantUpdateJobs from '@/app/api/catalog-variant-bulk-update-jobs/route'
import * as variantUpdateJob from '@/app/api/catalog-variant-bulk-update-jobs/[job_id]/route'
import * as variantDeleteJobs from '@/app/api/catalog-variant-bulk-delete-jobs/route'
import * as variantDeleteJob from '@/app/api/catalog-variant-bulk-delete-jobs/[job_id]/route'
import * as categoryCreateJobs from '@/app/api/catalog-category-bulk-create-jobs/route'
import * as categoryCreateJob from '@/app/api/catalog-category-bulk-create-jobs/[job_id]/route'
import * as categoryUpdateJobs from '@/app/api/catalog-category-bulk-update-jobs/route'
import * as categoryUpdateJob from '@/app/api/catalog-category-bulk-update-jobs/[job_id]/route'
import * as categoryDeleteJobs from '@/app/api/catalog-category-bulk-delete-jobs/route'
import * as categoryDeleteJob from '@/app/api/catalog-category-bulk-delete-jobs/[job_id]/route'

type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response> | Response
type RouteModule = Partial<Record<'GET' | 'POST' | 'PATCH' | 'DELETE', Handler>>

const TABLE: Array<[string, RouteModule]> = [
  ['/api/catalog-items', items], ['/api/catalog-items/:id', item], ['/api/catalog-items/:id/variants', itemVariants],
  ['/api/catalog-items/:id/relationships/variants', itemVariantsRel], ['/api/catalog-items/:id/categories', itemCategories],
  ['/api/catalog-items/:id/relationships/categories', itemCategoriesRel],
  ['/api/catalog-variants', variants], ['/api/catalog-variants/:id', variant],
  ['/api/catalog-categories', categories], ['/api/catalog-categories/:id', category], ['/api/catalog-categories/:id/items', categoryItems],
  ['/api/catalog-categories/:id/relationships/items', categoryItemsRel],
  ['/api/catalog-item-bulk-create-jobs', itemCreateJobs], ['/api/catalog-item-bulk-create-jobs/:job_id', itemCreateJob],
  ['/api/catalog-item-bulk-update-jobs', itemUpdateJobs], ['/api/catalog-item-bulk-update-jobs/:job_id', itemUpdateJob],
  ['/api/catalog-item-bulk-delete-jobs', itemDeleteJobs], ['/api/catalog-item-bulk-delete-jobs/:job_id', itemDeleteJob],
  ['/api/catalog-variant-bulk-create-jobs', variantCreateJobs], ['/api/catalog-variant-bulk-create-jobs/:job_id', variantCreateJob],
  ['/api/catalog-variant-bulk-update-jobs', variantUpdateJobs], ['/api/catalog-variant-bulk-update-jobs/:job_id', variantUpdateJob],
  ['/api/catalog-variant-bulk-delete-jobs', variantDeleteJobs], ['/api/catalog-variant-bulk-delete-jobs/:job_id', variantDeleteJob],
  ['/api/catalog-category-bulk-create-jobs', categoryCreateJobs], ['/api/catalog-category-bulk-create-jobs/:job_id', categoryCreateJob],
  ['/api/catalog-category-bulk-update-jobs', categoryUpdateJobs], ['/api/catalog-category-bulk-update-jobs/:job_id', categoryUpdateJob],
  ['/api/catalog-category-bulk-delete-jobs', categoryDeleteJobs], ['/api/catalog-category-bulk-delete-jobs/:job_id', categoryDeleteJob],
]
const ROUTES = TABLE.map(([pattern, mod]) => {
  const names: string[] = []
  const re = new RegExp('^' + pattern.replace(/:([a-z_]+)/g, (_, n: string) => (names.push(n), '([^/]+)')) + '/?$')
  return { re, names, mod }
})

export async function dispatchCatalog(req: Request): Promise<Response> {
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

export async function catalogApi(method: string, path: string, key: string, body?: unknown) {
  resetRateLimits()
  const headers: Record<string, string> = { accept: 'application/vnd.api+json', revision: '2026-07-15', authorization: `Klaviyo-API-Key ${key}` }
  if (body !== undefined) headers['content-type'] = 'application/vnd.api+json'
  const res = await dispatchCatalog(new Request(new URL(path, 'http://localhost:3000'), { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }))
  const text = await res.text()
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON:API documents
  const json: any = text ? JSON.parse(text) : null
  return { status: res.status, json }
}

export interface RouteServer { url: string; close(): Promise<void> }

export async function startCatalogServer(): Promise<RouteServer> {
  const server = http.createServer(async (req, res) => {
    try {
      resetRateLimits()
      const chunks: Buffer[] = []
      for await (const c of req) chunks.push(c as Buffer)
      const body = chunks.length && req.method !== 'GET' ? Buffer.concat(chunks) : undefined
      const headers = new Headers()
      for (const [k, v] of Object.entries(req.headers)) if (v !== undefined) for (const one of Array.isArray(v) ? v : [v]) headers.append(k, one)
      const { port } = server.address() as AddressInfo
      const response = await dispatchCatalog(new Request(`http://127.0.0.1:${port}${req.url}`, { method: req.method, headers, body }))
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
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) }
}
