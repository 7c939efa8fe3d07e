// The coupon and web-feed route handlers behind a tiny router (in-process, or real HTTP on
// 127.0.0.1 for the official SDK), for the coupons*.test.ts and web-feeds*.test.ts files.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { resetRateLimits } from '@/lib/api/rate-limit'
import * as coupons from '@/app/api/coupons/route'
import * as coupon from '@/app/api/coupons/[id]/route'
import * as couponCodesOfCoupon from '@/app/api/coupons/[id]/coupon-codes/route'
import * as couponCodesRel from '@/app/api/coupons/[id]/relationships/coupon-codes/route'
import * as codes from '@/app/api/coupon-codes/route'
import * as code from '@/app/api/coupon-codes/[id]/route'
import * as codeCoupon from '@/app/api/coupon-codes/[id]/coupon/route'
import * as codeCouponRel from '@/app/api/coupon-codes/[id]/relationships/coupon/route'
import * as jobs from '@/app/api/coupon-code-bulk-create-jobs/route'
import * as job from '@/app/api/coupon-code-bulk-create-jobs/[id]/route'

type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response> | Response
type RouteModule = Partial<Record<'GET' | 'POST' | 'PATCH' | 'DELETE', Handler>>

const TABLE: Array<[string, RouteModule]> = [
  ['/api/coupons', coupons], ['/api/coupons/:id', coupon], ['/api/coupons/:id/coupon-codes', couponCodesOfCoupon],
  ['/api/coupons/:id/relationships/coupon-codes', couponCodesRel],
  ['/api/coupon-codes', codes], ['/api/coupon-codes/:id', code], ['/api/coupon-codes/:id/coupon', codeCoupon], ['/api/coupon-codes/:id/relationships/coupon', codeCouponRel],
  ['/api/coupon-code-bulk-create-jobs', jobs], ['/api/coupon-code-bulk-create-jobs/:id', job],
]
const extra: Array<[string, RouteModule]> = []

/** Adds more route modules (the web-feeds tests add theirs). */
export function addRoutes(more: Array<[string, RouteModule]>) {
  extra.push(...more)
}

function routes() {
  return [...TABLE, ...extra].map(([pattern, mod]) => {
    const names: string[] = []
    const re = new RegExp('^' + pattern.replace(/:([a-z_]+)/g, (_, n: string) => (names.push(n), '([^/]+)')) + '/?$')
    return { re, names, mod }
  })
}

export async function dispatchCoupons(req: Request): Promise<Response> {
  const { pathname } = new URL(req.url)
  for (const r of routes()) {
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

export async function couponApi(method: string, path: string, key: string, body?: unknown) {
  resetRateLimits()
  const headers: Record<string, string> = { accept: 'application/vnd.api+json', revision: '2026-07-15', authorization: `Klaviyo-API-Key ${key}` }
  if (body !== undefined) headers['content-type'] = 'application/vnd.api+json'
  const res = await dispatchCoupons(new Request(new URL(path, 'http://localhost:3000'), { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }))
  const text = await res.text()
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON:API documents
  const json: any = text ? JSON.parse(text) : null
  return { status: res.status, json }
}

export interface RouteServer { url: string; close(): Promise<void> }

export async function startCouponServer(): Promise<RouteServer> {
  const server = http.createServer(async (req, res) => {
    try {
      resetRateLimits()
      const chunks: Buffer[] = []
      for await (const c of req) chunks.push(c as Buffer)
      const body = chunks.length && req.method !== 'GET' ? Buffer.concat(chunks) : undefined
      const headers = new Headers()
      for (const [k, v] of Object.entries(req.headers)) if (v !== undefined) for (const one of Array.isArray(v) ? v : [v]) headers.append(k, one)
      const { port } = server.address() as AddressInfo
      const response = await dispatchCoupons(new Request(`http://127.0.0.1:${port}${req.url}`, { method: req.method, headers, body }))
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
