/** @jest-environment node */
// /ajax/account/bis-settings and /ajax/web-feeds (the /settings/other/bis-settings and
// /settings/other/web-feeds screens) through the real route handlers: defaults, a save as the
// screen sends it (snake_case), bad input answered 400 with field errors and nothing written, an
// Analyst reads but cannot write, and another account neither sees nor changes the rows.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
import { db } from '@/lib/db/client'
import { ajaxRequest, makeCompany, makeUser, params, signIn } from '../helpers/factory'
import * as bis from '@/app/ajax/account/bis-settings/route'
import * as feeds from '@/app/ajax/web-feeds/route'
import * as feed from '@/app/ajax/web-feeds/[id]/route'
import { getBisSettings } from '@/lib/catalog/back-in-stock/settings'

let A: number, B: number, ownerA: string, analystA: string, ownerB: string
beforeAll(async () => {
  A = (await makeCompany('BisFeeds A')).id
  B = (await makeCompany('BisFeeds B')).id
  ownerA = await signIn((await makeUser({ companyId: A, role: 'owner' })).id, A)
  analystA = await signIn((await makeUser({ companyId: A, role: 'analyst' })).id, A)
  ownerB = await signIn((await makeUser({ companyId: B, role: 'owner' })).id, B)
})
const json = async (r: Response) => ({ status: r.status, body: await r.json() })
const getBis = (cookie: string) => bis.GET(ajaxRequest('/ajax/account/bis-settings', { cookie })).then(json)
const putBis = (cookie: string, body: unknown) =>
  bis.PUT(ajaxRequest('/ajax/account/bis-settings', { method: 'PUT', cookie, body })).then(json)
const listFeeds = (cookie: string) => feeds.GET(ajaxRequest('/ajax/web-feeds', { cookie })).then(json)
const createFeed = (cookie: string, body: unknown) =>
  feeds.POST(ajaxRequest('/ajax/web-feeds', { method: 'POST', cookie, body })).then(json)
const patchFeed = (cookie: string, id: string, body: unknown) =>
  feed.PATCH(ajaxRequest(`/ajax/web-feeds/${id}`, { method: 'PATCH', cookie, body }), params({ id })).then(json)
const deleteFeed = (cookie: string, id: string) =>
  feed.DELETE(ajaxRequest(`/ajax/web-feeds/${id}`, { method: 'DELETE', cookie }), params({ id })).then(json)

describe('back-in-stock settings', () => {
  test('the defaults until saved, then the saved values; POST saves too', async () => {
    const first = await getBis(ownerA)
    expect(first).toEqual({
      status: 200,
      body: {
        settings: { inventoryThreshold: 0, batchSize: 100, batchIntervalMinutes: 15 },
        defaults: { inventoryThreshold: 0, batchSize: 100, batchIntervalMinutes: 15 },
      },
    })
    const saved = await putBis(ownerA, { inventory_threshold: 3, batch_size: 250, batch_interval_minutes: 30 })
    expect(saved.status).toBe(200)
    expect(saved.body.settings).toEqual({ inventoryThreshold: 3, batchSize: 250, batchIntervalMinutes: 30 })
    expect(await getBisSettings(A)).toEqual({ inventoryThreshold: 3, batchSize: 250, batchIntervalMinutes: 30 })
    const posted = await bis
      .POST(
        ajaxRequest('/ajax/account/bis-settings', {
          method: 'POST',
          cookie: ownerA,
          body: { inventory_threshold: '4', batch_size: '250', batch_interval_minutes: '30' },
        }),
      )
      .then(json)
    expect(posted.body.settings.inventoryThreshold).toBe(4)
  })

  test('bad input: 400 with each field named, nothing written; an empty field is not 0', async () => {
    const before = await getBisSettings(A)
    const bad = await putBis(ownerA, { inventory_threshold: -1, batch_size: 0, batch_interval_minutes: 2.5 })
    expect(bad.status).toBe(400)
    expect(bad.body.fieldErrors).toEqual({
      inventoryThreshold: ['The inventory threshold must be at least 0.'],
      batchSize: ['The batch size must be at least 1.'],
      batchIntervalMinutes: ['The time between batches must be a whole number.'],
    })
    const empty = await putBis(ownerA, { inventory_threshold: '', batch_size: 10, batch_interval_minutes: 10 })
    expect(empty.status).toBe(400)
    expect(Object.keys(empty.body.fieldErrors)).toEqual(['inventoryThreshold'])
    const missing = await putBis(ownerA, { batch_size: 10 })
    expect(Object.keys(missing.body.fieldErrors).sort()).toEqual(['batchIntervalMinutes', 'inventoryThreshold'])
    expect(await getBisSettings(A)).toEqual(before)
  })

  test('an Analyst reads but cannot save; another account has its own settings and cannot change these', async () => {
    const before = await getBisSettings(A)
    expect((await getBis(analystA)).status).toBe(200)
    expect((await putBis(analystA, { inventory_threshold: 9, batch_size: 9, batch_interval_minutes: 9 })).status).toBe(
      403,
    )
    expect((await getBis(ownerB)).body.settings).toEqual({
      inventoryThreshold: 0,
      batchSize: 100,
      batchIntervalMinutes: 15,
    })
    expect((await putBis(ownerB, { inventory_threshold: 7, batch_size: 7, batch_interval_minutes: 7 })).status).toBe(
      200,
    )
    expect(await getBisSettings(A)).toEqual(before)
    expect(await getBisSettings(B)).toEqual({ inventoryThreshold: 7, batchSize: 7, batchIntervalMinutes: 7 })
  })
})

