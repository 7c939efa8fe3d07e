// A local stand-in for WooCommerce's REST API (wc/v3, issue 21 §2): what the connect step, the
// webhook registration and the historical sync call, and nothing more. It speaks the protocol's
// shapes: HTTP Basic auth with the consumer key and secret (401 woocommerce_rest_cannot_view
// otherwise), GET /system_status, collections /orders (after=, orderby=date), /customers and
// /products (and /products/{id}/variations) paged with page/per_page (max 100) and the X-WP-Total / X-WP-TotalPages headers,
// GET and POST /webhooks, PUT /webhooks/{id} (or POST with X-HTTP-Method-Override: PUT, as WordPress takes it). Records are generated in the documented REST v3 shapes (money as
// strings, *_gmt times without a zone). Point WOOCOMMERCE_API_BASE_URL at `standin.apiBase`
// (PROVIDERS_ALLOW_PRIVATE=1 lets the client reach the loopback).
import http from 'node:http'
import type { AddressInfo } from 'node:net'

export interface WooStandInOptions {
  consumerKey?: string
  consumerSecret?: string
  /** WordPress's home URL, as /system_status reports it and X-WC-Webhook-Source carries it. */
  homeUrl?: string
  orders?: number
  customers?: number
  products?: number
  /** Orders are spread evenly over this many days before `now`. */
  spreadDays?: number
  now?: Date
}

export type Json = Record<string, unknown>

export interface WooStandIn {
  apiBase: string
  orders: Json[]
  customers: Json[]
  products: Json[]
  /** A variable product's variations by product id. */
  variations: Map<number, Json[]>
  webhooks: Json[]
  /** Every request: method, path (without the base) and query. */
  requests: Array<{ method: string; path: string; query: Record<string, string> }>
  /** Answer this status instead (e.g. 503) when it returns one: a store failing mid-sync. */
  failWhen: ((path: string, query: Record<string, string>) => number | null) | null
  close(): Promise<void>
}

const gmt = (d: Date) => d.toISOString().slice(0, 19)
const STATUSES = ['processing', 'completed', 'completed', 'on-hold', 'cancelled', 'refunded', 'pending', 'completed']

function address(i: number, email?: string) {
  return {
    first_name: `First${i}`,
    last_name: `Last${i}`,
    company: '',
    address_1: `${i} Main St`,
    address_2: '',
    city: 'Springfield',
    state: 'IL',
    postcode: '62701',
    country: 'US',
    ...(email !== undefined ? { email, phone: `+1217555${String(1000 + (i % 9000)).padStart(4, '0')}` } : {}),
  }
}

