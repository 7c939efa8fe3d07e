/** @jest-environment node */
// Issue 29, finding 10: catalog items and variants reach emails as links and images
// ({{ item.url }}, {{ item.image_full_url }}), so the catalog API accepts only absolute http(s)
// URLs in url and image fields: javascript: (however spelled) and data: are a JSON:API 400
// naming the field, on create and on update, and nothing is stored.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)
import { db } from '@/lib/db/client'
import { makeCompany } from '../helpers/factory'
import { makeApiKey } from '../helpers/route-server'
import { catalogApi } from './catalog-api-routes'

let companyId: number
let key: string
const id = (ext: string) => `$custom:::$default:::${ext}`
const item = (ext: string, extra: Record<string, unknown> = {}) => ({
  data: {
    type: 'catalog-item',
    attributes: {
      external_id: ext,
      title: `Item ${ext}`,
      description: 'A thing',
      url: `https://shop.test/${ext}`,
      price: 10,
      ...extra,
    },
  },
})

beforeAll(async () => {
  companyId = (await makeCompany('Catalog URLs')).id
  key = await makeApiKey(companyId)
})

describe('item create refuses unsafe URLs with a 400 naming the field', () => {
  test.each([
    ['url', 'javascript:alert(document.cookie)'],
    ['url', 'JaVaScRiPt:alert(1)'],
    ['url', 'jav&#x61;script:alert(1)'],
    ['url', 'java\tscript:alert(1)'],
    ['url', 'data:text/html,<script>alert(1)</script>'],
    ['image_full_url', 'javascript:alert(1)'],
    ['image_thumbnail_url', 'data:text/html,x'],
    ['images', ['https://img.test/ok.jpg', 'javascript:alert(1)']],
  ])('%s = %j', async (field, value) => {
    const ext = `BAD-${field}-${String(value).length}-${Math.random().toString(36).slice(2, 7)}`
    const r = await catalogApi('POST', '/api/catalog-items', key, item(ext, { [field]: value }))
    expect(r.status).toBe(400)
    expect(r.json.errors[0]).toMatchObject({
      status: 400,
      code: 'invalid',
      source: { pointer: `/data/attributes/${field}` },
    })
    expect(r.json.errors[0].detail).toMatch(/http or https URL/)
    expect(await db.catalogItem.count({ where: { companyId, externalId: ext } })).toBe(0)
  })
})

test('http(s) URLs and an empty item url are still accepted; update refuses javascript: too', async () => {
  const ok = await catalogApi(
    'POST',
    '/api/catalog-items',
    key,
    item('GOOD', { image_full_url: 'https://img.test/a.jpg', images: ['http://img.test/b.jpg'] }),
  )
  expect(ok.status).toBe(201)
  const empty = await catalogApi('POST', '/api/catalog-items', key, item('EMPTY-URL', { url: '' }))
  expect(empty.status).toBe(201)
  const patch = await catalogApi('PATCH', `/api/catalog-items/${encodeURIComponent(id('GOOD'))}`, key, {
    data: { type: 'catalog-item', id: id('GOOD'), attributes: { url: 'javascript:alert(1)' } },
  })
  expect(patch.status).toBe(400)
  expect(patch.json.errors[0].source.pointer).toBe('/data/attributes/url')
  expect((await db.catalogItem.findFirstOrThrow({ where: { companyId, externalId: 'GOOD' } })).url).toBe(
    'https://shop.test/GOOD',
  )
})

test('variants refuse javascript: in url', async () => {
  await catalogApi('POST', '/api/catalog-items', key, item('PARENT'))
  const r = await catalogApi('POST', '/api/catalog-variants', key, {
    data: {
      type: 'catalog-variant',
      attributes: {
        external_id: 'PARENT-V',
        title: 'V',
        description: 'd',
        sku: 'SKU-V',
        inventory_quantity: 1,
        price: 5,
        url: 'javascript:alert(1)',
      },
      relationships: { item: { data: { type: 'catalog-item', id: id('PARENT') } } },
    },
  })
  expect(r.status).toBe(400)
  expect(r.json.errors[0].source.pointer).toBe('/data/attributes/url')
})
