// A local stand-in for Shopify's Admin GraphQL API (issue 21): what the connect step, the
// historical sync, consent write-back and coupon push call, and nothing more. It speaks the
// protocol's shapes: POST {query, variables} to /shops/{shop}/admin/api/{version}/graphql.json
// with X-Shopify-Access-Token (401 otherwise), connections with first/after and pageInfo
// {hasNextPage, endCursor}, gid:// ids, and the cost-based rate limit: a leaky bucket
// (maximumAvailable, restoreRate per second); a query whose requested cost exceeds what is
// available answers 200 with errors [{extensions: {code: 'THROTTLED'}}]; every answer carries
// extensions.cost.throttleStatus. Operations are recognised by their root field names; the
// answer holds every field of a node whatever the selection (our client reads what it asked for).
// Point SHOPIFY_API_BASE_URL at `standin.apiBase` and set PROVIDERS_ALLOW_PRIVATE=1.
import http from 'node:http'
import type { AddressInfo } from 'node:net'

const gid = (type: string, id: number | string) => `gid://shopify/${type}/${id}`
const money = (amount: number, currencyCode = 'USD') => ({ shopMoney: { amount: amount.toFixed(2), currencyCode } })

export interface StandInBucket {
  maximumAvailable: number
  restoreRate: number
}

export interface StandInOptions {
  shop?: string
  accessToken?: string
  orders?: number
  customers?: number
  products?: number
  /** Orders are spread evenly over this many days before `now`. */
  spreadDays?: number
  now?: Date
  bucket?: StandInBucket
  /** A fixed port (the browser tests' server is told the address before the spec starts this); 0 = any free one. */
  port?: number
}

export interface StandInConsentUpdate {
  customerId: string
  marketingState: string
  consentUpdatedAt?: string | null
}

export interface ShopifyStandIn {
  shop: string
  accessToken: string
  url: string
  /** The template for SHOPIFY_API_BASE_URL ({shop} filled by our client). */
  apiBase: string
  orders: Array<Record<string, unknown>>
  customers: Array<Record<string, unknown>>
  products: Array<Record<string, unknown>>
  webhooks: Array<{ id: string; topic: string; uri: string; format: string }>
  consentUpdates: StandInConsentUpdate[]
  discounts: Array<Record<string, unknown>>
  /** Root fields of every request answered (THROTTLED included), for assertions. */
  calls: Array<{ fields: string[]; variables: Record<string, unknown>; throttled: boolean }>
  throttledCount: number
  bucket: StandInBucket
  /** Answer the next n requests with this HTTP status (a crash or an outage at Shopify). */
  failNext(n: number, status?: number): void
  /** Answer with this HTTP status while it returns one (a crash in the middle of a sync). */
  failWhen: ((fields: string[], variables: Record<string, unknown>) => number | null) | null
  /** Empty the bucket (the next costly query is THROTTLED). */
  drain(): void
  close(): Promise<void>
}

const ROOTS = [
  'shop',
  'ordersCount',
  'customersCount',
  'productsCount',
  'orders',
  'customers',
  'products',
  'webhookSubscriptionCreate',
  'webhookSubscriptions',
  'customerEmailMarketingConsentUpdate',
  'discountCodeBasicCreate',
]

function rootFields(query: string): string[] {
  return ROOTS.filter((f) => new RegExp(`(^|[\\s{,])${f}\\s*[({]`).test(query))
}

