/** @jest-environment node */
// GET /ajax/catalog/sources as the /catalog/sources screen reads it: each source with its item
// counts (published and all; deleted items left out) and its latest sync (the newest of several,
// with its counts and entry errors), a source never synced with none, and another company's
// sources and items kept out of both the list and the counts.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)

import { db } from '@/lib/db/client'
import { createSource, importCsv, requestSync } from '@/lib/catalog/sources/sync'
import * as sourcesRoute from '@/app/ajax/catalog/sources/route'
import { ajaxRequest, makeCompany, makeUser, signIn } from '../helpers/factory'

let a: number
let b: number
let cookieA: string
let cookieB: string

beforeAll(async () => {
  a = (await makeCompany('Source list A')).id
  b = (await makeCompany('Source list B')).id
  cookieA = await signIn((await makeUser({ companyId: a, role: 'analyst' })).id, a)
  cookieB = await signIn((await makeUser({ companyId: b, role: 'owner' })).id, b)
})

const T0 = new Date('2026-05-01T08:00:00.000Z')
const csv = (rows: string[]) => ['id,title,description,price,url,availability', ...rows].join('\n') + '\n'
type Listed = {
  id: string
  kind: string
  itemCount: number
  publishedCount: number
  lastSync: null | {
    id: string
    status: string
    added: number
    failed: number
    entryErrors: Array<{ index: number; externalId: string | null }>
  }
}

test('each source comes with its item counts and its latest sync; another company sees none of it', async () => {
  const upload = await importCsv(
    a,
    {
      name: 'Spring.csv',
      csv: csv([
        'HAT,Hat,,10,https://shop.test/hat,in stock',
        'BAG,Bag,,30,https://shop.test/bag,out of stock',
        'PIN,Pin,,2,https://shop.test/pin,in stock',
        'BAD,Bad,,-1,https://shop.test/bad,in stock',
      ]),
    },
    T0,
  )
  expect(upload.sync).toMatchObject({ added: 3, failed: 1 })
  // A deleted item no longer counts.
  await db.catalogItem.updateMany({ where: { companyId: a, externalId: 'PIN' }, data: { deleted: true } })

  const { source: feed } = await createSource(
    a,
    { name: 'Main feed', url: 'https://shop.test/feed.json', format: 'json', scheduleHours: 12 },
    T0,
  )
  const second = await requestSync(a, feed.id, true, new Date(T0.getTime() + 60_000))
  const { source: idle } = await createSource(
    b,
    { name: 'Other feed', url: 'https://other.test/feed.xml', format: 'xml' },
    T0,
  )
  await importCsv(b, { name: 'B.csv', csv: csv(['HAT,Hat,,10,https://shop.test/hat,in stock']) }, T0)

  const res = await sourcesRoute.GET(ajaxRequest('/ajax/catalog/sources', { cookie: cookieA }))
  expect(res.status).toBe(200)
  const body = (await res.json()) as { success: boolean; sources: Listed[] }
  expect(body.success).toBe(true)
  const byId = new Map(body.sources.map((s) => [s.id, s]))
  expect(byId.has(idle.id)).toBe(false)

  const up = byId.get(upload.source.id)!
  expect(up).toMatchObject({
    kind: 'csv',
    itemCount: 2,
    publishedCount: 1,
    lastSync: { id: upload.sync.id, status: 'complete', added: 3, failed: 1 },
  })
  expect(up.lastSync!.entryErrors.map((e) => [e.index, e.externalId])).toEqual([[3, 'BAD']])

  const f = byId.get(feed.id)!
  expect(f).toMatchObject({ kind: 'feed', itemCount: 0, publishedCount: 0, lastSync: { id: second, status: 'queued' } })

  // Company B: its own source, its own counts (the same external id, counted once, for B).
  const listB = (await (await sourcesRoute.GET(ajaxRequest('/ajax/catalog/sources', { cookie: cookieB }))).json()) as {
    sources: Listed[]
  }
  expect(listB.sources.map((s) => s.id)).not.toContain(feed.id)
  expect(listB.sources.find((s) => s.kind === 'csv')).toMatchObject({ itemCount: 1, publishedCount: 1 })
  expect(listB.sources.find((s) => s.id === idle.id)).toMatchObject({ itemCount: 0, lastSync: { status: 'queued' } })
})

test('an account without sources gets an empty list', async () => {
  const c = (await makeCompany('Source list C')).id
  const cookie = await signIn((await makeUser({ companyId: c, role: 'owner' })).id, c)
  const body = await (await sourcesRoute.GET(ajaxRequest('/ajax/catalog/sources', { cookie }))).json()
  expect(body).toEqual({ success: true, sources: [] })
})
