/** @jest-environment node */
// Shopify's documented webhook payloads (tests/fixtures/shopify) into the store model and the
// vendor's events, as tables: ids stay exact past 2^53, money strings become numbers, consent
// keeps its opt-in level and time, and the events carry the vendor's property names.
import fs from 'node:fs'
import path from 'node:path'
import { buyerProfile, cleanPhone } from '@/lib/integrations/commerce/buyer-profile'
import { placedOrderEvents, refundedOrderEvent, startedCheckoutEvent } from '@/lib/integrations/commerce/order-events'
import { storeConsentWins } from '@/lib/integrations/commerce/store-consent'
import type { CommerceContext } from '@/lib/integrations/commerce/types'
import { mapShopifyCheckout } from '@/lib/integrations/shopify/webhooks/map-checkout'
import {
  mapShopifyCustomer,
  mapShopifyEmailConsentUpdate,
  mapShopifySmsConsentUpdate,
} from '@/lib/integrations/shopify/webhooks/map-customer'
import { mapShopifyOrder } from '@/lib/integrations/shopify/webhooks/map-order'
import {
  mapShopifyInventoryLevel,
  mapShopifyProduct,
  mapShopifyProductDelete,
} from '@/lib/integrations/shopify/webhooks/map-product'
import { mapShopifyRefund } from '@/lib/integrations/shopify/webhooks/map-refund'
import { parseShopifyJson } from '@/lib/integrations/shopify/webhooks/parse-body'
import { verifyShopifyHmac, shopifyHmac } from '@/lib/integrations/shopify/webhooks/verify-hmac'

const fixture = (name: string) =>
  parseShopifyJson(fs.readFileSync(path.join(__dirname, '../fixtures/shopify', `${name}.json`), 'utf8'))
const ctx: CommerceContext = { companyId: 1, provider: 'shopify', storeUrl: 'https://shop.example' }

test('large ids stay exact strings; other numbers stay numbers', () => {
  expect(
    parseShopifyJson(
      '{"id":820982911946154508,"order_id":123,"line_item_id":141249953214522974,"quantity":2,"n":12345678901234567}',
    ),
  ).toEqual({
    id: '820982911946154508',
    order_id: 123,
    line_item_id: '141249953214522974',
    quantity: 2,
    n: 12345678901234567,
  })
})

test.each([
  ['the right secret', 'shh', 'shh', true],
  ['another secret', 'shh', 'other', false],
])('HMAC: %s', (_, signWith, verifyWith, ok) => {
  const body = Buffer.from('{"id":1}')
  expect(verifyShopifyHmac(verifyWith, body, shopifyHmac(signWith, body))).toBe(ok)
})

test.each([[null], [''], ['not base64!'], ['AAAA']])('HMAC: a missing or malformed header (%p) fails', (header) => {
  expect(verifyShopifyHmac('shh', Buffer.from('{}'), header)).toBe(false)
})

test('orders/create → StoreOrder', () => {
  const o = mapShopifyOrder(fixture('orders-create'))!
  expect(o).toMatchObject({
    id: '820982911946154508',
    name: '#9999',
    currency: 'USD',
    total: 403,
    subtotal: 388,
    discountTotal: 10,
    shippingTotal: 10,
    taxTotal: 5,
    discountCodes: ['SPRING10'],
    status: 'placed',
    createdAt: '2026-05-10T12:00:00-04:00',
    tags: ['tag1', 'tag2'],
    customer: {
      id: '115310627314723954',
      email: 'jon@example.com',
      phone: '+16135550142',
      firstName: 'Jon',
      lastName: 'Doe',
      emailConsent: { state: 'subscribed', optInLevel: 'single_opt_in', updatedAt: '2026-05-10T12:00:00-04:00' },
      smsConsent: { state: 'not_subscribed', optInLevel: 'single_opt_in', updatedAt: null },
    },
  })
  expect(o.lines).toEqual([
    expect.objectContaining({
      id: '866550311766439020',
      productId: '632910392',
      variantId: '808950810',
      sku: 'IPOD2008PINK',
      name: 'IPod Nano - 8GB',
      quantity: 1,
      price: 199,
      total: 199,
    }),
    expect.objectContaining({
      id: '141249953214522974',
      productId: '632910393',
      sku: 'IPOD2008BLACK',
      name: 'IPod Shuffle',
      variantTitle: 'Pink',
      quantity: 2,
      price: 99.5,
      total: 199,
      brand: 'Apple',
    }),
  ])
})

