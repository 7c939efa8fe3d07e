// The WhatsApp Cloud API webhook (/webhooks/whatsapp).
// GET: the subscription check — hub.mode=subscribe with a verify token one of our companies
// holds → the hub.challenge echoed.
// POST: each change names the phone number id it is about, which names the company; the body
// must carry that company's X-Hub-Signature-256 (HMAC-SHA256 with its app secret), and changes
// of companies whose secret does not verify it are ignored (none verified → 403). Then:
// - statuses: delivered → the Send is 'delivered'; read → also a Read WhatsApp Message event;
//   failed → 'failed' with Meta's error and one Failed to Deliver WhatsApp Message event. The
//   Send is found by the send id we gave as biz_opaque_callback_data, within the company, and
//   must carry the message id (wamid) the status names.
// - messages: the sender's profile (found or created by number); STOP-words unsubscribe from
//   WhatsApp (consent change + Unsubscribed from WhatsApp), START-words resubscribe, anything
//   else is a Received WhatsApp Message (which also opens the 24-hour window for free text).
// - message_template_status_update: a template's review result (template-status-webhook.ts).
// Meta retries a webhook until it gets a 200: every event's unique id comes from the message
// or send, so a retry records nothing twice.
import { exec, inWriteTx, selectFirst, type Ops } from '@/lib/db/ops'
import { kysely } from '@/lib/db/kysely'
import { isUniqueViolation } from '@/lib/profiles/upsert-profile'
import { PHONE_E164 } from '@/lib/profiles/validate-profile'
import { reevaluateProfiles } from '@/lib/segments/reevaluate-profiles'
import { MESSAGE_METRICS, recordMessageEventOps } from '../message-events'
import type { WebhookAnswer } from '../sms/handle-sms-status'
import { keywordConsentOps, profileForPhoneOps } from '../sms/inbound-consent'
import { keywordOf, matchKeyword } from '../sms/keywords'
import { verifyTokenExists, whatsAppAccountForPhoneNumberId, type WhatsAppAccount } from './whatsapp-settings'
import { verifyHubSignature } from './whatsapp-signature'
import { applyTemplateStatusChanges } from './template-status-webhook'
import {
  acceptedMedia,
  afterInboundMessage,
  storeInboundMessageOps,
  type InboundCustomerMessage,
  type InboundMedia,
  type StoredInbound,
} from '../inbound-message-consumers'

export async function handleWhatsAppVerify(url: URL): Promise<WebhookAnswer> {
  const mode = url.searchParams.get('hub.mode')
  const token = url.searchParams.get('hub.verify_token') ?? ''
  const challenge = url.searchParams.get('hub.challenge') ?? ''
  if (mode !== 'subscribe' || !token || !(await verifyTokenExists(token)))
    return { status: 403, body: 'Verification failed.' }
  return { status: 200, body: challenge }
}

interface Status {
  id?: string
  status?: string
  recipient_id?: string
  biz_opaque_callback_data?: string
  errors?: Array<{ code?: number; title?: string; message?: string }>
}
interface InboundMessage {
  id?: string
  from?: string
  type?: string
  text?: { body?: string }
  button?: { text?: string }
  image?: CloudMedia
  video?: CloudMedia
  audio?: CloudMedia
  document?: CloudMedia
  sticker?: CloudMedia
}
interface CloudMedia {
  id?: string
  mime_type?: string
  caption?: string
}

/** The Cloud API's media object of a message, as the inbox keeps it (the file stays at Meta, by id). */
function cloudMedia(m: InboundMessage): InboundMedia[] {
  const all = [m.image, m.video, m.audio, m.document, m.sticker].filter((x): x is CloudMedia => !!x?.id)
  return acceptedMedia(
    all.map((x) => ({ mediaId: x.id!, contentType: x.mime_type ?? '', ...(x.caption ? { caption: x.caption } : {}) })),
  )
}
interface ChangeValue {
  metadata?: { phone_number_id?: string }
  statuses?: Status[]
  messages?: InboundMessage[]
}
interface Payload {
  entry?: Array<{ changes?: Array<{ field?: string; value?: ChangeValue }> }>
}

export async function handleWhatsAppWebhook(
  raw: string,
  signature: string | null,
  now = new Date(),
): Promise<WebhookAnswer> {
  let payload: Payload
  try {
    payload = JSON.parse(raw) as Payload
  } catch {
    return { status: 400, body: 'The body is not JSON.' }
  }
  const values = (payload.entry ?? []).flatMap((e) =>
    (e.changes ?? []).filter((c) => c.field === 'messages').map((c) => c.value ?? {}),
  )
  // template review results (message_template_status_update) are about an account, not a number
  const templates = await applyTemplateStatusChanges(payload, raw, signature)
  if (!values.length && templates.found && !templates.verified) return { status: 403, body: 'Invalid signature.' }
  const accounts = new Map<string, WhatsAppAccount | null>()
  for (const v of values) {
    const id = v.metadata?.phone_number_id
    if (id && !accounts.has(id)) accounts.set(id, await whatsAppAccountForPhoneNumberId(id))
  }
  const verified = new Set(
    [...accounts].filter(([, a]) => a?.appSecret && verifyHubSignature(a.appSecret, raw, signature)).map(([id]) => id),
  )
  if ([...accounts.values()].some(Boolean) && !verified.size) return { status: 403, body: 'Invalid signature.' }

  let retryLater = false
  const consentChanged: Array<[number, string]> = []
  for (const v of values) {
    const id = v.metadata?.phone_number_id
    const account = id && verified.has(id) ? accounts.get(id)! : null
    if (!account) continue
    for (const s of v.statuses ?? []) {
      if ((await inWriteTx(() => applyStatusOps(account.companyId, s, now))) === 'not_recorded_yet') retryLater = true
    }
    for (const m of v.messages ?? []) {
      const changed = await receive(account.companyId, m, now)
      if (changed) consentChanged.push([account.companyId, changed])
    }
  }
  for (const [companyId, profileId] of consentChanged)
    await reevaluateProfiles(companyId, [profileId], { profileChanged: true })
  // A status about a send whose own outcome is not committed yet: Meta retries the delivery.
  return retryLater ? { status: 503, body: 'Not recorded yet.' } : { status: 200, body: 'OK' }
}

