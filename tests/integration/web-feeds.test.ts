/** @jest-environment node */
// Web feeds: /api/web-feeds CRUD (the official SDK over HTTP too), feeds.<name> in templates read
// from a real local HTTP server (JSON and RSS/XML), the per-feed cache (one fetch per TTL), a
// broken feed (500, not JSON, timeout-free refusal) rendering the template's fallback instead of
// failing, and company isolation.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)

import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { ApiKeySession, WebFeedsApi } from 'klaviyo-api'
import { db } from '@/lib/db/client'
import { renderTemplate } from '@/lib/templates/render-template'
import { prepareCatalogRender } from '@/lib/catalog/catalog-prerender'
import { clearWebFeedCache } from '@/lib/web-feeds/fetch-feed'
import * as feedsRoute from '@/app/api/web-feeds/route'
import * as feedRoute from '@/app/api/web-feeds/[id]/route'
import { makeCompany } from '../helpers/factory'
import { makeApiKey } from '../helpers/route-server'
import { addRoutes, couponApi, startCouponServer, type RouteServer } from './coupons-api-routes'

addRoutes([
  ['/api/web-feeds', feedsRoute],
  ['/api/web-feeds/:id', feedRoute],
])

let feedServer: http.Server
let base = ''
const hits: Record<string, number> = {}
let companyId: number
let key: string
let otherKey: string

const RSS = `<?xml version="1.0"?><rss version="2.0"><channel><title>Shop blog</title>
<item><title>Spring &amp; you</title><link>https://shop.test/b/1</link></item>
<item><title>Summer picks</title><link>https://shop.test/b/2</link></item></channel></rss>`

beforeAll(async () => {
  process.env.WEB_FEEDS_ALLOW_PRIVATE = '1'
  feedServer = http.createServer((req, res) => {
    const path = req.url ?? '/'
    hits[path] = (hits[path] ?? 0) + 1
    if (path === '/deals.json')
      return res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          headline: 'Deal <of> the day',
          deals: [
            { name: 'Mug', price: 9 },
            { name: 'Cap', price: 12 },
          ],
        }),
      )
    if (path === '/blog.xml') return res.writeHead(200, { 'content-type': 'application/rss+xml' }).end(RSS)
    if (path === '/broken.json') return res.writeHead(500).end('oops')
    if (path === '/html.json') return res.writeHead(200, { 'content-type': 'text/html' }).end('<html>not json</html>')
    res.writeHead(404).end()
  })
  await new Promise<void>((r) => feedServer.listen(0, '127.0.0.1', r))
  base = `http://127.0.0.1:${(feedServer.address() as AddressInfo).port}`
  companyId = (await makeCompany('Feeds A')).id
  key = await makeApiKey(companyId)
  otherKey = await makeApiKey((await makeCompany('Feeds B')).id)
})
afterAll(async () => {
  delete process.env.WEB_FEEDS_ALLOW_PRIVATE
  await new Promise<void>((r) => feedServer.close(() => r()))
})
beforeEach(() => clearWebFeedCache())

const feedBody = (name: string, url: string, content_type = 'json') => ({
  data: { type: 'web-feed', attributes: { name, url, request_method: 'get', content_type } },
})

async function render(source: string, now: Date, cid = companyId) {
  const pre = await prepareCatalogRender({
    companyId: cid,
    sources: [source],
    context: {},
    assignKey: null,
    profileId: null,
    now,
  })
  if (!pre.ok) throw new Error(pre.error)
  return renderTemplate(source, pre.context, { mode: 'html', now })
}

test('CRUD: create 201, get, list (5 per page, name filters), patch 200, duplicate 409, bad url 400, delete 204', async () => {
  const created = await couponApi('POST', '/api/web-feeds', key, feedBody('deals', `${base}/deals.json`))
  expect(created.status).toBe(201)
  expect(created.json.data).toMatchObject({
    type: 'web-feed',
    attributes: { name: 'deals', url: `${base}/deals.json`, request_method: 'get', content_type: 'json', status: 'ok' },
  })
  expect((await couponApi('POST', '/api/web-feeds', key, feedBody('deals', `${base}/x`))).status).toBe(409)
  const bad = await couponApi('POST', '/api/web-feeds', key, feedBody('x', 'ftp://nope'))
  expect(bad.status).toBe(400)
  expect(bad.json.errors[0].source.pointer).toBe('/data/attributes/url')
  expect(
    (
      await couponApi('POST', '/api/web-feeds', key, {
        data: {
          type: 'web-feed',
          attributes: { name: 'y', url: `${base}/y`, request_method: 'put', content_type: 'json' },
        },
      })
    ).status,
  ).toBe(400)
  await couponApi('POST', '/api/web-feeds', key, feedBody('blog', `${base}/blog.xml`, 'xml'))
  const id = created.json.data.id
  const list = await couponApi('GET', `/api/web-feeds?filter=${encodeURIComponent('contains(name,"blo")')}`, key)
  expect(list.json.data.map((f: { attributes: { name: string } }) => f.attributes.name)).toEqual(['blog'])
  expect((await couponApi('GET', '/api/web-feeds?page[size]=21', key)).status).toBe(400)
  const patched = await couponApi('PATCH', `/api/web-feeds/${id}`, key, {
    data: { type: 'web-feed', id, attributes: { name: 'daily_deals' } },
  })
  expect(patched.status).toBe(200)
  expect(patched.json.data.attributes.name).toBe('daily_deals')
  expect((await couponApi('GET', `/api/web-feeds/${id}`, otherKey)).status).toBe(404)
  expect(
    (
      await couponApi('PATCH', `/api/web-feeds/${id}`, otherKey, {
        data: { type: 'web-feed', id, attributes: { name: 'stolen' } },
      })
    ).status,
  ).toBe(404)
  expect((await couponApi('DELETE', `/api/web-feeds/${id}`, otherKey)).status).toBe(404)
  expect((await couponApi('GET', '/api/web-feeds', otherKey)).json.data).toEqual([])
  const tmp = await couponApi('POST', '/api/web-feeds', key, feedBody('tmp', `${base}/tmp.json`))
  expect((await couponApi('DELETE', `/api/web-feeds/${tmp.json.data.id}`, key)).status).toBe(204)
  expect((await couponApi('GET', `/api/web-feeds/${tmp.json.data.id}`, key)).status).toBe(404)
})