function generate(
  o: Required<Pick<StandInOptions, 'orders' | 'customers' | 'products' | 'spreadDays'>> & { now: Date; shop: string },
) {
  const now = o.now.getTime()
  const span = o.spreadDays * 86_400_000
  const products = Array.from({ length: o.products }, (_, i) => {
    const id = 7_000_000_000 + i + 1
    const price = 10 + (i % 40) * 2.5
    return {
      id: gid('Product', id),
      legacyResourceId: String(id),
      title: `Product ${i + 1}`,
      handle: `product-${i + 1}`,
      descriptionHtml: `<p>Product ${i + 1}</p>`,
      vendor: 'Stand-in',
      productType: i % 2 ? 'Shirts' : 'Shoes',
      tags: ['standin'],
      status: 'ACTIVE',
      createdAt: new Date(now - span).toISOString(),
      updatedAt: new Date(now - span / 2).toISOString(),
      onlineStoreUrl: `https://${o.shop}/products/product-${i + 1}`,
      featuredImage: { url: `https://cdn.example/p${i + 1}.jpg` },
      variants: {
        nodes: [
          {
            id: gid('ProductVariant', 8_000_000_000 + i + 1),
            legacyResourceId: String(8_000_000_000 + i + 1),
            title: 'Default Title',
            sku: `SKU-${i + 1}`,
            price: price.toFixed(2),
            compareAtPrice: null,
            inventoryQuantity: 5 + (i % 7),
            inventoryPolicy: 'DENY',
            inventoryItem: { id: gid('InventoryItem', 9_000_000_000 + i + 1) },
          },
        ],
      },
    }
  })
  const customers = Array.from({ length: o.customers }, (_, i) => {
    const id = 6_000_000_000 + i + 1
    const at = new Date(now - span + Math.floor((span * i) / Math.max(1, o.customers))).toISOString()
    return {
      id: gid('Customer', id),
      legacyResourceId: String(id),
      firstName: `First${i + 1}`,
      lastName: `Last${i + 1}`,
      email: `buyer${i + 1}@standin.example`,
      phone: null,
      createdAt: at,
      updatedAt: at,
      tags: [],
      numberOfOrders: '0',
      amountSpent: { amount: '0.00', currencyCode: 'USD' },
      defaultAddress: {
        address1: `${i + 1} Main St`,
        address2: null,
        city: 'Springfield',
        province: 'Oregon',
        countryCodeV2: 'US',
        zip: '97477',
      },
      emailMarketingConsent: {
        marketingState: i % 3 ? 'SUBSCRIBED' : 'NOT_SUBSCRIBED',
        marketingOptInLevel: 'SINGLE_OPT_IN',
        consentUpdatedAt: at,
      },
      smsMarketingConsent: null,
    }
  })
  const orders = Array.from({ length: o.orders }, (_, i) => {
    const id = 5_000_000_000_000 + i + 1
    const at = new Date(now - span + Math.floor((span * (i + 1)) / (o.orders + 1))).toISOString()
    const c = customers.length ? customers[i % customers.length]! : null
    const lines = products.length
      ? [products[i % products.length]!, products[(i * 7 + 3) % products.length]!].slice(0, 1 + (i % 2))
      : []
    const items = lines.map((p, k) => {
      const v = p.variants.nodes[0]!
      return {
        id: gid('LineItem', id * 10 + k),
        name: p.title,
        title: p.title,
        quantity: 1 + k,
        sku: v.sku,
        variantTitle: null,
        originalUnitPriceSet: money(Number(v.price)),
        product: { id: p.id },
        variant: { id: v.id },
      }
    })
    const total = items.reduce((s, l) => s + Number(l.originalUnitPriceSet.shopMoney.amount) * l.quantity, 0)
    return {
      id: gid('Order', id),
      legacyResourceId: String(id),
      name: `#${1000 + i + 1}`,
      createdAt: at,
      updatedAt: at,
      processedAt: at,
      cancelledAt: null,
      cancelReason: null,
      closedAt: null,
      currencyCode: 'USD',
      displayFinancialStatus: 'PAID',
      displayFulfillmentStatus: 'UNFULFILLED',
      email: c?.email ?? null,
      phone: null,
      tags: [],
      sourceName: 'web',
      statusPageUrl: `https://${o.shop}/orders/${id}`,
      discountCodes: [],
      totalPriceSet: money(total),
      subtotalPriceSet: money(total),
      totalDiscountsSet: money(0),
      totalShippingPriceSet: money(0),
      totalTaxSet: money(0),
      customer: c ? { id: c.id, email: c.email, phone: c.phone, firstName: c.firstName, lastName: c.lastName } : null,
      billingAddress: c?.defaultAddress ?? null,
      shippingAddress: c?.defaultAddress ?? null,
      lineItems: { nodes: items },
    }
  })
  return { orders, customers, products }
}

const PER_NODE: Record<string, number> = { orders: 3, customers: 1, products: 3 }

/** Shopify's search syntax, the part we send: created_at:>=… / updated_at:>=… */
function filterBy(nodes: Array<Record<string, unknown>>, search: unknown) {
  const email = typeof search === 'string' ? /email:'?([^'\s]+)'?/.exec(search) : null
  if (email) return nodes.filter((n) => String(n.email).toLowerCase() === email[1]!.toLowerCase())
  const m = typeof search === 'string' ? /(created_at|updated_at):>=?'?([^'\s]+)'?/.exec(search) : null
  if (!m) return nodes
  const field = m[1] === 'created_at' ? 'createdAt' : 'updatedAt'
  const since = Date.parse(m[2]!)
  return nodes.filter((n) => Date.parse(String(n[field])) >= since)
}