describe('web feeds', () => {
  test('create (as the screen sends it), list with the template key, edit, delete', async () => {
    expect((await listFeeds(ownerA)).body).toEqual({ feeds: [], max: 100 })
    const made = await createFeed(ownerA, {
      name: 'Blog posts',
      url: 'https://example.com/feed.json',
      request_method: 'get',
      content_type: 'json',
      cache_ttl_seconds: 600,
    })
    expect(made.status).toBe(201)
    expect(made.body.feed).toMatchObject({
      name: 'Blog posts',
      key: 'Blog_posts',
      url: 'https://example.com/feed.json',
      requestMethod: 'get',
      contentType: 'json',
      cacheTtlSeconds: 600,
      status: 'ok',
      fetchedAt: null,
    })
    const id = made.body.feed.id as string
    const listed = (await listFeeds(ownerA)).body.feeds
    expect(listed.map((f: { id: string }) => f.id)).toEqual([id])

    const edited = await patchFeed(ownerA, id, {
      url: 'https://example.com/feed.xml',
      content_type: 'xml',
      cache_ttl_seconds: 120,
    })
    expect(edited.status).toBe(200)
    expect(edited.body.feed).toMatchObject({
      name: 'Blog posts',
      url: 'https://example.com/feed.xml',
      contentType: 'xml',
      cacheTtlSeconds: 120,
    })
    expect(await db.webFeed.findFirst({ where: { id } })).toMatchObject({ contentType: 'xml', cacheTtlSeconds: 120 })

    expect((await createFeed(ownerA, { name: 'Blog-posts', url: 'https://example.com/x' })).status).toBe(409) // same template key
    expect((await deleteFeed(ownerA, id)).status).toBe(200)
    expect(await db.webFeed.count({ where: { companyId: A } })).toBe(0)
  })

  test('bad input: 400 with each field named, nothing written', async () => {
    const bad = await createFeed(ownerA, {
      name: '',
      url: 'ftp://example.com',
      request_method: 'put',
      content_type: 'csv',
      cache_ttl_seconds: 5,
    })
    expect(bad.status).toBe(400)
    expect(Object.keys(bad.body.fieldErrors).sort()).toEqual([
      'cacheTtlSeconds',
      'contentType',
      'name',
      'requestMethod',
    ])
    // the store's own checks (URL scheme, name characters) name the field too
    const badUrl = await createFeed(ownerA, { name: 'Ok', url: 'ftp://example.com' })
    expect(badUrl.status).toBe(400)
    expect(badUrl.body.fieldErrors.url[0]).toMatch(/http or https URL/)
    const badName = await createFeed(ownerA, { name: '1st feed', url: 'https://example.com' })
    expect(badName.body.fieldErrors.name[0]).toMatch(/starts with a letter/)
    expect(await db.webFeed.count({ where: { companyId: A } })).toBe(0)

    const made = await createFeed(ownerA, { name: 'Deals', url: 'https://example.com/deals.json' })
    const id = made.body.feed.id as string
    const badEdit = await patchFeed(ownerA, id, { url: 'not a url', cache_ttl_seconds: 100_000 })
    expect(badEdit.status).toBe(400)
    expect(Object.keys(badEdit.body.fieldErrors)).toEqual(['cacheTtlSeconds'])
    const badEditUrl = await patchFeed(ownerA, id, { url: 'not a url' })
    expect(badEditUrl.body.fieldErrors).toEqual({ url: [expect.stringMatching(/http or https URL/)] })
    expect(await db.webFeed.findFirst({ where: { id } })).toMatchObject({
      url: 'https://example.com/deals.json',
      cacheTtlSeconds: 300,
    })
    await deleteFeed(ownerA, id)
  })

  test('an Analyst reads but cannot write; another account sees and touches nothing', async () => {
    const id = (await createFeed(ownerA, { name: 'Stock', url: 'https://example.com/stock.json' })).body.feed
      .id as string
    expect((await listFeeds(analystA)).body.feeds).toHaveLength(1)
    expect((await createFeed(analystA, { name: 'Nope', url: 'https://example.com' })).status).toBe(403)
    expect((await patchFeed(analystA, id, { name: 'Renamed' })).status).toBe(403)
    expect((await deleteFeed(analystA, id)).status).toBe(403)

    expect((await listFeeds(ownerB)).body.feeds).toEqual([])
    expect((await patchFeed(ownerB, id, { name: 'Theirs' })).status).toBe(404)
    expect((await deleteFeed(ownerB, id)).status).toBe(404)
    expect(await db.webFeed.findFirst({ where: { id } })).toMatchObject({ companyId: A, name: 'Stock' })
    // the same name in another account is its own feed
    expect((await createFeed(ownerB, { name: 'Stock', url: 'https://example.com/b.json' })).status).toBe(201)
    expect((await listFeeds(ownerA)).body.feeds.map((f: { url: string }) => f.url)).toEqual([
      'https://example.com/stock.json',
    ])
  })
})
