/** @jest-environment node */
// Issue 28 §3: unsupported methods and unknown /client paths. TRACE on any path answered a
// plain 500 (Next cannot represent it), a method a route does not export an empty 405 without
// Allow, and GET /client/reviews the HTML not-found page. Now: 405 with Allow (the methods the
// route file exports) in the path's error shape, and a JSON:API 404 on unknown /client paths.
import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
import { NextRequest } from 'next/server'
import { proxy } from '@/proxy'
import { routeMethodsTable, formatTable, TABLE_FILE } from '../../scripts/generate-route-methods.mjs'
import { refuseForbiddenMethod } from '../../scripts/forbidden-methods.mjs'
import { dispatchApp } from '../helpers/app-routes'

const gate = (method: string, path: string) =>
  proxy(new NextRequest(new URL(path, 'http://localhost:3000'), { method }))

test('the route table the gate reads is current (node scripts/generate-route-methods.mjs)', () => {
  expect(fs.readFileSync(TABLE_FILE, 'utf8')).toBe(formatTable(routeMethodsTable()))
})

describe('a method the route file does not export → 405 with Allow', () => {
  test('/api: a JSON:API error, Allow lists the exports (HEAD with GET, OPTIONS always)', async () => {
    const res = await gate('PUT', '/api/profiles/')
    expect(res.status).toBe(405)
    expect(res.headers.get('allow')).toBe('GET, HEAD, POST, OPTIONS')
    expect(res.headers.get('content-type')).toBe('application/vnd.api+json')
    expect(res.headers.get('revision')).toBe('2026-07-15')
    const body = await res.json()
    expect(body.errors[0]).toMatchObject({ status: 405, code: 'method_not_allowed', title: 'Method not allowed.' })
    expect(body.errors[0].detail).toContain('PUT')
    const del = await gate('DELETE', '/api/events/abc')
    expect(del.status).toBe(405)
    expect(del.headers.get('allow')).toBe('GET, HEAD, OPTIONS')
  })
  test('/client: the same, with the CORS headers a store page needs to read it', async () => {
    const res = await gate('GET', '/client/events')
    expect(res.status).toBe(405)
    expect(res.headers.get('allow')).toBe('POST, OPTIONS')
    expect(res.headers.get('access-control-allow-origin')).toBe('*')
    expect((await res.json()).errors[0].code).toBe('method_not_allowed')
  })
  test('methods a route serves, pages and unknown paths pass through to Next', async () => {
    for (const [method, path] of [
      ['GET', '/api/profiles'],
      ['POST', '/api/profiles/'],
      ['OPTIONS', '/api/profiles'],
      ['HEAD', '/api/events'],
      ['GET', '/api/no-such-thing'],
      ['PUT', '/api/no-such-thing'],
      ['GET', '/login'],
      ['POST', '/client/events'],
    ]) {
      expect([method, path, (await gate(method, path)).status]).not.toEqual([method, path, 405])
    }
  })
  test('a method Next knows nothing about (PROPFIND) → 405 everywhere, text on pages', async () => {
    const page = await gate('PROPFIND', '/login')
    expect(page.status).toBe(405)
    expect(page.headers.get('allow')).toBe('GET, HEAD')
    expect(page.headers.get('content-type')).toContain('text/plain')
    const api = await gate('PROPFIND', '/api/profiles')
    expect(api.status).toBe(405)
    expect((await api.json()).errors[0].status).toBe(405)
  })
})

describe('TRACE, TRACK and CONNECT: answered by our HTTP server before Next (real server)', () => {
  let server: http.Server
  let port: number
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      if (!refuseForbiddenMethod(req, res)) res.end('next')
    })
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    port = (server.address() as AddressInfo).port
  })
  afterAll(() => new Promise<void>((r) => server.close(() => r())))

  const send = (method: string, path: string) =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port, method, path }, (res) => {
        let body = ''
        res.on('data', (c) => (body += c))
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }))
      })
      req.on('error', reject)
      req.end()
    })

  test('TRACE /login → 405 text with Allow: GET, HEAD', async () => {
    const r = await send('TRACE', '/login')
    expect(r.status).toBe(405)
    expect(r.headers.allow).toBe('GET, HEAD')
    expect(r.headers['content-type']).toContain('text/plain')
  })
  test("TRACE on /api and /client → JSON:API 405 with the route's Allow", async () => {
    const api = await send('TRACE', '/api/profiles/')
    expect(api.status).toBe(405)
    expect(api.headers.allow).toBe('GET, HEAD, POST, OPTIONS')
    expect(api.headers['content-type']).toBe('application/vnd.api+json')
    expect(JSON.parse(api.body).errors[0].code).toBe('method_not_allowed')
    const client = await send('TRACE', '/client/subscriptions')
    expect(client.status).toBe(405)
    expect(client.headers.allow).toBe('POST, OPTIONS')
  })
  test('TRACE /ajax/... → JSON; other methods reach the application', async () => {
    const ajax = await send('TRACE', '/ajax/authorization')
    expect(ajax.status).toBe(405)
    expect(JSON.parse(ajax.body).error).toBe('method_not_allowed')
    expect((await send('GET', '/login')).body).toBe('next')
  })
})

// (/client/reviews was the example until issue 24 served it)
test('unknown /client paths → JSON:API 404 with CORS', async () => {
  for (const path of ['/client/no-such-family', '/client/no/such/thing/']) {
    const res = await dispatchApp(new Request(`http://localhost:3000${path}?company_id=X`))
    expect(res.status).toBe(404)
    expect(res.headers.get('content-type')).toBe('application/vnd.api+json')
    expect(res.headers.get('access-control-allow-origin')).toBe('*')
    expect((await res.json()).errors[0]).toMatchObject({ status: 404, code: 'not_found' })
  }
})
