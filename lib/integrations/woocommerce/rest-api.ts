// WooCommerce's REST API (wc/v3), as the connect step, webhook registration and the historical
// sync call it: HTTP Basic auth with the consumer key and secret (WooCommerce accepts it over
// https; the stand-in over loopback), collections paged with page/per_page and the X-WP-Total /
// X-WP-TotalPages headers. The base is `{store}/wp-json/wc/v3` unless WOOCOMMERCE_API_BASE_URL
// (a template with {store}, the store's origin, or a fixed URL) overrides it, so tests
// point it at the local stand-in. Calls go through lib/net/safe-fetch (purpose 'provider').
import { safeFetch, OutboundError } from '@/lib/net/safe-fetch'

export type WooErrorKind = 'unauthorized' | 'not_found' | 'unavailable' | 'invalid' | 'network'

export class WooApiError extends Error {
  constructor(
    readonly kind: WooErrorKind,
    message: string,
    readonly status?: number,
  ) {
    super(message)
    this.name = 'WooApiError'
  }
}

export function wooApiBase(storeOrigin: string): string {
  const template = process.env.WOOCOMMERCE_API_BASE_URL?.trim()
  if (!template) return `${storeOrigin.replace(/\/+$/, '')}/wp-json/wc/v3`
  // The origin was checked (scheme, host, port only): it goes in as is.
  return template.replace('{store}', storeOrigin.replace(/\/+$/, '')).replace(/\/+$/, '')
}

export interface WooClientOptions {
  store: string
  consumerKey: string
  consumerSecret: string
  timeoutMs?: number
}

export interface WooPage<T> {
  items: T[]
  total: number | null
  totalPages: number | null
}

export interface WooClient {
  get<T>(path: string, query?: Record<string, string | number | undefined>): Promise<T>
  page<T>(path: string, query: Record<string, string | number | undefined>): Promise<WooPage<T>>
  post<T>(path: string, body: unknown): Promise<T>
  put<T>(path: string, body: unknown): Promise<T>
}

const header = (h: Record<string, string | string[] | undefined>, name: string): number | null => {
  const v = h[name]
  const n = Number(Array.isArray(v) ? v[0] : v)
  return Number.isFinite(n) && v !== undefined ? n : null
}

export function createWooClient(o: WooClientOptions): WooClient {
  const base = wooApiBase(o.store)
  const auth = `Basic ${Buffer.from(`${o.consumerKey}:${o.consumerSecret}`).toString('base64')}`

  async function call(
    verb: 'GET' | 'POST' | 'PUT',
    path: string,
    query?: Record<string, string | number | undefined>,
    body?: unknown,
  ) {
    const url = new URL(base + path)
    for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v))
    // The outbound client speaks GET and POST; WordPress's REST API takes an update as a POST
    // with X-HTTP-Method-Override.
    const method = verb === 'GET' ? 'GET' : 'POST'
    const override: Record<string, string> = verb === 'PUT' ? { 'x-http-method-override': 'PUT' } : {}
    let res
    try {
      res = await safeFetch(url.toString(), {
        purpose: 'provider',
        method,
        httpsOnly: true,
        timeoutMs: o.timeoutMs ?? 30_000,
        maxBytes: 20 * 1024 * 1024,
        headers: {
          accept: 'application/json',
          authorization: auth,
          ...override,
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      })
    } catch (e) {
      throw new WooApiError('network', e instanceof OutboundError ? e.message : 'The store could not be reached.')
    }
    if (res.status === 401 || res.status === 403)
      throw new WooApiError('unauthorized', 'WooCommerce refused the consumer key and secret.', res.status)
    if (res.status === 404) throw new WooApiError('not_found', 'No WooCommerce REST API answers at this address.', 404)
    if (res.status === 429 || res.status >= 500)
      throw new WooApiError('unavailable', `WooCommerce answered ${res.status}.`, res.status)
    const json = res.json<unknown>()
    if (!res.ok || json === null || json === undefined) {
      const message = (json as { message?: string } | null)?.message
      throw new WooApiError(
        'invalid',
        `WooCommerce answered ${res.status}${message ? `: ${message}` : ''}.`,
        res.status,
      )
    }
    return { json, headers: res.headers as Record<string, string | string[] | undefined> }
  }

  return {
    get: async <T>(path: string, query?: Record<string, string | number | undefined>) =>
      (await call('GET', path, query)).json as T,
    async page<T>(path: string, query: Record<string, string | number | undefined>): Promise<WooPage<T>> {
      const r = await call('GET', path, query)
      if (!Array.isArray(r.json)) throw new WooApiError('invalid', `WooCommerce answered ${path} without a list.`)
      return {
        items: r.json as T[],
        total: header(r.headers, 'x-wp-total'),
        totalPages: header(r.headers, 'x-wp-totalpages'),
      }
    },
    post: async <T>(path: string, body: unknown) => (await call('POST', path, undefined, body)).json as T,
    put: async <T>(path: string, body: unknown) => (await call('PUT', path, undefined, body)).json as T,
  }
}
