// Shopify's Admin GraphQL API, as the connect step, the historical sync, consent write-back and
// coupon push call it. The address is configuration (SHOPIFY_API_BASE_URL, a template with
// {shop}), so tests and the benchmark point it at the local stand-in; every call goes through
// lib/net/safe-fetch (purpose 'provider': https only and public addresses only unless
// PROVIDERS_ALLOW_PRIVATE is set).
// The cost-based rate limit is honoured on both sides: an answer that says THROTTLED is retried
// after the time the bucket needs to refill for that query's cost, and when an answer leaves
// less in the bucket than the query cost, the next call waits first, so a long sync runs at the
// restore rate instead of bouncing off the limit.
import { safeFetch, OutboundError } from '@/lib/net/safe-fetch'

export const DEFAULT_SHOPIFY_API_BASE_URL = 'https://{shop}/admin/api/2025-10/graphql.json'

export function shopifyApiUrl(shop: string): string {
  const template = process.env.SHOPIFY_API_BASE_URL?.trim() || DEFAULT_SHOPIFY_API_BASE_URL
  return template.replace('{shop}', encodeURIComponent(shop))
}

export type ShopifyErrorKind = 'unauthorized' | 'not_found' | 'throttled' | 'unavailable' | 'graphql' | 'network'

export class ShopifyApiError extends Error {
  constructor(
    readonly kind: ShopifyErrorKind,
    message: string,
    readonly status?: number,
  ) {
    super(message)
    this.name = 'ShopifyApiError'
  }
}

export interface ThrottleStatus {
  maximumAvailable: number
  currentlyAvailable: number
  restoreRate: number
}

interface GraphQLAnswer<T> {
  data?: T
  errors?: Array<{ message?: string; extensions?: { code?: string } }> | string
  extensions?: {
    cost?: { requestedQueryCost?: number; actualQueryCost?: number | null; throttleStatus?: ThrottleStatus }
  }
}

export interface ShopifyClientOptions {
  shop: string
  accessToken: string
  /** Injected in tests; real waits otherwise. */
  sleep?: (ms: number) => Promise<void>
  /** THROTTLED answers retried per call before giving up. */
  maxThrottleRetries?: number
  timeoutMs?: number
}

export interface ShopifyClient {
  shop: string
  query<T>(query: string, variables?: Record<string, unknown>): Promise<T>
  /** The bucket as the last answer reported it. */
  readonly throttle: ThrottleStatus | null
  /** Time spent waiting for the bucket (ms), for progress and the benchmark. */
  readonly waitedMs: number
}

const realSleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms))

/** How long until the bucket holds `cost` again. */
export function refillMs(t: ThrottleStatus, cost: number): number {
  const missing = Math.min(cost, t.maximumAvailable) - t.currentlyAvailable
  return missing <= 0 || t.restoreRate <= 0 ? 0 : Math.ceil((missing / t.restoreRate) * 1000)
}

export function createShopifyClient(o: ShopifyClientOptions): ShopifyClient {
  const sleep = o.sleep ?? realSleep
  const url = shopifyApiUrl(o.shop)
  let throttle: ThrottleStatus | null = null
  let lastCost = 0
  let waitedMs = 0
  const wait = async (ms: number) => {
    if (ms <= 0) return
    waitedMs += ms
    await sleep(ms)
  }

  async function post<T>(query: string, variables: Record<string, unknown>): Promise<GraphQLAnswer<T>> {
    let res
    try {
      res = await safeFetch(url, {
        purpose: 'provider',
        method: 'POST',
        httpsOnly: true,
        timeoutMs: o.timeoutMs ?? 30_000,
        maxBytes: 20 * 1024 * 1024,
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          'x-shopify-access-token': o.accessToken,
        },
        body: JSON.stringify({ query, variables }),
      })
    } catch (e) {
      throw new ShopifyApiError('network', e instanceof OutboundError ? e.message : 'The shop could not be reached.')
    }
    if (res.status === 401 || res.status === 403)
      throw new ShopifyApiError('unauthorized', 'Shopify refused the access token.', res.status)
    if (res.status === 404) throw new ShopifyApiError('not_found', 'No Shopify shop answers at this domain.', 404)
    if (res.status === 429 || res.status >= 500)
      throw new ShopifyApiError('unavailable', `Shopify answered ${res.status}.`, res.status)
    const body = res.json<GraphQLAnswer<T>>()
    if (!res.ok || !body)
      throw new ShopifyApiError('graphql', `Shopify answered ${res.status} without a GraphQL result.`, res.status)
    return body
  }

  async function query<T>(q: string, variables: Record<string, unknown> = {}): Promise<T> {
    // The previous answer left the bucket lower than what a query like it costs: wait for it.
    if (throttle && lastCost) await wait(refillMs(throttle, lastCost))
    for (let attempt = 0; ; attempt++) {
      const body = await post<T>(q, variables)
      const cost = body.extensions?.cost
      if (cost?.throttleStatus) throttle = cost.throttleStatus
      if (cost?.requestedQueryCost) lastCost = cost.requestedQueryCost
      const errors = Array.isArray(body.errors) ? body.errors : body.errors ? [{ message: body.errors }] : []
      if (errors.some((e) => e.extensions?.code === 'THROTTLED')) {
        if (attempt >= (o.maxThrottleRetries ?? 20))
          throw new ShopifyApiError('throttled', 'Shopify kept throttling the requests.')
        await wait(throttle ? Math.max(100, refillMs(throttle, lastCost || 100)) : 1000)
        continue
      }
      if (errors.length || !body.data)
        throw new ShopifyApiError(
          'graphql',
          errors
            .map((e) => e.message)
            .filter(Boolean)
            .join('; ') || 'Shopify answered without data.',
        )
      return body.data
    }
  }

  return {
    shop: o.shop,
    query,
    get throttle() {
      return throttle
    },
    get waitedMs() {
      return waitedMs
    },
  }
}

/** gid://shopify/Order/123 → "123" (the id webhooks carry, so both paths name a record the same). */
export function legacyId(gid: string | null | undefined): string | null {
  if (!gid) return null
  const m = /\/(\d+)(\?.*)?$/.exec(gid)
  return m ? m[1]! : gid
}

export function userErrorsMessage(
  errors: Array<{ field?: string[] | null; message: string }> | undefined,
): string | null {
  return errors?.length ? errors.map((e) => e.message).join('; ') : null
}