function* applyStatusOps(companyId: number, s: Status, now: Date): Ops<'ok' | 'ignored' | 'not_recorded_yet'> {
  const db = kysely()
  const sendId = s.biz_opaque_callback_data
  if (!s.id || !sendId) return 'ignored'
  const send = yield* selectFirst(
    db
      .selectFrom('Send')
      .select(['id', 'status', 'profileId', 'sourceId', 'sourceType', 'providerMessageId'])
      .where('companyId', '=', companyId)
      .where('id', '=', sendId)
      .where('channel', '=', 'whatsapp'),
  )
  if (!send) return 'ignored'
  if (send.status === 'sending') return 'not_recorded_yet'
  if (send.providerMessageId !== s.id) return 'ignored'
  const row = () => db.updateTable('Send').where('companyId', '=', companyId).where('id', '=', sendId)
  const props = { $message: send.sourceId, $source_type: send.sourceType, channel: 'whatsapp' }
  const event = (metric: string, extra: Record<string, unknown> = {}) =>
    send.sourceType === 'preview'
      ? undefined
      : recordMessageEventOps({
          companyId,
          profileId: send.profileId,
          metric,
          sendId,
          at: now,
          properties: { ...props, ...extra },
        })
  if (s.status === 'delivered' || s.status === 'read') {
    yield* exec(row().where('status', 'in', ['sent', 'unknown']).set({ status: 'delivered', updatedAt: now }))
    if (s.status === 'read' && ['sent', 'unknown', 'delivered'].includes(send.status)) {
      const ops = event(MESSAGE_METRICS.whatsapp.read)
      if (ops) yield* ops
    }
    return 'ok'
  }
  if (s.status === 'failed') {
    const err = s.errors?.[0]
    const n = yield* exec(
      row()
        .where('status', 'in', ['sent', 'delivered', 'unknown'])
        .set({
          status: 'failed',
          reason: 'undelivered',
          error: err
            ? `WhatsApp error ${err.code ?? ''}: ${err.message ?? err.title ?? ''}`.trim()
            : 'WhatsApp: failed',
          updatedAt: now,
          finishedAt: now,
        }),
    )
    if (n) {
      const ops = event(MESSAGE_METRICS.whatsapp.failed, err?.code ? { error_code: err.code } : {})
      if (ops) yield* ops
    }
  }
  return 'ok'
}

/** Records one inbound message; returns the profile id when its consent changed. */
async function receive(companyId: number, m: InboundMessage, now: Date): Promise<string | null> {
  const phone = '+' + (m.from ?? '').replace(/^\+/, '')
  if (!m.id || !PHONE_E164.test(phone)) return null
  const media = cloudMedia(m)
  const body = m.text?.body ?? m.button?.text ?? media.find((x) => x.caption)?.caption ?? ''
  const action = matchKeyword(body)
  let inbound: { message: InboundCustomerMessage; stored: StoredInbound } | null = null
  const run = () =>
    inWriteTx(function* () {
      const profile = yield* profileForPhoneOps(companyId, phone, 'whatsapp', now)
      const properties = { From: phone, MessageId: m.id, Type: m.type ?? 'text', Body: body }
      if (action === 'stop' || action === 'start') {
        yield* keywordConsentOps(companyId, profile.id, 'whatsapp', action, `whatsapp_keyword:${keywordOf(body)}`, now)
        if (action === 'stop') {
          yield* recordMessageEventOps({
            companyId,
            profileId: profile.id,
            metric: MESSAGE_METRICS.whatsapp.unsubscribed,
            sendId: null,
            at: now,
            occurrence: `wa:${m.id}`,
            properties: { ...properties, method: 'KEYWORD' },
          })
        }
        return profile.id
      }
      yield* recordMessageEventOps({
        companyId,
        profileId: profile.id,
        metric: MESSAGE_METRICS.whatsapp.received,
        sendId: null,
        at: now,
        occurrence: `wa:${m.id}`,
        properties,
      })
      // Not a keyword: a message for the conversations inbox (a redelivery stores nothing).
      const message: InboundCustomerMessage = {
        companyId,
        profileId: profile.id,
        channel: 'whatsapp',
        providerMessageId: m.id!,
        text: body,
        media,
        receivedAt: now,
        newProfile: profile.created,
      }
      inbound = { message, stored: yield* storeInboundMessageOps(message) }
      return null
    })
  let changed: string | null
  try {
    changed = await run()
  } catch (e) {
    if (!isUniqueViolation(e)) throw e
    changed = await run()
  }
  const stored = inbound as { message: InboundCustomerMessage; stored: StoredInbound } | null
  if (stored) await afterInboundMessage(stored.message, stored.stored)
  return changed
}