function page(nodes: Array<Record<string, unknown>>, first: number, after: unknown) {
  const start = typeof after === 'string' && after ? Number(Buffer.from(after, 'base64url').toString()) + 1 : 0
  const slice = nodes.slice(start, start + first)
  const end = start + slice.length - 1
  return {
    nodes: slice,
    pageInfo: {
      hasNextPage: start + slice.length < nodes.length,
      endCursor: slice.length ? Buffer.from(String(end)).toString('base64url') : null,
    },
  }
}

export async function startShopifyStandIn(opts: StandInOptions = {}): Promise<ShopifyStandIn> {
  const shop = opts.shop ?? 'standin-shop.myshopify.com'
  const accessToken = opts.accessToken ?? 'shpat_standin_token'
  const data = generate({
    orders: opts.orders ?? 0,
    customers: opts.customers ?? Math.min(opts.orders ?? 0, 50),
    products: opts.products ?? 10,
    spreadDays: opts.spreadDays ?? 30,
    now: opts.now ?? new Date(),
    shop,
  })
  const bucket: StandInBucket = { ...(opts.bucket ?? { maximumAvailable: 2000, restoreRate: 100 }) }
  let available = bucket.maximumAvailable
  let lastRestore = Date.now()
  let failing = 0
  let failStatus = 503
  let nextId = 1

  const s: ShopifyStandIn = {
    shop,
    accessToken,
    url: '',
    apiBase: '',
    ...data,
    webhooks: [],
    consentUpdates: [],
    discounts: [],
    calls: [],
    throttledCount: 0,
    bucket,
    failNext(n, status = 503) {
      failing = n
      failStatus = status
    },
    failWhen: null,
    drain() {
      available = 0
      lastRestore = Date.now()
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }

  function restore() {
    const t = Date.now()
    available = Math.min(bucket.maximumAvailable, available + ((t - lastRestore) / 1000) * bucket.restoreRate)
    lastRestore = t
  }
  const throttleStatus = () => ({
    maximumAvailable: bucket.maximumAvailable,
    currentlyAvailable: Math.floor(available),
    restoreRate: bucket.restoreRate,
  })

  function answer(fields: string[], v: Record<string, unknown>): { data: Record<string, unknown>; actual: number } {
    const out: Record<string, unknown> = {}
    let actual = 1
    for (const f of fields) {
      if (f === 'shop')
        out.shop = {
          id: gid('Shop', 1),
          name: 'Stand-in Shop',
          myshopifyDomain: shop,
          primaryDomain: { url: `https://${shop}` },
          currencyCode: 'USD',
          ianaTimezone: 'UTC',
        }
      else if (f.endsWith('Count')) {
        // `@include(if: $withCount)`: the one directive our queries use.
        if (v.withCount === false) continue
        const list = s[f.replace('Count', '') as 'orders'] as Array<Record<string, unknown>>
        out[f] = { count: filterBy(list, v.query).length, precision: 'EXACT' }
      } else if (f === 'orders' || f === 'customers' || f === 'products') {
        const first = Math.min(250, Math.max(1, Number(v.first ?? 50)))
        const p = page(filterBy(s[f], v.query), first, v.after)
        actual += p.nodes.length * PER_NODE[f]!
        out[f] = p
      } else if (f === 'webhookSubscriptionCreate') {
        const input = (v.webhookSubscription ?? {}) as Record<string, unknown>
        const uri = String(input.uri ?? input.callbackUrl ?? '')
        const topic = String(v.topic ?? '')
        if (!/^https?:\/\//.test(uri)) {
          out[f] = {
            webhookSubscription: null,
            userErrors: [{ field: ['webhookSubscription', 'uri'], message: 'Address is invalid' }],
          }
        } else if (s.webhooks.some((w) => w.topic === topic && w.uri === uri)) {
          out[f] = {
            webhookSubscription: null,
            userErrors: [
              { field: ['webhookSubscription', 'uri'], message: 'Address for this topic has already been taken' },
            ],
          }
        } else {
          const w = { id: gid('WebhookSubscription', nextId++), topic, uri, format: String(input.format ?? 'JSON') }
          s.webhooks.push(w)
          out[f] = { webhookSubscription: w, userErrors: [] }
        }
        actual = 10
      } else if (f === 'webhookSubscriptions') {
        out[f] = page(s.webhooks as unknown as Array<Record<string, unknown>>, Number(v.first ?? 100), v.after)
      } else if (f === 'customerEmailMarketingConsentUpdate') {
        const input = (v.input ?? {}) as {
          customerId?: string
          emailMarketingConsent?: { marketingState?: string; consentUpdatedAt?: string }
        }
        const c = s.customers.find((x) => x.id === input.customerId)
        if (!c)
          out[f] = { customer: null, userErrors: [{ field: ['input', 'customerId'], message: 'Customer not found' }] }
        else {
          const consent = {
            marketingState: input.emailMarketingConsent?.marketingState ?? 'UNSUBSCRIBED',
            marketingOptInLevel: null,
            consentUpdatedAt: input.emailMarketingConsent?.consentUpdatedAt ?? new Date().toISOString(),
          }
          c.emailMarketingConsent = consent
          s.consentUpdates.push({
            customerId: String(c.id),
            marketingState: consent.marketingState,
            consentUpdatedAt: consent.consentUpdatedAt,
          })
          out[f] = { customer: { id: c.id, emailMarketingConsent: consent }, userErrors: [] }
        }
        actual = 10
      } else if (f === 'discountCodeBasicCreate') {
        const input = (v.basicCodeDiscount ?? {}) as Record<string, unknown>
        const code = String(input.code ?? '')
        if (!code)
          out[f] = {
            codeDiscountNode: null,
            userErrors: [{ field: ['basicCodeDiscount', 'code'], code: 'BLANK', message: "Code can't be blank" }],
          }
        else if (s.discounts.some((d) => d.code === code))
          out[f] = {
            codeDiscountNode: null,
            userErrors: [{ field: ['basicCodeDiscount', 'code'], code: 'TAKEN', message: 'Code must be unique' }],
          }
        else {
          const node = { id: gid('DiscountCodeNode', nextId++), ...input }
          s.discounts.push(node)
          out[f] = { codeDiscountNode: { id: node.id }, userErrors: [] }
        }
        actual = 10
      }
    }
    return { data: out, actual }
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' })
        res.end(JSON.stringify(body))
      }
      const m = /^\/shops\/([^/]+)\/admin\/api\/[^/]+\/graphql\.json$/.exec(req.url ?? '')
      if (req.method !== 'POST' || !m || decodeURIComponent(m[1]!) !== shop) return send(404, { errors: 'Not Found' })
      if (req.headers['x-shopify-access-token'] !== accessToken)
        return send(401, { errors: '[API] Invalid API key or access token (unrecognized login or wrong password)' })
      if (failing > 0) {
        failing--
        return send(failStatus, { errors: 'Service unavailable' })
      }
      let body: { query?: unknown; variables?: unknown }
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'))
      } catch {
        return send(400, { errors: { query: 'Required parameter missing or invalid' } })
      }
      const query = typeof body.query === 'string' ? body.query : ''
      const variables = (body.variables && typeof body.variables === 'object' ? body.variables : {}) as Record<
        string,
        unknown
      >
      const fields = rootFields(query)
      const forced = s.failWhen?.(fields, variables)
      if (forced) return send(forced, { errors: 'Internal Server Error' })
      if (!fields.length)
        return send(200, {
          errors: [{ message: 'Field does not exist on QueryRoot', extensions: { code: 'undefinedField' } }],
        })
      restore()
      const isMutation = /^\s*mutation\b/.test(query)
      const requested = isMutation
        ? 10
        : 1 +
          fields.reduce(
            (n, f) => n + (PER_NODE[f] ? Math.min(250, Number(variables.first ?? 50)) * PER_NODE[f]! : 1),
            0,
          )
      if (requested > available) {
        s.throttledCount++
        s.calls.push({ fields, variables, throttled: true })
        return send(200, {
          errors: [
            {
              message: 'Throttled',
              extensions: { code: 'THROTTLED', documentation: 'https://shopify.dev/api/usage/rate-limits' },
            },
          ],
          extensions: {
            cost: { requestedQueryCost: requested, actualQueryCost: null, throttleStatus: throttleStatus() },
          },
        })
      }
      const { data: out, actual } = answer(fields, variables)
      available -= Math.min(actual, requested)
      s.calls.push({ fields, variables, throttled: false })
      send(200, {
        data: out,
        extensions: {
          cost: { requestedQueryCost: requested, actualQueryCost: actual, throttleStatus: throttleStatus() },
        },
      })
    })
  })
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', () => resolve()))
  const port = (server.address() as AddressInfo).port
  s.url = `http://127.0.0.1:${port}`
  s.apiBase = `${s.url}/shops/{shop}/admin/api/2025-10/graphql.json`
  return s
}
