// The Stripe client, when the operator configured a key: the official library (typed API,
// signature checks) talking to STRIPE_API_BASE through our guarded outbound connection
// (lib/net/safe-fetch, purpose 'provider': https to a public address unless
// PROVIDERS_ALLOW_PRIVATE=1, as for a local stand-in), never through its own sockets.
import Stripe from 'stripe'
import { safeFetch } from '@/lib/net/safe-fetch'
import { stripeConfig } from './billing-config'

const MAX_ANSWER_BYTES = 2 * 1024 * 1024

async function guardedFetch(input: string | URL | Request, init?: RequestInit): Promise<Response> {
  const url = typeof input === 'string' || input instanceof URL ? input : input.url
  const headers: Record<string, string> = {}
  new Headers(init?.headers).forEach((v, k) => (headers[k] = v))
  const body = typeof init?.body === 'string' ? init.body : init?.body == null ? undefined : String(init.body)
  const res = await safeFetch(url, {
    purpose: 'provider',
    method: init?.method === 'POST' ? 'POST' : 'GET',
    headers,
    body,
    timeoutMs: 20_000,
    maxBytes: MAX_ANSWER_BYTES,
    httpsOnly: true,
  })
  const out = new Headers()
  for (const [k, v] of Object.entries(res.headers))
    if (v != null) out.set(k, Array.isArray(v) ? v.join(', ') : String(v))
  return new Response(new Uint8Array(res.body), { status: res.status, headers: out })
}

export function stripeClient(): Stripe | null {
  const cfg = stripeConfig()
  if (!cfg) return null
  const https = cfg.apiBase.protocol === 'https:'
  return new Stripe(cfg.secretKey, {
    host: cfg.apiBase.hostname,
    port: Number(cfg.apiBase.port || (https ? 443 : 80)),
    protocol: https ? 'https' : 'http',
    httpClient: Stripe.createFetchHttpClient(guardedFetch as typeof fetch),
    maxNetworkRetries: 1,
    timeout: 20_000,
  })
}

/** Stripe's webhook signature check (Stripe-Signature header); the secret alone needs no client. */
export function verifyStripeEvent(rawBody: string, signature: string | null, secret: string): Stripe.Event | null {
  if (!signature) return null
  try {
    return Stripe.webhooks.constructEvent(rawBody, signature, secret)
  } catch {
    return null
  }
}

export type { Stripe }
