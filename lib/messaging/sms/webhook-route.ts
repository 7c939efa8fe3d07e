// The shell of the provider webhooks (/webhooks/sms/*, /webhooks/whatsapp): the raw body read
// with a size limit, the handler's answer as a Response, and anything unexpected logged and
// answered 503 so the provider tries again later (never a stack trace, never a 500 page).
import { randomUUID } from 'node:crypto'
import { reportError } from '@/lib/errors/reporter'
import type { WebhookAnswer } from './handle-sms-status'

export const MAX_WEBHOOK_BYTES = 256 * 1024

export async function readLimitedText(req: Request): Promise<string | null> {
  const declared = Number(req.headers.get('content-length') ?? NaN)
  if (Number.isFinite(declared) && declared > MAX_WEBHOOK_BYTES) return null
  const buf = Buffer.from(await req.arrayBuffer())
  return buf.length > MAX_WEBHOOK_BYTES ? null : buf.toString('utf8')
}

export function answer(a: WebhookAnswer): Response {
  if (a.status === 204) return new Response(null, { status: 204 })
  return new Response(a.body ?? '', {
    status: a.status,
    headers: { 'content-type': a.contentType ?? 'text/plain; charset=utf-8' },
  })
}

export function webhookRoute(handle: (req: Request, url: URL, rawBody: string) => Promise<WebhookAnswer>) {
  return async (req: Request): Promise<Response> => {
    const url = new URL(req.url)
    try {
      const raw = req.method === 'GET' ? '' : await readLimitedText(req)
      if (raw === null) return answer({ status: 413, body: 'Payload too large.' })
      return answer(await handle(req, url, raw))
    } catch (error) {
      const requestId = randomUUID()
      reportError({ error, route: url.pathname, requestId })
      return answer({ status: 503, body: `Temporarily unavailable (request ${requestId}).` })
    }
  }
}

/** Twilio posts form fields; a repeated field keeps its last value (Twilio sends none). */
export const formParams = (raw: string): Record<string, string> => Object.fromEntries(new URLSearchParams(raw))
