/** @jest-environment node */
// Catalog sources on a real database against a real HTTP server serving feeds: a JSON feed and a
// Google Merchant XML feed synced into items and variants (grouped by item_group_id), bad entries
// reported by index, an item gone from a good feed unpublished (never deleted), a broken feed and
// a feed that is not what it claims stopping with their error and keeping the catalog, the next
// scheduled sync booked, a CSV upload over /ajax (multipart), and another company kept out.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)
process.env.CATALOG_FEEDS_ALLOW_PRIVATE = '1'

import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { db } from '@/lib/db/client'
import { createSource, requestSync, runSync } from '@/lib/catalog/sources/sync'
import * as sourcesRoute from '@/app/ajax/catalog/sources/route'
import * as sourceRoute from '@/app/ajax/catalog/sources/[id]/route'
import * as syncRoute from '@/app/ajax/catalog/sync/route'
import * as syncGetRoute from '@/app/ajax/catalog/sync/[syncId]/route'
import { ajaxRequest, CSRF, makeCompany, makeUser, params, signIn } from '../helpers/factory'
import { queuedJobs } from '../helpers/queued-jobs'
import { SOURCE_SYNC_JOB } from '@/lib/catalog/sources/sync'

const feeds = new Map<string, { status?: number; type: string; body: string }>()
let server: http.Server
let base: string
let a: number
let b: number
let cookieA: string
let cookieB: string

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const f = feeds.get(req.url ?? '')
    if (!f) {
      res.writeHead(404).end('no')
      return
    }
    res.writeHead(f.status ?? 200, { 'content-type': f.type }).end(f.body)
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  a = (await makeCompany('Sources A')).id
  b = (await makeCompany('Sources B')).id
  cookieA = await signIn((await makeUser({ companyId: a, role: 'owner' })).id, a)
  cookieB = await signIn((await makeUser({ companyId: b, role: 'owner' })).id, b)
})
afterAll(async () => {
  await new Promise<void>((r) => server.close(() => r()))
})

const T0 = new Date('2026-04-01T08:00:00.000Z')
const json = (items: unknown[]) => ({ type: 'application/json', body: JSON.stringify({ items }) })
const items = (company: number) =>
  db.catalogItem.findMany({ where: { companyId: company }, orderBy: { externalId: 'asc' } })
async function sync(company: number, sourceId: string, now: Date) {
  const syncId = await requestSync(company, sourceId, false, now)
  return runSync(company, syncId, { now: () => now })
}

test('JSON feed: items, grouped variants, bad entries by index; a later sync updates, unpublishes the absent item and records the price change', async () => {
  feeds.set(
    '/feed.json',
    json([
      {
        id: 'TEE-S',
        item_group_id: 'TEE',
        title: 'Tee',
        description: 'Cotton',
        price: '20.00 USD',
        link: 'https://shop.test/tee',
        image_link: 'https://shop.test/tee.png',
        inventory_quantity: 4,
      },
      {
        id: 'TEE-M',
        item_group_id: 'TEE',
        title: 'Tee',
        description: 'Cotton',
        price: 22,
        link: 'https://shop.test/tee',
        inventory_quantity: 0,
        availability: 'out of stock',
      },
      { id: 'MUG', title: 'Mug', description: 'Stoneware', price: 12, url: 'https://shop.test/mug' },
      { id: 'BAD', title: 'Bad', price: -3 },
      { title: 'No id' },
    ]),
  )
  const { source, syncId } = await createSource(
    a,
    { name: 'Main feed', url: `${base}/feed.json`, format: 'json', scheduleHours: 6 },
    T0,
  )
  const s1 = await runSync(a, syncId, { now: () => T0 })
  expect(s1).toMatchObject({ status: 'complete', added: 2, updated: 0, unpublished: 0, failed: 2, error: null })
  expect(s1.entryErrors.map((e) => [e.index, e.externalId])).toEqual([
    [3, 'BAD'],
    [4, null],
  ])
  const it1 = await items(a)
  expect(it1.map((i) => [i.externalId, i.price, i.published, i.sourceId])).toEqual([
    ['MUG', 12, true, source.id],
    ['TEE', 20, true, source.id],
  ])
  const variants = await db.catalogVariant.findMany({ where: { companyId: a }, orderBy: { externalId: 'asc' } })
  expect(variants.map((v) => [v.externalId, v.price, v.inventoryQuantity, v.published])).toEqual([
    ['TEE-M', 22, 0, false],
    ['TEE-S', 20, 4, true],
  ])
  // The next scheduled sync is booked scheduleHours later.
  const booked = (await queuedJobs({ companyId: a, type: SOURCE_SYNC_JOB })).map((j) => j.runAt.toISOString())
  expect(booked).toContain(new Date(T0.getTime() + 6 * 3_600_000).toISOString())

  // The mug is gone from the feed and the small tee is cheaper.
  feeds.set(
    '/feed.json',
    json([
      {
        id: 'TEE-S',
        item_group_id: 'TEE',
        title: 'Tee',
        description: 'Cotton',
        price: 15,
        link: 'https://shop.test/tee',
        inventory_quantity: 4,
      },
      {
        id: 'TEE-M',
        item_group_id: 'TEE',
        title: 'Tee',
        description: 'Cotton',
        price: 22,
        link: 'https://shop.test/tee',
        inventory_quantity: 0,
      },
    ]),
  )
  const s2 = await sync(a, source.id, new Date(T0.getTime() + 3_600_000))
  expect(s2).toMatchObject({ status: 'complete', added: 0, updated: 1, unpublished: 1, failed: 0 })
  const it2 = await items(a)
  expect(it2.map((i) => [i.externalId, i.published])).toEqual([
    ['MUG', false],
    ['TEE', true],
  ])
  const changes = await db.catalogChange.findMany({ where: { companyId: a, kind: 'price' } })
  expect(changes.map((c) => [c.oldValue, c.newValue])).toEqual(expect.arrayContaining([[20, 15]]))
})

