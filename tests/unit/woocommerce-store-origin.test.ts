/** @jest-environment node */
// A store is named by its origin everywhere (connect form, X-WC-Webhook-Source, the API base).
import { storeOrigin, storeRoot } from '@/lib/integrations/woocommerce/store-origin'
import { wooApiBase } from '@/lib/integrations/woocommerce/rest-api'
import { gmt, mapWooOrder } from '@/lib/integrations/woocommerce/map-woo'

test.each([
  ['https://Shop.Example.com/', 'https://shop.example.com'],
  ['shop.example.com', 'https://shop.example.com'],
  ['http://demo-woo.test/', 'http://demo-woo.test'],
  ['https://example.com/blog/', 'https://example.com'],
  ['https://example.com:8443/x?y', 'https://example.com:8443'],
  ['ftp://example.com', null],
  ['https://user:pw@example.com', null],
  ['', null],
  [null, null],
])('storeOrigin(%p) = %p', (raw, origin) => expect(storeOrigin(raw)).toBe(origin))

test("storeRoot keeps a sub-folder install's folder", () => {
  expect(storeRoot('https://Example.com/shop/')).toBe('https://example.com/shop')
  expect(storeRoot('example.com')).toBe('https://example.com')
  expect(storeRoot('ftp://x')).toBeNull()
})

test("the API base: the store's wp-json by default; WOOCOMMERCE_API_BASE_URL as a template or a fixed address", () => {
  const saved = process.env.WOOCOMMERCE_API_BASE_URL
  try {
    delete process.env.WOOCOMMERCE_API_BASE_URL
    expect(wooApiBase('https://shop.example')).toBe('https://shop.example/wp-json/wc/v3')
    process.env.WOOCOMMERCE_API_BASE_URL = '{store}/index.php/wp-json/wc/v3/'
    expect(wooApiBase('https://shop.example')).toBe('https://shop.example/index.php/wp-json/wc/v3')
    process.env.WOOCOMMERCE_API_BASE_URL = 'http://127.0.0.1:9/wp-json/wc/v3'
    expect(wooApiBase('https://shop.example')).toBe('http://127.0.0.1:9/wp-json/wc/v3')
  } finally {
    if (saved === undefined) delete process.env.WOOCOMMERCE_API_BASE_URL
    else process.env.WOOCOMMERCE_API_BASE_URL = saved
  }
})

test('GMT times without a zone are UTC; an order without an id is refused; odd fields never throw', () => {
  expect(gmt('2026-05-10T16:00:00')).toBe('2026-05-10T16:00:00Z')
  expect(gmt('2026-05-10T16:00:00+02:00')).toBe('2026-05-10T16:00:00+02:00')
  expect(gmt('soon')).toBeNull()
  expect(mapWooOrder({ status: 'processing' })).toBeNull()
  expect(mapWooOrder({ id: 1, line_items: 'x', billing: 5, total: 'abc', refunds: null })).toMatchObject({
    id: '1',
    total: 0,
    lines: [],
    customer: null,
    wooStatus: 'pending',
  })
})
