/** @jest-environment node */
// Photos on the hosted review form (issue 24 §1): up to five images, checked as template images
// are (type from the bytes, 5 MB, width and height), kept under DATA_DIR and served from our
// origin, listed in /api/reviews `images` and on the moderation screen. Bad input (a non-image,
// too large, too many) is a 400 with the photos field's error and nothing stored: no review, no
// row, no file.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)

import { db } from '@/lib/db/client'
import { inWriteTx } from '@/lib/db/ops'
import { createItemOps } from '@/lib/catalog/store/items'
import { prepareCatalogWrite } from '@/lib/catalog/store/run-write'
import { ingestEvents } from '@/lib/events/ingest-events'
import { setFeatureFlag } from '@/lib/flags/get-feature-flags'
import { reviewRequestToken } from '@/lib/reviews/review-request-token'
import { resetRateLimits } from '@/lib/api/rate-limit'
import * as formRoute from '@/app/reviews/write/[token]/route'
import * as mediaRoute from '@/app/media/review-images/[file]/route'
import * as reviewsRoute from '@/app/api/reviews/route'
import * as ajaxReviewRoute from '@/app/ajax/reviews/[id]/route'
import { ajaxRequest, makeCompany, makeUser, params, signIn } from '../helpers/factory'
import { makeApiKey } from '../helpers/route-server'
import { routeTable } from '../helpers/route-table'

const DATA = fs.mkdtempSync(path.join(os.tmpdir(), 'review-photos-'))
const table = routeTable([['/api/reviews', reviewsRoute]])

// A real 1×1 PNG, and PNG headers that claim other sizes (the checks read only the header).
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
)
function pngOf(width: number, height: number) {
  const b = Buffer.from(PNG)
  b.writeUInt32BE(width, 16)
  b.writeUInt32BE(height, 20)
  return b
}

let A: number
let B: number
let profileId: string
let keyA: string
let cookieA: string
let cookieB: string

const tokenFor = (order: string) =>
  reviewRequestToken({ companyId: A, profileId, orderKey: order, productExternalId: 'MUG' })

async function post(token: string, photos: Array<{ bytes: Buffer; name: string; type?: string }>, extra = {}) {
  const form = new FormData()
  for (const [k, v] of Object.entries({ rating: '5', body: 'Lovely mug.', name: 'Ana', ...extra })) form.set(k, v)
  for (const p of photos)
    form.append('photos', new Blob([new Uint8Array(p.bytes)], { type: p.type ?? 'image/png' }), p.name)
  const res = await formRoute.POST(
    new Request(`http://localhost:3000/reviews/write/${token}`, { method: 'POST', body: form }),
    params({ token }),
  )
  return { status: res.status, html: await res.text() }
}

const filesUnder = (dir: string): string[] =>
  fs.existsSync(dir)
    ? fs
        .readdirSync(dir, { withFileTypes: true })
        .flatMap((e) => (e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [path.join(dir, e.name)]))
    : []

async function nothingStored() {
  expect(await db.review.count({ where: { companyId: A } })).toBe(0)
  expect(await db.reviewImage.count()).toBe(0)
  expect(filesUnder(path.join(DATA, 'review-images'))).toEqual([])
}

beforeAll(async () => {
  process.env.DATA_DIR = DATA
  process.env.APP_URL = 'https://app.example.test'
  await prepareCatalogWrite()
  A = (await makeCompany('Photos A')).id
  B = (await makeCompany('Photos B')).id
  for (const c of [A, B]) await setFeatureFlag(c, 'is_reviews_enabled', true)
  await inWriteTx(() =>
    createItemOps(A, { externalId: 'MUG', title: 'Mug', description: 'd', url: 'https://s/m', price: 9 }, new Date()),
  )
  await ingestEvents(A, [
    {
      metric: { name: 'Ordered Product' },
      profile: { email: 'ana@example.test' },
      properties: { OrderId: '7001', ProductID: 'MUG' },
      uniqueId: '7001:1',
    },
  ])
  profileId = (await db.profile.findFirstOrThrow({ where: { companyId: A, email: 'ana@example.test' } })).id
  keyA = await makeApiKey(A)
  cookieA = await signIn((await makeUser({ companyId: A })).id, A)
  cookieB = await signIn((await makeUser({ companyId: B })).id, B)
})

afterAll(() => fs.rmSync(DATA, { recursive: true, force: true }))

test('the form asks for photos as multipart', async () => {
  const res = await formRoute.GET(
    new Request(`http://localhost:3000/reviews/write/${tokenFor('7001')}`),
    params({ token: tokenFor('7001') }),
  )
  const html = await res.text()
  expect(html).toContain('enctype="multipart/form-data"')
  expect(html).toMatch(
    /<input type="file" id="photos" name="photos" multiple accept="image\/png,image\/jpeg,image\/gif,image\/webp"/,
  )
})

