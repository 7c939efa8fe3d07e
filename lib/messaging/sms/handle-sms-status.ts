// Twilio's status callback for one message (POST /webhooks/sms/status?c=<company>&s=<send>):
// verified with the company's auth token (X-Twilio-Signature), then
// delivered → the Send is 'delivered'; undelivered / failed → 'failed' with Twilio's error code
// and one Failed to Deliver SMS event (its unique id comes from the send, so a repeated
// callback records nothing more). Other statuses (queued, sending, sent) change nothing.
// The callback must name the message SID the send was given, so a genuine callback of one
// send cannot be replayed against another.
import { exec, inWriteTx, selectFirst, type Ops } from '@/lib/db/ops'
import { kysely } from '@/lib/db/kysely'
import { appLink } from '@/lib/config/app-url'
import { MESSAGE_METRICS, recordMessageEventOps } from '../message-events'
import { loadSmsAccount } from './sms-settings'
import { verifyTwilioSignature } from './twilio-signature'

export interface WebhookAnswer {
  status: number
  body?: string
  contentType?: string
}

const FAILED = new Set(['undelivered', 'failed'])

export async function handleSmsStatusCallback(
  url: URL,
  params: Record<string, string>,
  signature: string | null,
  now = new Date(),
): Promise<WebhookAnswer> {
  const companyId = Number(url.searchParams.get('c'))
  const sendId = url.searchParams.get('s') ?? ''
  if (!Number.isSafeInteger(companyId) || companyId <= 0 || !sendId)
    return { status: 400, body: 'Missing company or send.' }
  const account = await loadSmsAccount(companyId)
  if (!account || !verifyTwilioSignature(account.authToken, appLink(url.pathname + url.search), params, signature)) {
    return { status: 403, body: 'Invalid signature.' }
  }
  const status = params.MessageStatus ?? ''
  const sid = params.MessageSid ?? ''
  if (!sid) return { status: 400, body: 'Missing MessageSid.' }
  if (status !== 'delivered' && !FAILED.has(status)) return { status: 204 }
  return inWriteTx(() => applyStatusOps(companyId, sendId, sid, status, params.ErrorCode ?? '', now))
}

function* applyStatusOps(
  companyId: number,
  sendId: string,
  sid: string,
  status: string,
  errorCode: string,
  now: Date,
): Ops<WebhookAnswer> {
  const db = kysely()
  const send = yield* selectFirst(
    db
      .selectFrom('Send')
      .select(['id', 'status', 'profileId', 'sourceId', 'sourceType', 'providerMessageId'])
      .where('companyId', '=', companyId)
      .where('id', '=', sendId)
      .where('channel', '=', 'sms'),
  )
  if (!send) return { status: 404, body: 'Unknown message.' }
  // Our own record of the provider's answer is not committed yet: ask the provider to try again.
  if (send.status === 'sending') return { status: 503, body: 'Not recorded yet.' }
  if (send.providerMessageId !== sid) return { status: 404, body: 'Unknown message.' }
  const row = () => db.updateTable('Send').where('companyId', '=', companyId).where('id', '=', sendId)
  if (status === 'delivered') {
    yield* exec(row().where('status', 'in', ['sent', 'unknown']).set({ status: 'delivered', updatedAt: now }))
    return { status: 204 }
  }
  const n = yield* exec(
    row()
      .where('status', 'in', ['sent', 'delivered', 'unknown'])
      .set({
        status: 'failed',
        reason: status,
        error: errorCode ? `Twilio error ${errorCode}` : `Twilio: ${status}`,
        updatedAt: now,
        finishedAt: now,
      }),
  )
  if (n && send.sourceType !== 'preview') {
    yield* recordMessageEventOps({
      companyId,
      profileId: send.profileId,
      metric: MESSAGE_METRICS.sms.failed,
      sendId,
      at: now,
      properties: {
        $message: send.sourceId,
        $source_type: send.sourceType,
        channel: 'sms',
        status,
        ...(errorCode ? { error_code: errorCode } : {}),
      },
    })
  }
  return { status: 204 }
}
