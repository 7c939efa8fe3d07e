// POST /webhooks/inbound/email: a customer's reply to an inbox mail is threaded into its
// conversation; anything else (DSNs, ARF reports, mailto unsubscribes) goes on to the delivery
// reports' handler unchanged, which also answers every malformed request.
import { inboundEmailPost } from '@/lib/messaging/bounces/webhook-handlers'
import { verifyInboundWebhookToken } from '@/lib/messaging/bounces/webhook-token'
import { receiveEmailReply } from './receive-email-reply'

const MAX_BYTES = 5 * 1024 * 1024

const json = (status: number, body: unknown) =>
  Response.json(body, { status, headers: { 'cache-control': 'no-store' } })

export async function inboundEmailOrReplyPost(req: Request): Promise<Response> {
  const companyId = verifyInboundWebhookToken(new URL(req.url).searchParams.get('token'))
  if (companyId === null || Number(req.headers.get('content-length') ?? 0) > MAX_BYTES) return inboundEmailPost(req)
  const raw = await req.clone().text()
  if (!raw.trim() || Buffer.byteLength(raw) > MAX_BYTES) return inboundEmailPost(req)
  const out = await receiveEmailReply(companyId, raw)
  if (out.kind === 'not_a_reply') return inboundEmailPost(req)
  if (out.kind === 'rejected') return json(400, { error: 'invalid', message: out.reason })
  return json(200, { kind: 'reply', recorded: out.recorded ? 1 : 0, duplicates: out.recorded ? 0 : 1 })
}
