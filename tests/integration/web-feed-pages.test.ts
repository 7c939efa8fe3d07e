/** @jest-environment node */
// /feed/{id} and /feed/{id}/preview through the real /ajax routes (issue 27 §4): one feed read
// back; the preview shows the last good body without the network, "fetch now" reads a real local
// HTTP server (and reports its failure as text, never a 500); another company's feed is a 404;
// fetching needs feeds_write.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { ajaxRequest, makeCompany, makeUser, params, signIn } from '../helpers/factory'
import * as feeds from '@/app/ajax/web-feeds/route'
import * as feed from '@/app/ajax/web-feeds/[id]/route'
import * as preview from '@/app/ajax/web-feeds/[id]/preview/route'

let server: http.Server
let base = ''
beforeAll(async () => {
  process.env.WEB_FEEDS_ALLOW_PRIVATE = '1'
  server = http.createServer((req, res) => {
    if (req.url === '/deals.json') {
      res.setHeader('content-type', 'application/json')
      res.end(JSON.stringify({ deals: [{ title: 'Spring sale', off: 20 }] }))
    } else {
      res.statusCode = 503
      res.end('down')
    }
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(async () => {
  delete process.env.WEB_FEEDS_ALLOW_PRIVATE
  await new Promise((r) => server.close(r))
})

async function member(role = 'owner', companyId?: number) {
  const id = companyId ?? (await makeCompany()).id
  const user = await makeUser({ companyId: id, role })
  return { companyId: id, cookie: await signIn(user.id, id) }
}
type Handler = (req: Request, ctx?: { params: Promise<Record<string, string>> }) => Promise<Response>
const call = (h: Handler, cookie: string, id: string, method = 'GET') =>
  h(ajaxRequest(`/ajax/web-feeds/${id}`, { method, cookie }), params({ id }))
async function makeFeed(cookie: string, name: string, path: string) {
  const res = await feeds.POST(
    ajaxRequest('/ajax/web-feeds', {
      method: 'POST',
      cookie,
      body: { name, url: base + path, requestMethod: 'get', contentType: 'json', cacheTtlSeconds: 300 },
    }),
  )
  expect(res.status).toBe(201)
  return (await res.json()).feed.id as string
}

test('a feed, its preview before and after a fetch, and a failing fetch reported as text', async () => {
  const a = await member()
  const id = await makeFeed(a.cookie, 'Deals feed', '/deals.json')
  const one = await (await call(feed.GET, a.cookie, id)).json()
  expect(one.feed).toMatchObject({ id, name: 'Deals feed', key: 'Deals_feed', fetchedAt: null })

  expect((await (await call(preview.GET, a.cookie, id)).json()).preview).toBeNull()
  const fetched = await call(preview.POST, a.cookie, id, 'POST')
  expect(fetched.status).toBe(200)
  const body = await fetched.json()
  expect(body.error).toBeNull()
  expect(JSON.parse(body.preview.text)).toEqual({ deals: [{ title: 'Spring sale', off: 20 }] })
  expect(body.feed.fetchedAt).toEqual(expect.any(String))
  const cached = await (await call(preview.GET, a.cookie, id)).json()
  expect(JSON.parse(cached.preview.text).deals[0].title).toBe('Spring sale')

  const broken = await makeFeed(a.cookie, 'Broken', '/nothing')
  const failed = await call(preview.POST, a.cookie, broken, 'POST')
  expect(failed.status).toBe(200)
  expect(await failed.json()).toMatchObject({ preview: null, error: 'The feed answered with status 503.' })
})

test('another company’s feed is not found and a read-only role cannot fetch', async () => {
  const a = await member()
  const id = await makeFeed(a.cookie, 'Mine', '/deals.json')
  const b = await member()
  expect((await call(feed.GET, b.cookie, id)).status).toBe(404)
  expect((await call(preview.GET, b.cookie, id)).status).toBe(404)
  expect((await call(preview.POST, b.cookie, id, 'POST')).status).toBe(404)
  expect((await call(feed.GET, a.cookie, 'nope')).status).toBe(404)
  const analyst = await member('analyst', a.companyId)
  expect((await call(preview.GET, analyst.cookie, id)).status).toBe(200)
  expect((await call(preview.POST, analyst.cookie, id, 'POST')).status).toBe(403)
})
