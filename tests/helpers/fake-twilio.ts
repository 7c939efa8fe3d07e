// A local HTTP server that speaks Twilio's Messages API (POST
// /2010-04-01/Accounts/{sid}/Messages.json, form-encoded, basic auth): it records each request
// and answers like Twilio — 201 with the message resource, 401 code 20003 for bad credentials,
// 400 code 21211 for an invalid 'To' number, a 500, or no answer at all — chosen per To number.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { randomBytes } from 'node:crypto'

export interface TwilioRequest {
  path: string
  accountSid: string
  authToken: string
  form: Record<string, string>
}

export type TwilioBehaviour = 'accept' | 'invalid-number' | 'server-error' | 'hang' | 'unauthorized'

export interface FakeTwilio {
  baseUrl: string
  requests: TwilioRequest[]
  /** How to answer messages to this To number (default: accept). */
  behaviour: Map<string, TwilioBehaviour>
  close(): Promise<void>
}

export async function startFakeTwilio(credentials: Record<string, string>): Promise<FakeTwilio> {
  const requests: TwilioRequest[] = []
  const behaviour = new Map<string, TwilioBehaviour>()
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')))
      const [user, pass] = Buffer.from((req.headers.authorization ?? '').replace(/^Basic /, ''), 'base64')
        .toString()
        .split(':')
      const path = req.url ?? ''
      requests.push({ path, accountSid: user ?? '', authToken: pass ?? '', form })
      const json = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' })
        res.end(JSON.stringify(body))
      }
      const m = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(path)
      if (req.method !== 'POST' || !m)
        return json(404, { code: 20404, message: 'The requested resource was not found', status: 404 })
      const mode = behaviour.get(form.To ?? '') ?? 'accept'
      if (mode === 'hang') return // never answers
      if (mode === 'unauthorized' || user !== m[1] || credentials[user ?? ''] !== pass) {
        return json(401, {
          code: 20003,
          message: 'Authenticate',
          more_info: 'https://www.twilio.com/docs/errors/20003',
          status: 401,
        })
      }
      if (mode === 'server-error')
        return json(500, { code: 20500, message: 'An internal server error has occurred', status: 500 })
      if (mode === 'invalid-number') {
        return json(400, {
          code: 21211,
          message: `The 'To' number ${form.To} is not a valid phone number.`,
          more_info: 'https://www.twilio.com/docs/errors/21211',
          status: 400,
        })
      }
      json(201, {
        sid: 'SM' + randomBytes(16).toString('hex'),
        account_sid: user,
        to: form.To,
        from: form.From ?? null,
        messaging_service_sid: form.MessagingServiceSid ?? null,
        body: form.Body,
        status: 'queued',
        num_segments: '1',
        api_version: '2010-04-01',
        error_code: null,
        error_message: null,
      })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    behaviour,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