test.each([
  ['an HTTP error', { status: 500, type: 'text/plain', body: 'oops' }, 'json', /HTTP 500/],
  [
    'an HTML page claiming to be JSON',
    { type: 'text/html', body: '<!doctype html><html><body>Login</body></html>' },
    'json',
    /HTML page/,
  ],
  ['invalid JSON', { type: 'application/json', body: '{"items": [' }, 'json', /not valid JSON/],
  ['JSON claiming to be XML', { type: 'application/xml', body: '{"items": []}' }, 'xml', /not XML/],
  [
    'XML that is not a shopping feed',
    { type: 'application/xml', body: '<?xml version="1.0"?><catalog><book/></catalog>' },
    'xml',
    /not a shopping feed/,
  ],
  ['an empty product list', { type: 'application/json', body: '[]' }, 'json', /no products/],
])('a broken feed (%s) fails with its error and keeps the catalog', async (_label, feed, format, error) => {
  const path = `/broken-${Math.random().toString(36).slice(2)}`
  feeds.set(path, json([{ id: `K-${path}`, title: 'Kept', description: '', price: 5, url: 'https://shop.test/k' }]))
  const { source, syncId } = await createSource(a, { name: 'Flaky', url: base + path, format, scheduleHours: 24 }, T0)
  if (format === 'json') expect((await runSync(a, syncId, { now: () => T0 })).status).toBe('complete')
  feeds.set(path, feed)
  const before = await items(a)
  const s = await sync(a, source.id, new Date(T0.getTime() + 60_000))
  expect(s.status).toBe('failed')
  expect(s.error).toMatch(error)
  expect(await items(a)).toEqual(before)
  expect((await db.catalogSource.findUniqueOrThrow({ where: { id: source.id } })).lastStatus).toBe('failed')
})

test('Google Merchant XML: g: fields, prices with currency, availability, item groups', async () => {
  feeds.set('/merchant.xml', {
    type: 'application/xml',
    body: `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0"><channel><title>Shop</title>
<item><g:id>CAP-RED</g:id><g:title>Cap</g:title><g:description><![CDATA[A <b>red</b> cap]]></g:description><g:price>9.50 EUR</g:price>
<g:link>https://shop.test/cap</g:link><g:image_link>https://shop.test/cap.png</g:image_link><g:availability>in stock</g:availability><g:item_group_id>CAP</g:item_group_id><g:quantity>7</g:quantity></item>
<item><g:id>CAP-BLUE</g:id><g:title>Cap</g:title><g:price>9.50 EUR</g:price><g:link>https://shop.test/cap</g:link><g:availability>out of stock</g:availability><g:item_group_id>CAP</g:item_group_id></item>
<item><g:id>SOCK</g:id><g:title>Socks</g:title><g:price>4 EUR</g:price><g:link>https://shop.test/sock</g:link></item>
</channel></rss>`,
  })
  const { syncId } = await createSource(b, { name: 'Merchant', url: `${base}/merchant.xml`, format: 'xml' }, T0)
  const s = await runSync(b, syncId, { now: () => T0 })
  expect(s).toMatchObject({ status: 'complete', added: 2, failed: 0 })
  const it = await items(b)
  expect(it.map((i) => [i.externalId, i.title, i.price, i.imageFullUrl])).toEqual([
    ['CAP', 'Cap', 9.5, 'https://shop.test/cap.png'],
    ['SOCK', 'Socks', 4, null],
  ])
  expect(it[0]!.description).toBe('A <b>red</b> cap')
  const v = await db.catalogVariant.findMany({ where: { companyId: b }, orderBy: { externalId: 'asc' } })
  expect(v.map((x) => [x.externalId, x.inventoryQuantity, x.published])).toEqual([
    ['CAP-BLUE', 0, false],
    ['CAP-RED', 7, true],
  ])
})

