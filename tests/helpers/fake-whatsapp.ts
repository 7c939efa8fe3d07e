// A local HTTP server that speaks the WhatsApp Cloud API's send call (POST
// /{phone-number-id}/messages, bearer token, JSON): it records each message and answers like
// Meta — 200 with the wamid, or {"error": {code, message, type, fbtrace_id}} — chosen per
// recipient.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { randomBytes } from 'node:crypto'

export interface CloudRequest {
  phoneNumberId: string
  token: string
  body: Record<string, unknown> & { to?: string; type?: string; biz_opaque_callback_data?: string }
}

export type CloudBehaviour = 'accept' | 'undeliverable' | 'outside-window' | 'server-error' | 'rate-limit'

export interface FakeWhatsApp {
  baseUrl: string
  requests: CloudRequest[]
  /** Keyed by the "to" of the message (digits, no plus). */
  behaviour: Map<string, CloudBehaviour>
  /** The access token each phone number id accepts (add to it as accounts are made). */
  tokens: Record<string, string>
  /** Message templates submitted for review (POST /{business-account-id}/message_templates), by id;
   *  set `status` (APPROVED, REJECTED) and `reason` to answer the status GET /{id} as Meta would. */
  templates: Map<string, { businessAccountId: string; body: Record<string, unknown>; status: string; reason?: string }>
  close(): Promise<void>
}

const ERRORS: Record<Exclude<CloudBehaviour, 'accept'>, [number, number, string]> = {
  undeliverable: [400, 131026, 'Message undeliverable'],
  'outside-window': [400, 131047, 'Re-engagement message'],
  'server-error': [500, 131000, 'Something went wrong'],
  'rate-limit': [400, 130429, 'Rate limit hit'],
}

export async function startFakeWhatsApp(tokens: Record<string, string> = {}): Promise<FakeWhatsApp> {
  const requests: CloudRequest[] = []
  const behaviour = new Map<string, CloudBehaviour>()
  const templates: FakeWhatsApp['templates'] = new Map()
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const json = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' })
        res.end(JSON.stringify(body))
      }
      const fail = (status: number, code: number, message: string) =>
        json(status, {
          error: {
            message: `(#${code}) ${message}`,
            type: 'OAuthException',
            code,
            fbtrace_id: randomBytes(6).toString('hex'),
          },
        })
      const bearer = (req.headers.authorization ?? '').replace(/^Bearer /, '')
      const tpl = /^\/(\d+)\/message_templates$/.exec(req.url ?? '')
      if (tpl && req.method === 'POST') {
        if (!Object.values(tokens).includes(bearer)) return fail(401, 190, 'Invalid OAuth access token')
        const id = String(1_000_000 + templates.size + 1)
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>
        templates.set(id, { businessAccountId: tpl[1]!, body, status: 'PENDING' })
        return json(200, { id, status: 'PENDING', category: body.category })
      }
      const status = /^\/(\d+)\?fields=/.exec(req.url ?? '')
      if (status && req.method === 'GET') {
        const t = templates.get(status[1]!)
        if (!Object.values(tokens).includes(bearer)) return fail(401, 190, 'Invalid OAuth access token')
        if (!t) return fail(400, 100, 'Unsupported get request')
        return json(200, { id: status[1], name: t.body.name, status: t.status, rejected_reason: t.reason ?? 'NONE' })
      }
      const m = /^\/(\d+)\/messages$/.exec(req.url ?? '')
      if (req.method !== 'POST' || !m) return fail(404, 100, 'Unsupported post request')
      const token = (req.headers.authorization ?? '').replace(/^Bearer /, '')
      let body: CloudRequest['body'] = {}
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as CloudRequest['body']
      } catch {
        return fail(400, 100, 'Invalid JSON')
      }
      requests.push({ phoneNumberId: m[1]!, token, body })
      if (tokens[m[1]!] !== token) return fail(401, 190, 'Invalid OAuth access token')
      const mode = behaviour.get(String(body.to)) ?? 'accept'
      if (mode !== 'accept') return fail(...ERRORS[mode])
      json(200, {
        messaging_product: 'whatsapp',
        contacts: [{ input: body.to, wa_id: body.to }],
        messages: [{ id: 'wamid.' + randomBytes(12).toString('base64url') }],
      })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    behaviour,
    tokens,
    templates,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