export function generateWoo(
  o: Required<Pick<WooStandInOptions, 'orders' | 'customers' | 'products' | 'spreadDays'>> & { now: Date },
) {
  const products: Json[] = Array.from({ length: o.products }, (_, i) => {
    const id = 100 + i
    return {
      id,
      name: `Product ${id}`,
      slug: `product-${id}`,
      permalink: `https://woo.example/product/product-${id}/`,
      type: 'simple',
      status: 'publish',
      date_created_gmt: gmt(new Date(o.now.getTime() - 400 * 86_400_000)),
      date_modified_gmt: gmt(new Date(o.now.getTime() - 86_400_000)),
      description: `<p>Product ${id}</p>`,
      short_description: `Product ${id}`,
      sku: `SKU-${id}`,
      price: `${10 + i}.00`,
      regular_price: `${10 + i}.00`,
      sale_price: '',
      manage_stock: true,
      stock_quantity: 5 + i,
      stock_status: 'instock',
      backorders: 'no',
      categories: [{ id: 9, name: 'Clothing', slug: 'clothing' }],
      tags: [],
      images: [{ id: 1000 + i, src: `https://woo.example/img/${id}.jpg`, name: '', alt: '' }],
      variations: [] as number[],
    }
  })
  // Every fourth product is variable, with two variations (sizes) of their own price and stock.
  const variations = new Map<number, Json[]>()
  products.forEach((p, i) => {
    if (i % 4 !== 3) return
    const id = Number(p.id)
    const list = ['S', 'M'].map((size, k) => ({
      id: id * 100 + k + 1,
      sku: `SKU-${id}-${size}`,
      price: `${10 + i + k}.00`,
      regular_price: `${10 + i + k}.00`,
      sale_price: '',
      manage_stock: true,
      stock_quantity: k,
      stock_status: k ? 'instock' : 'outofstock',
      backorders: 'no',
      attributes: [{ id: 1, name: 'Size', option: size }],
      image: { id: 0, src: `https://woo.example/img/${id}-${size}.jpg` },
    }))
    Object.assign(p, { type: 'variable', variations: list.map((v) => v.id) })
    variations.set(id, list)
  })
  const customers: Json[] = Array.from({ length: o.customers }, (_, i) => {
    const id = 1 + i
    const email = `customer${id}@woo.example`
    return {
      id,
      email,
      first_name: `First${id}`,
      last_name: `Last${id}`,
      role: 'customer',
      username: `customer${id}`,
      date_created_gmt: gmt(new Date(o.now.getTime() - 500 * 86_400_000)),
      date_modified_gmt: gmt(new Date(o.now.getTime() - 2 * 86_400_000)),
      billing: address(id, email),
      shipping: address(id),
      is_paying_customer: true,
      avatar_url: '',
    }
  })
  const orders: Json[] = Array.from({ length: o.orders }, (_, i) => {
    const id = 5000 + i
    const created = new Date(
      o.now.getTime() - o.spreadDays * 86_400_000 + Math.floor(((i + 0.5) * o.spreadDays * 86_400_000) / o.orders),
    )
    const customer = customers[i % Math.max(1, customers.length)]
    const email = customer ? String(customer.email) : `guest${i}@woo.example`
    const product = products[i % Math.max(1, products.length)]
    const price = product ? Number(product.price) : 20
    const qty = 1 + (i % 3)
    const status = STATUSES[i % STATUSES.length]!
    const total = (price * qty).toFixed(2)
    return {
      id,
      parent_id: 0,
      number: String(id),
      order_key: `wc_order_${id}`,
      created_via: 'checkout',
      status,
      currency: 'USD',
      date_created: gmt(created),
      date_created_gmt: gmt(created),
      date_modified_gmt: gmt(new Date(created.getTime() + 3600_000)),
      date_completed_gmt: status === 'completed' ? gmt(new Date(created.getTime() + 3600_000)) : null,
      discount_total: '0.00',
      shipping_total: '0.00',
      total_tax: '0.00',
      total,
      customer_id: customer ? customer.id : 0,
      billing: address(i, email),
      shipping: address(i),
      line_items: [
        {
          id: id * 10,
          name: product ? product.name : 'Item',
          product_id: product ? product.id : 0,
          variation_id: 0,
          quantity: qty,
          subtotal: total,
          total,
          sku: product ? product.sku : '',
          price,
          image: { id: 0, src: '' },
        },
      ],
      coupon_lines: [],
      refunds: status === 'refunded' ? [{ id: id + 100000, reason: 'Damaged', total: `-${total}` }] : [],
    }
  })
  return { products, customers, orders, variations }
}

