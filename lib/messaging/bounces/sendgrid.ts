// SendGrid's event webhook (a JSON array of events) mapped to delivery reports: bounce (type
// "blocked" or a 4.x.x status is soft, else hard), dropped, spamreport and delivered; other
// events (processed, deferred, open, click…) are ignored here. When SENDGRID_WEBHOOK_PUBLIC_KEY
// is set (the "signed event webhook" verification key, base64 DER or PEM), every request must
// carry a valid ECDSA signature over its timestamp and raw body.
import { createHash, createPublicKey, verify } from 'node:crypto'
import { z } from 'zod'
import type { DeliveryReport } from './apply-report'

const event = z
  .object({
    email: z.string().min(1),
    event: z.string().min(1),
    timestamp: z.number().optional(),
    sg_event_id: z.string().optional(),
    sg_message_id: z.string().optional(),
    'smtp-id': z.string().optional(),
    send_id: z.string().optional(),
    'X-Send-Id': z.string().optional(),
    type: z.string().optional(),
    status: z.string().optional(),
    reason: z.string().optional(),
  })
  .passthrough()
export const sendgridBody = z.array(event).min(1).max(10_000)

const KINDS: Record<string, DeliveryReport['kind'] | undefined> = {
  dropped: 'dropped',
  spamreport: 'complaint',
  delivered: 'delivered',
}

export function sendgridReports(companyId: number, events: z.infer<typeof sendgridBody>): DeliveryReport[] {
  const out: DeliveryReport[] = []
  for (const e of events) {
    const soft = e.type === 'blocked' || !!e.status?.startsWith('4')
    const kind = e.event === 'bounce' ? (soft ? 'soft_bounce' : 'hard_bounce') : KINDS[e.event]
    if (!kind) continue
    const key = e.sg_event_id ?? createHash('sha256').update(JSON.stringify(e)).digest('hex')
    out.push({
      companyId,
      source: 'sendgrid',
      reportKey: `sendgrid:${key}`,
      kind,
      email: e.email,
      sendId: e.send_id ?? e['X-Send-Id'] ?? null,
      messageId: e['smtp-id'] ?? null,
      providerMessageId: e.sg_message_id ?? null,
      status: e.status ?? null,
      detail: e.reason ?? null,
      ...(e.timestamp ? { at: new Date(e.timestamp * 1000) } : {}),
    })
  }
  return out
}

export const SIGNATURE_HEADER = 'x-twilio-email-event-webhook-signature'
export const TIMESTAMP_HEADER = 'x-twilio-email-event-webhook-timestamp'

/** null when no key is configured; else whether the signature is genuine. */
export function verifySendgridSignature(
  rawBody: string,
  signature: string | null,
  timestamp: string | null,
  key = process.env.SENDGRID_WEBHOOK_PUBLIC_KEY,
): boolean | null {
  if (!key) return null
  if (!signature || !timestamp) return false
  try {
    const pub = key.includes('BEGIN')
      ? createPublicKey(key)
      : createPublicKey({ key: Buffer.from(key, 'base64'), format: 'der', type: 'spki' })
    return verify('sha256', Buffer.from(timestamp + rawBody), pub, Buffer.from(signature, 'base64'))
  } catch {
    return false
  }
}
