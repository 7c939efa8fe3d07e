/** @jest-environment node */
// Back-in-stock subscriptions through the public endpoints (POST /api/back-in-stock-subscriptions
// with a private key, POST /client/back-in-stock-subscriptions with the public key), the event
// they record, bad input (JSON:API errors with pointers), another company's variant, and the
// /ajax back-in-stock settings (success:false with field errors on bad input).
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)

import { db } from '@/lib/db/client'
import { inWriteTx } from '@/lib/db/ops'
import { createItemOps } from '@/lib/catalog/store/items'
import { prepareCatalogWrite } from '@/lib/catalog/store/run-write'
import { createVariantOps } from '@/lib/catalog/store/variants'
import * as apiRoute from '@/app/api/back-in-stock-subscriptions/route'
import * as clientRoute from '@/app/client/back-in-stock-subscriptions/route'
import * as settingsRoute from '@/app/ajax/account/email/back-in-stock/route'
import { BACK_IN_STOCK_METRIC } from '@/lib/flows/templates/back-in-stock'
import { resetRateLimits } from '@/lib/api/rate-limit'
import { ajaxRequest, makeCompany, makeUser, signIn } from '../helpers/factory'
import { apiRequest, makeApiKey } from '../helpers/route-server'

let a: Awaited<ReturnType<typeof makeCompany>>
let b: Awaited<ReturnType<typeof makeCompany>>
let keyA: string
let cookieA: string
let cookieB: string
const T0 = new Date()

async function variant(companyId: number, ext: string) {
  const itemId = await inWriteTx(() =>
    createItemOps(
      companyId,
      { externalId: ext, title: 'Shoe', description: 'd', url: 'https://shop.test/shoe', price: 80 },
      T0,
    ),
  )
  return inWriteTx(() =>
    createVariantOps(
      companyId,
      {
        externalId: `${ext}-42`,
        itemId,
        title: 'Shoe 42',
        description: 'd',
        sku: `${ext}-42`,
        price: 80,
        inventoryQuantity: 0,
        url: 'https://shop.test/shoe?s=42',
      },
      T0,
    ),
  )
}
const body = (variantApiId: string, attributes: Record<string, unknown> = {}) => ({
  data: {
    type: 'back-in-stock-subscription',
    attributes: {
      channels: ['EMAIL'],
      profile: { data: { type: 'profile', attributes: { email: 'sarah@example.test' } } },
      ...attributes,
    },
    relationships: { variant: { data: { type: 'catalog-variant', id: variantApiId } } },
  },
})
async function call(handler: (req: Request) => Promise<Response>, req: Request) {
  const res = await handler(req)
  const text = await res.text()
  return { status: res.status, text, json: text ? JSON.parse(text) : null }
}
const postApi = (b: unknown, key = keyA) =>
  call(apiRoute.POST as never, apiRequest('POST', '/api/back-in-stock-subscriptions', { key, body: b }))
const postClient = (b: unknown, publicKey = a.publicApiKey) =>
  call(
    clientRoute.POST as never,
    apiRequest('POST', `/client/back-in-stock-subscriptions?company_id=${publicKey}`, {
      body: b,
      contentType: 'application/json',
      headers: { origin: 'https://shop.example' },
    }),
  )

beforeAll(async () => {
  await prepareCatalogWrite()
  a = await makeCompany('BIS A')
  b = await makeCompany('BIS B')
  keyA = await makeApiKey(a.id)
  await variant(a.id, 'SHOE')
  await variant(b.id, 'BOOT')
  const ua = await makeUser({ companyId: a.id, role: 'owner' })
  const ub = await makeUser({ companyId: b.id, role: 'owner' })
  cookieA = await signIn(ua.id, a.id)
  cookieB = await signIn(ub.id, b.id)
})
beforeEach(() => resetRateLimits())

test('POST /api: 202 with no body; the subscription and its Subscribed to Back in Stock event are recorded', async () => {
  const r = await postApi(body('$custom:::$default:::SHOE-42', { channels: ['EMAIL', 'SMS'] }))
  expect(r.status).toBe(202)
  expect(r.text).toBe('')
  const subs = await db.backInStockSubscription.findMany({ where: { companyId: a.id } })
  expect(subs).toHaveLength(1)
  expect(JSON.parse(subs[0]!.channels)).toEqual(['EMAIL', 'SMS'])
  expect(subs[0]!.source).toBe('api')
  const profile = await db.profile.findFirstOrThrow({ where: { companyId: a.id, email: 'sarah@example.test' } })
  expect(subs[0]!.profileId).toBe(profile.id)
  const metric = await db.metric.findFirstOrThrow({ where: { companyId: a.id, name: BACK_IN_STOCK_METRIC } })
  const events = await db.event.findMany({ where: { companyId: a.id, metricId: metric.id } })
  expect(events).toHaveLength(1)
  expect(JSON.parse(events[0]!.properties)).toMatchObject({
    ProductID: 'SHOE',
    VariantExternalID: 'SHOE-42',
    CatalogVariantID: '$custom:::$default:::SHOE-42',
    Channels: ['EMAIL', 'SMS'],
  })
  // The same again: one open subscription, one event.
  expect((await postApi(body('$custom:::$default:::SHOE-42'))).status).toBe(202)
  expect(await db.backInStockSubscription.count({ where: { companyId: a.id } })).toBe(1)
  expect(await db.event.count({ where: { companyId: a.id, metricId: metric.id } })).toBe(1)
})