export async function startWooStandIn(opts: WooStandInOptions = {}): Promise<WooStandIn> {
  const key = opts.consumerKey ?? 'ck_test'
  const secret = opts.consumerSecret ?? 'cs_test'
  const data = generateWoo({
    orders: opts.orders ?? 0,
    customers: opts.customers ?? 0,
    products: opts.products ?? 0,
    spreadDays: opts.spreadDays ?? 30,
    now: opts.now ?? new Date(),
  })
  const webhooks: Json[] = []
  const requests: WooStandIn['requests'] = []
  let nextWebhook = 1

  const send = (res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8', ...headers })
    res.end(JSON.stringify(body))
  }

  function list(res: http.ServerResponse, rows: Json[], q: Record<string, string>) {
    const perPage = Math.min(100, Math.max(1, Number(q.per_page) || 10))
    const page = Math.max(1, Number(q.page) || 1)
    const total = rows.length
    const totalPages = Math.ceil(total / perPage)
    send(res, 200, rows.slice((page - 1) * perPage, page * perPage), {
      'X-WP-Total': String(total),
      'X-WP-TotalPages': String(totalPages),
    })
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://standin')
      const m = /\/wp-json\/wc\/v3(\/.*)$/.exec(url.pathname)
      const q = Object.fromEntries(url.searchParams)
      const path = m ? m[1]! : url.pathname
      requests.push({ method: req.method ?? 'GET', path, query: q })
      if (!m)
        return send(res, 404, {
          code: 'rest_no_route',
          message: 'No route was found matching the URL and request method.',
          data: { status: 404 },
        })
      const expected = `Basic ${Buffer.from(`${key}:${secret}`).toString('base64')}`
      if (req.headers.authorization !== expected) {
        return send(res, 401, {
          code: 'woocommerce_rest_cannot_view',
          message: 'Sorry, you cannot list resources.',
          data: { status: 401 },
        })
      }
      const fail = standin.failWhen?.(path, q)
      if (fail) return send(res, fail, { code: 'internal_server_error', message: 'Failure.', data: { status: fail } })
      if (req.method === 'GET' && path === '/system_status') {
        return send(res, 200, {
          environment: {
            home_url: opts.homeUrl ?? 'https://woo.example/',
            site_url: opts.homeUrl ?? 'https://woo.example/',
            version: '9.4.0',
          },
          settings: { currency: 'USD' },
        })
      }
      if (req.method === 'GET' && path === '/orders') {
        const after = q.after ? Date.parse(`${q.after.replace(/Z$/, '')}Z`) : -Infinity
        const rows = data.orders
          .filter((o) => Date.parse(`${o.date_created_gmt}Z`) > after)
          .sort(
            (a, b) =>
              (q.order === 'desc' ? -1 : 1) *
              (Date.parse(`${a.date_created_gmt}Z`) - Date.parse(`${b.date_created_gmt}Z`)),
          )
        return list(res, rows, q)
      }
      if (req.method === 'GET' && path === '/customers') return list(res, data.customers, q)
      if (req.method === 'GET' && path === '/products') return list(res, data.products, q)
      const vars = /^\/products\/(\d+)\/variations$/.exec(path)
      if (req.method === 'GET' && vars) return list(res, data.variations.get(Number(vars[1])) ?? [], q)
      if (req.method === 'GET' && path === '/webhooks') return list(res, webhooks, q)
      if (req.method === 'POST' && path === '/webhooks') {
        let body: Json
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Json
        } catch {
          return send(res, 400, {
            code: 'rest_invalid_json',
            message: 'Invalid JSON body passed.',
            data: { status: 400 },
          })
        }
        if (typeof body.topic !== 'string' || typeof body.delivery_url !== 'string') {
          return send(res, 400, {
            code: 'rest_missing_callback_param',
            message: 'Missing parameter(s): topic, delivery_url',
            data: { status: 400 },
          })
        }
        const hook = {
          id: nextWebhook++,
          name: body.name ?? '',
          status: body.status ?? 'active',
          topic: body.topic,
          resource: body.topic.split('.')[0],
          event: body.topic.split('.')[1],
          delivery_url: body.delivery_url,
          secret: body.secret ?? '',
          date_created_gmt: gmt(new Date()),
        }
        webhooks.push(hook)
        return send(res, 201, hook)
      }
      const put = /^\/webhooks\/(\d+)$/.exec(path)
      const verb = String(req.headers['x-http-method-override'] ?? req.method).toUpperCase()
      if (verb === 'PUT' && put) {
        const hook = webhooks.find((w) => w.id === Number(put[1]))
        if (!hook)
          return send(res, 404, {
            code: 'woocommerce_rest_webhook_invalid_id',
            message: 'Invalid ID.',
            data: { status: 404 },
          })
        try {
          Object.assign(hook, JSON.parse(Buffer.concat(chunks).toString('utf8')) as Json, { id: hook.id })
        } catch {
          return send(res, 400, {
            code: 'rest_invalid_json',
            message: 'Invalid JSON body passed.',
            data: { status: 400 },
          })
        }
        return send(res, 200, hook)
      }
      send(res, 404, {
        code: 'rest_no_route',
        message: 'No route was found matching the URL and request method.',
        data: { status: 404 },
      })
    })
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const { port } = server.address() as AddressInfo
  const standin: WooStandIn = {
    apiBase: `http://127.0.0.1:${port}/wp-json/wc/v3`,
    ...data,
    webhooks,
    requests,
    failWhen: null,
    close: () => new Promise<void>((r) => server.close(() => r())),
  }
  return standin
}
