// A local HTTP server that speaks the part of Stripe's REST API billing uses (form-encoded
// POSTs with a Bearer secret key): customers, Checkout sessions, billing-portal sessions and
// subscription updates. It records each request and answers with Stripe's object shapes;
// a wrong key gets Stripe's 401 authentication_error.
import http from 'node:http'
import type { AddressInfo } from 'node:net'

export interface StripeRequest {
  method: string
  path: string
  form: Record<string, string>
}

export interface StripeStandIn {
  baseUrl: string
  requests: StripeRequest[]
  close(): Promise<void>
}

export async function startStripeStandIn(secretKey: string): Promise<StripeStandIn> {
  const requests: StripeRequest[] = []
  let seq = 0
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')))
      const path = (req.url ?? '').split('?')[0]!
      requests.push({ method: req.method ?? '', path, form })
      const json = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${++seq}` })
        res.end(JSON.stringify(body))
      }
      if (req.headers.authorization !== `Bearer ${secretKey}`)
        return json(401, {
          error: { type: 'invalid_request_error', message: 'Invalid API Key provided.', code: 'api_key_invalid' },
        })
      const metadata = Object.fromEntries(
        Object.entries(form)
          .filter(([k]) => k.startsWith('metadata['))
          .map(([k, v]) => [k.slice(9, -1), v]),
      )
      const id = (prefix: string) => `${prefix}_test_${++seq}`
      if (req.method === 'POST' && path === '/v1/customers')
        return json(200, {
          id: id('cus'),
          object: 'customer',
          email: form.email ?? null,
          name: form.name ?? null,
          metadata,
        })
      if (req.method === 'POST' && path === '/v1/checkout/sessions') {
        const sid = id('cs')
        return json(200, {
          id: sid,
          object: 'checkout.session',
          mode: form.mode,
          customer: form.customer ?? null,
          client_reference_id: form.client_reference_id ?? null,
          metadata,
          status: 'open',
          url: `https://checkout.stripe.test/c/pay/${sid}`,
          success_url: form.success_url,
          cancel_url: form.cancel_url,
        })
      }
      if (req.method === 'POST' && path === '/v1/billing_portal/sessions') {
        const pid = id('bps')
        return json(200, {
          id: pid,
          object: 'billing_portal.session',
          customer: form.customer,
          return_url: form.return_url,
          url: `https://billing.stripe.test/p/session/${pid}`,
        })
      }
      const sub = path.match(/^\/v1\/subscriptions\/([\w-]+)$/)
      if (req.method === 'POST' && sub)
        return json(200, {
          id: sub[1],
          object: 'subscription',
          status: 'active',
          cancel_at_period_end: form.cancel_at_period_end === 'true',
          metadata,
        })
      json(404, {
        error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${path}).` },
      })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