test.each([
  ['orders-fulfilled', { status: 'fulfilled', fulfilledAt: '2026-05-12T09:30:00-04:00' }],
  ['orders-cancelled', { status: 'cancelled', cancelledAt: '2026-05-11T08:00:00-04:00', cancelReason: 'customer' }],
])('%s → status and its time', (name, expected) => {
  expect(mapShopifyOrder(fixture(name))).toMatchObject(expected)
})

test("Placed Order and Ordered Product: the vendor's names, values and ids", () => {
  const o = mapShopifyOrder(fixture('orders-create'))!
  const [placed, ...lines] = placedOrderEvents(ctx, o, buyerProfile(o.customer)!)
  expect(placed).toMatchObject({
    metric: { name: 'Placed Order', service: 'shopify' },
    value: 403,
    valueCurrency: 'USD',
    uniqueId: '820982911946154508',
    time: '2026-05-10T12:00:00-04:00',
    profile: { email: 'jon@example.com', phoneNumber: '+16135550142', firstName: 'Jon', lastName: 'Doe' },
    properties: {
      OrderId: '820982911946154508',
      ItemNames: ['IPod Nano - 8GB', 'IPod Shuffle'],
      ItemCount: 3,
      DiscountCodes: ['SPRING10'],
      DiscountValue: 10,
      Brands: ['Apple'],
      Items: [
        {
          ProductID: '632910392',
          SKU: 'IPOD2008PINK',
          ProductName: 'IPod Nano - 8GB',
          Quantity: 1,
          ItemPrice: 199,
          RowTotal: 199,
          ProductURL: null,
          ImageURL: null,
          Categories: [],
        },
        {
          ProductID: '632910393',
          SKU: 'IPOD2008BLACK',
          ProductName: 'IPod Shuffle',
          Quantity: 2,
          ItemPrice: 99.5,
          RowTotal: 199,
        },
      ],
    },
  })
  expect(
    lines.map((e) => [e.metric.name, e.uniqueId, e.value, e.properties!.ProductName, e.properties!.Quantity]),
  ).toEqual([
    ['Ordered Product', '820982911946154508:866550311766439020', 199, 'IPod Nano - 8GB', 1],
    ['Ordered Product', '820982911946154508:141249953214522974', 199, 'IPod Shuffle', 2],
  ])
})

test('refunds/create → Refunded Order with the refunded lines and amount', () => {
  const r = mapShopifyRefund(fixture('refunds-create'))!
  expect(r).toMatchObject({
    id: '929361462',
    orderId: '820982911946154508',
    amount: 99.5,
    currency: 'USD',
    note: 'wrong size',
  })
  const e = refundedOrderEvent(ctx, r, { id: 'p1' })
  expect(e).toMatchObject({
    metric: { name: 'Refunded Order' },
    value: 99.5,
    uniqueId: '929361462',
    properties: {
      OrderId: '820982911946154508',
      ItemNames: ['IPod Shuffle'],
      Items: [{ Quantity: 1, RowTotal: 99.5 }],
    },
  })
})

test('checkouts/create → Started Checkout with its recovery URL, once per checkout token', () => {
  const c = mapShopifyCheckout(fixture('checkouts-create'))!
  const e = startedCheckoutEvent(ctx, c, buyerProfile(c.customer)!)
  expect(e).toMatchObject({
    metric: { name: 'Started Checkout', service: 'shopify' },
    value: 39.98,
    uniqueId: '123123123',
    profile: { email: 'example@example.com', firstName: 'John' },
    properties: {
      CheckoutURL: 'https://checkout.local/548380009/checkouts/123123123/recover?key=example-secret-token',
      ItemNames: ['Hat'],
      Items: [{ ProductID: '788032119674292922', SKU: 'HAT-RED', Quantity: 2, ItemPrice: 19.99, RowTotal: 39.98 }],
    },
  })
})