test('feeds.<name> in a template: JSON and RSS, escaped, cached for the TTL then read again', async () => {
  const t0 = new Date('2026-11-20T10:00:00Z')
  const src =
    '<h1>{{ feeds.daily_deals.headline }}</h1>{% for d in feeds.daily_deals.deals %}<p>{{ d.name }} {{ d.price }}</p>{% endfor %}{% for p in feeds.blog.items %}<a href="{{ p.link }}">{{ p.title }}</a>{% endfor %}'
  const before = hits['/deals.json'] ?? 0
  const html = await render(src, t0)
  expect(html).toBe(
    '<h1>Deal &lt;of&gt; the day</h1><p>Mug 9</p><p>Cap 12</p><a href="https://shop.test/b/1">Spring &amp; you</a><a href="https://shop.test/b/2">Summer picks</a>',
  )
  await render(src, new Date(t0.getTime() + 60_000))
  await render(src, new Date(t0.getTime() + 299_000))
  expect(hits['/deals.json']! - before).toBe(1)
  await render(src, new Date(t0.getTime() + 301_000))
  expect(hits['/deals.json']! - before).toBe(2)
  const row = await db.webFeed.findFirst({ where: { companyId, name: 'daily_deals' } })
  expect(row).toMatchObject({ status: 'ok', lastError: null })
  expect(row!.cachedBody).toContain('Deal <of> the day')
})

test('a broken feed renders the fallback, records its error, and is not fetched again at once', async () => {
  await couponApi('POST', '/api/web-feeds', key, feedBody('broken', `${base}/broken.json`))
  await couponApi('POST', '/api/web-feeds', key, feedBody('notjson', `${base}/html.json`))
  const now = new Date('2026-11-21T10:00:00Z')
  const src =
    '{% if feeds.broken %}live{% else %}fallback{% endif %}|{% if feeds.notjson %}live{% else %}fallback{% endif %}|{{ feeds.missing.x|default:"none" }}'
  expect(await render(src, now)).toBe('fallback|fallback|none')
  expect(await render(src, new Date(now.getTime() + 1000))).toBe('fallback|fallback|none')
  expect(hits['/broken.json']).toBe(1)
  const broken = await db.webFeed.findFirst({ where: { companyId, name: 'broken' } })
  expect(broken!.lastError).toBe('The feed answered with status 500.')
  expect((await db.webFeed.findFirst({ where: { companyId, name: 'notjson' } }))!.lastError).toBe(
    'The feed is not valid JSON.',
  )
})

test('another company cannot read these feeds in its templates', async () => {
  const other = (await makeCompany('Feeds C')).id
  expect(await render('{{ feeds.daily_deals.headline|default:"none" }}', new Date(), other)).toBe('none')
})

describe('official SDK over HTTP', () => {
  let server: RouteServer
  beforeAll(async () => {
    server = await startCouponServer()
  })
  afterAll(() => server.close())
  test('createWebFeed, getWebFeeds, updateWebFeed, deleteWebFeed', async () => {
    const api = new WebFeedsApi(new ApiKeySession(key))
    api.basePath = server.url
    const c = await api.createWebFeed({
      data: {
        type: 'web-feed',
        attributes: { name: 'sdk_feed', url: `${base}/deals.json`, requestMethod: 'get', contentType: 'json' },
      },
    } as never)
    expect(c.response.status).toBe(201)
    const all = await api.getWebFeeds({ pageSize: 20 } as never)
    expect(all.body.data.map((f) => f.attributes.name)).toContain('sdk_feed')
    const u = await api.updateWebFeed(c.body.data.id, {
      data: { type: 'web-feed', id: c.body.data.id, attributes: { contentType: 'xml' } },
    } as never)
    expect(u.body.data.attributes.contentType).toBe('xml')
    await api.deleteWebFeed(c.body.data.id)
    expect(await db.webFeed.count({ where: { companyId, name: 'sdk_feed' } })).toBe(0)
  })
})