test('POST /client by public key: 202 and a subscription; the profile is required there', async () => {
  const r = await postClient(
    body('$custom:::$default:::SHOE-42', {
      profile: { data: { type: 'profile', attributes: { email: 'web@example.test' } } },
    }),
  )
  expect(r.status).toBe(202)
  const p = await db.profile.findFirstOrThrow({ where: { companyId: a.id, email: 'web@example.test' } })
  expect(
    await db.backInStockSubscription.count({ where: { companyId: a.id, profileId: p.id, source: 'client' } }),
  ).toBe(1)
  const missing = await postClient({
    data: {
      type: 'back-in-stock-subscription',
      attributes: { channels: ['EMAIL'] },
      relationships: { variant: { data: { type: 'catalog-variant', id: '$custom:::$default:::SHOE-42' } } },
    },
  })
  expect(missing.status).toBe(400)
  expect(missing.json.errors[0].source.pointer).toMatch(/^\/data\/attributes\/profile/)
})

test.each([
  ['no channels', { channels: [] }, '/data/attributes/channels'],
  ['an unknown channel', { channels: ['FAX'] }, '/data/attributes/channels/0'],
  ['no identifier', { profile: { data: { type: 'profile', attributes: {} } } }, '/data/attributes/profile'],
] as Array<[string, Record<string, unknown>, string]>)(
  '400 for %s, nothing written',
  async (_label, attrs, pointer) => {
    const before = await db.backInStockSubscription.count()
    const r = await postApi(
      body('$custom:::$default:::SHOE-42', {
        ...attrs,
        ...(attrs.profile ? {} : { profile: { data: { type: 'profile', attributes: { email: 'bad@example.test' } } } }),
      }),
    )
    expect(r.status).toBe(400)
    expect(r.json.errors[0].source.pointer).toBe(pointer)
    expect(await db.backInStockSubscription.count()).toBe(before)
  },
)

test("another company's variant (or an unknown one) is a 400 on the variant, from either endpoint", async () => {
  for (const post of [postApi, postClient]) {
    for (const id of ['$custom:::$default:::BOOT-42', '$custom:::$default:::NOPE', 'not-an-id']) {
      const r = await post(body(id))
      expect(r.status).toBe(400)
      expect(r.json.errors[0].source.pointer).toBe('/data/relationships/variant/data/id')
    }
  }
  expect(await db.backInStockSubscription.count({ where: { companyId: b.id } })).toBe(0)
})

test('/api needs a private key; /client a known public key', async () => {
  expect((await postApi(body('$custom:::$default:::SHOE-42'), 'pk_nope')).status).toBe(401)
  expect((await postClient(body('$custom:::$default:::SHOE-42'), 'XXXXXX')).status).toBeGreaterThanOrEqual(400)
})

test('/ajax back-in-stock settings: defaults, save, field errors (success:false), per company', async () => {
  const get = async (cookie: string) =>
    call(settingsRoute.GET as never, ajaxRequest('/ajax/account/email/back-in-stock', { cookie }))
  const post = async (cookie: string, b: unknown) =>
    call(
      settingsRoute.POST as never,
      ajaxRequest('/ajax/account/email/back-in-stock', { method: 'POST', cookie, body: b }),
    )
  expect((await get(cookieA)).json).toEqual({
    success: true,
    settings: { inventoryThreshold: 0, batchSize: 100, batchIntervalMinutes: 15 },
  })
  expect((await post(cookieA, { inventoryThreshold: 3, batchSize: 50, batchIntervalMinutes: 30 })).json).toEqual({
    success: true,
    settings: { inventoryThreshold: 3, batchSize: 50, batchIntervalMinutes: 30 },
  })
  const bad = await post(cookieA, { inventoryThreshold: -1, batchSize: 0, batchIntervalMinutes: 'x' })
  expect(bad.status).toBe(400)
  expect(bad.json.success).toBe(false)
  expect(Object.keys(bad.json.fieldErrors).sort()).toEqual(['batchIntervalMinutes', 'batchSize', 'inventoryThreshold'])
  expect((await get(cookieA)).json.settings.inventoryThreshold).toBe(3)
  expect((await get(cookieB)).json.settings).toEqual({
    inventoryThreshold: 0,
    batchSize: 100,
    batchIntervalMinutes: 15,
  })
})