test('customers: the customer with its consents; the 2025-01 consent topics', () => {
  expect(mapShopifyCustomer(fixture('customers-create'))).toMatchObject({
    id: '706405506930370084',
    email: 'bob@biller.com',
    phone: '+14155550123',
    firstName: 'Bob',
    lastName: 'Biller',
    address: { city: 'Ottawa', region: 'Ontario', country: 'Canada' },
    emailConsent: { state: 'subscribed', optInLevel: 'confirmed_opt_in' },
    smsConsent: { state: 'subscribed', optInLevel: 'single_opt_in' },
  })
  expect(mapShopifyEmailConsentUpdate(fixture('customers-email-marketing-consent-update'))).toEqual({
    id: '706405506930370084',
    email: 'bob@biller.com',
    emailConsent: { state: 'unsubscribed', optInLevel: 'confirmed_opt_in', updatedAt: '2026-05-20T09:00:00-04:00' },
  })
  expect(mapShopifySmsConsentUpdate(fixture('customers-marketing-consent-update'))).toMatchObject({
    phone: '+14155550123',
    smsConsent: { state: 'unsubscribed' },
  })
})

test('products and inventory levels', () => {
  const p = mapShopifyProduct(fixture('products-create'))!
  expect(p).toMatchObject({
    id: '788032119674292922',
    title: 'Example T-Shirt',
    description: 'An example T-Shirt',
    handle: 'example-t-shirt',
    productType: 'Shirts',
    tags: ['example', 'mens', 't-shirt'],
    status: 'active',
    imageUrl: 'https://cdn.shopify.com/s/files/1/example-t-shirt.jpg',
  })
  expect(
    p.variants.map((v) => [v.id, v.sku, v.price, v.compareAtPrice, v.inventoryQuantity, v.inventoryItemId]),
  ).toEqual([
    ['642667041472713922', 'EX-TS-S', 19.99, 24.99, 0, '458365123'],
    ['757650484644203962', 'EX-TS-M', 19.99, 24.99, 12, '458365124'],
  ])
  expect(mapShopifyProductDelete(fixture('products-delete'))).toBe('788032119674292922')
  expect(mapShopifyInventoryLevel(fixture('inventory-levels-update'))).toEqual({
    inventoryItemId: '458365123',
    available: 6,
    locationId: '24826418',
    updatedAt: '2026-05-10T13:00:00-04:00',
  })
})

test.each([
  ['not an order', {}],
  ['no id', { created_at: '2026-01-01T00:00:00Z' }],
  ['a list', []],
])('an order payload that is %s maps to null', (_, payload) => {
  expect(mapShopifyOrder(payload)).toBeNull()
})

test.each([
  ['+1 613-555-0142', '+16135550142'],
  ['555-555-BILL', null],
  ['', null],
])('phone %p → %p', (given, expected) => expect(cleanPhone(given)).toBe(expected))

const at = (s: string) => ({ status: 'subscribed', consentedAt: new Date(s) })
test.each([
  [
    'no consent held: a store opt-in applies',
    { state: 'subscribed', updatedAt: '2026-05-01T00:00:00Z' },
    undefined,
    true,
  ],
  [
    'no consent held: not_subscribed without a time writes nothing',
    { state: 'not_subscribed', updatedAt: null },
    undefined,
    false,
  ],
  [
    'a newer store unsubscribe replaces an older opt-in',
    { state: 'unsubscribed', updatedAt: '2026-05-02T00:00:00Z' },
    at('2026-05-01T00:00:00Z'),
    true,
  ],
  [
    'an older store state never replaces a newer consent',
    { state: 'unsubscribed', updatedAt: '2026-04-01T00:00:00Z' },
    at('2026-05-01T00:00:00Z'),
    false,
  ],
  [
    'a store state without a time never replaces a held one',
    { state: 'unsubscribed', updatedAt: null },
    at('2026-05-01T00:00:00Z'),
    false,
  ],
  [
    'the same state is no change',
    { state: 'subscribed', updatedAt: '2026-06-01T00:00:00Z' },
    at('2026-05-01T00:00:00Z'),
    false,
  ],
] as const)('consent: %s', (_, store, held, wins) => {
  expect(storeConsentWins(store, held)).toBe(wins)
})