test.each([
  ['a text file named .png', [{ bytes: Buffer.from('hello, not an image'), name: 'x.png' }], 'PNG, JPEG, GIF or WebP'],
  ['an image over 5 MB', [{ bytes: Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]), name: 'big.png' }], '5 MB'],
  ['an image 9000 px wide', [{ bytes: pngOf(9000, 10), name: 'wide.png' }], 'width or height'],
  ['six photos', Array.from({ length: 6 }, (_, i) => ({ bytes: PNG, name: `p${i}.png` })), 'at most 5 photos'],
  [
    'a good photo beside a bad one',
    [
      { bytes: PNG, name: 'ok.png' },
      { bytes: Buffer.from('GIF8'), name: 'b.gif' },
    ],
    'PNG, JPEG',
  ],
])('%s: 400 with the photos error, nothing stored', async (_name, photos, text) => {
  const r = await post(tokenFor('7001'), photos)
  expect(r.status).toBe(400)
  expect(r.html).toContain('id="photos-error"')
  expect(r.html).toContain(text)
  await nothingStored()
})

test("a photo error and a field error together are both shown; the shopper's text is kept", async () => {
  const r = await post(tokenFor('7001'), [{ bytes: Buffer.from('x'), name: 'x.jpg' }], {
    rating: '',
    body: 'Kept <b>text</b>',
  })
  expect(r.status).toBe(400)
  expect(r.html).toContain('id="photos-error"')
  expect(r.html).toContain('id="rating-error"')
  expect(r.html).toContain('Kept &lt;b&gt;text&lt;/b&gt;')
  await nothingStored()
})

test('five photos: stored under DATA_DIR, served from our origin, in /api/reviews images and on the moderation screen', async () => {
  const photos = [PNG, pngOf(640, 480), PNG, PNG, PNG].map((bytes, i) => ({ bytes, name: `p${i}.png` }))
  // an empty file input sends one nameless empty part: no photo, no error
  const none = await post(tokenFor('7002'), [{ bytes: Buffer.alloc(0), name: '' }])
  expect(none.status).toBe(200)
  const r = await post(tokenFor('7001'), photos)
  expect(r.status).toBe(200)
  const review = await db.review.findFirstOrThrow({ where: { companyId: A, orderKey: '7001' } })
  const urls = JSON.parse(review.images) as string[]
  expect(urls).toHaveLength(5)
  for (const u of urls) expect(u).toMatch(/^https:\/\/app\.example\.test\/media\/review-images\/[\w-]+\.png$/)
  const rows = await db.reviewImage.findMany({
    where: { companyId: A, reviewId: review.id },
    orderBy: { position: 'asc' },
  })
  expect(rows.map((x) => [x.position, x.width, x.height, x.mime])).toEqual([
    [0, 1, 1, 'image/png'],
    [1, 640, 480, 'image/png'],
    [2, 1, 1, 'image/png'],
    [3, 1, 1, 'image/png'],
    [4, 1, 1, 'image/png'],
  ])
  expect(filesUnder(path.join(DATA, 'review-images', String(A)))).toHaveLength(5)

  // served: the bytes, their type, never sniffed or run
  const file = urls[0]!.split('/').pop()!
  const served = await mediaRoute.GET(
    new Request(`http://localhost:3000/media/review-images/${file}`),
    params({ file }),
  )
  expect(served.status).toBe(200)
  expect(served.headers.get('content-type')).toBe('image/png')
  expect(served.headers.get('x-content-type-options')).toBe('nosniff')
  expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true)

  resetRateLimits()
  const list = await table.call('GET', '/api/reviews', keyA)
  const item = (list.json.data as Array<{ id: string; attributes: { images: string[] } }>).find(
    (d) => d.id === review.id,
  )
  expect(item!.attributes.images).toEqual(urls)

  const detail = await (ajaxReviewRoute.GET as (r: Request, c: unknown) => Promise<Response>)(
    ajaxRequest(`/ajax/reviews/${review.id}`, { cookie: cookieA }),
    params({ id: review.id }),
  )
  expect((await detail.json()).images).toEqual(urls)
})

test("a photo of a review the shop does not show: only its own company's users see it", async () => {
  const review = await db.review.findFirstOrThrow({ where: { companyId: A, orderKey: '7001' } })
  await db.review.updateMany({ where: { companyId: A, id: review.id }, data: { status: 'rejected' } })
  const file = (JSON.parse(review.images) as string[])[0]!.split('/').pop()!
  const get = (cookie?: string) =>
    mediaRoute.GET(
      new Request(`http://localhost:3000/media/review-images/${file}`, { headers: cookie ? { cookie } : {} }),
      params({ file }),
    )
  expect((await get()).status).toBe(404)
  expect((await get(cookieB)).status).toBe(404)
  expect((await get(cookieA)).status).toBe(200)
  for (const bad of ['../../etc/passwd', `${file.replace('.png', '.gif')}`, 'x'])
    expect(
      (await mediaRoute.GET(new Request('http://localhost:3000/media/review-images/x'), params({ file: bad }))).status,
    ).toBe(404)
})