test('/ajax: CSV upload (multipart), create with bad input, list, get, sync; another company sees none of it', async () => {
  const form = new FormData()
  form.set(
    'file',
    new Blob(
      [
        'id,title,description,price,url,item_group_id,inventory_quantity\nPEN,Pen,Blue ink,2.5,https://shop.test/pen,,\nPAD,Pad,,x,https://shop.test/pad,,\n',
      ],
      { type: 'text/csv' },
    ),
    'products.csv',
  )
  const upload = await sourcesRoute.POST(
    new Request('http://localhost:3000/ajax/catalog/sources', {
      method: 'POST',
      headers: { cookie: cookieA, 'x-csrftoken': CSRF },
      body: form,
    }),
  )
  expect(upload.status).toBe(200)
  const up = await upload.json()
  expect(up).toMatchObject({
    success: true,
    source: { kind: 'csv', name: 'products.csv' },
    sync: { status: 'complete', added: 1, failed: 1 },
  })
  expect(up.sync.entryErrors[0]).toMatchObject({ index: 1, externalId: 'PAD' })
  expect(await db.catalogItem.count({ where: { companyId: a, externalId: 'PEN' } })).toBe(1)

  const noId = new FormData()
  noId.set('file', new Blob(['name,price\nX,1\n'], { type: 'text/csv' }), 'bad.csv')
  const bad = await sourcesRoute.POST(
    new Request('http://localhost:3000/ajax/catalog/sources', {
      method: 'POST',
      headers: { cookie: cookieA, 'x-csrftoken': CSRF },
      body: noId,
    }),
  )
  expect(bad.status).toBe(400)
  expect(await bad.json()).toMatchObject({ success: false, fieldErrors: { file: [expect.stringMatching(/id/)] } })

  const invalid = await sourcesRoute.POST(
    ajaxRequest('/ajax/catalog/sources', {
      method: 'POST',
      cookie: cookieA,
      body: { name: '', url: 'ftp://x', format: 'csv' },
    }),
  )
  expect(invalid.status).toBe(400)
  const inv = await invalid.json()
  expect(inv.success).toBe(false)
  expect(Object.keys(inv.fieldErrors).sort()).toEqual(['format', 'name', 'url'])

  const list = await (await sourcesRoute.GET(ajaxRequest('/ajax/catalog/sources', { cookie: cookieA }))).json()
  expect(list.success).toBe(true)
  const feed = list.sources.find((s: { kind: string }) => s.kind === 'feed')
  const one = await (
    await sourceRoute.GET(ajaxRequest(`/ajax/catalog/sources/${feed.id}`, { cookie: cookieA }), params({ id: feed.id }))
  ).json()
  expect(one.source.id).toBe(feed.id)
  expect(one.syncs.length).toBeGreaterThan(0)
  const queued = await (
    await syncRoute.POST(
      ajaxRequest('/ajax/catalog/sync', { method: 'POST', cookie: cookieA, body: { sourceId: feed.id } }),
    )
  ).json()
  expect(queued).toMatchObject({ success: true, syncId: expect.any(String) })
  const got = await (
    await syncGetRoute.GET(
      ajaxRequest(`/ajax/catalog/sync/${queued.syncId}`, { cookie: cookieA }),
      params({ syncId: queued.syncId }),
    )
  ).json()
  expect(got.sync).toMatchObject({ status: 'queued', sourceId: feed.id })

  // Company B: not found, cannot sync, its list holds only its own.
  const other = await sourceRoute.GET(
    ajaxRequest(`/ajax/catalog/sources/${feed.id}`, { cookie: cookieB }),
    params({ id: feed.id }),
  )
  expect(other.status).toBe(404)
  expect((await other.json()).success).toBe(false)
  expect(
    (
      await syncRoute.POST(
        ajaxRequest('/ajax/catalog/sync', { method: 'POST', cookie: cookieB, body: { sourceId: feed.id } }),
      )
    ).status,
  ).toBe(404)
  expect(
    (
      await syncGetRoute.GET(
        ajaxRequest(`/ajax/catalog/sync/${queued.syncId}`, { cookie: cookieB }),
        params({ syncId: queued.syncId }),
      )
    ).status,
  ).toBe(404)
  const listB = await (await sourcesRoute.GET(ajaxRequest('/ajax/catalog/sources', { cookie: cookieB }))).json()
  expect(listB.sources.every((s: { id: string }) => s.id !== feed.id)).toBe(true)
})
