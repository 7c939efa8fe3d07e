// A reply into a conversation: an agent's (kind message) or an automation's (kind automatic).
// It goes out through the send pipeline as a transactional message, so consent for marketing,
// smart sending, caps and quiet hours do not hold it back, while hard bounces and complaints
// still do (lib/messaging/policy.ts). Where the law forbids any message (a profile that texted
// STOP: carriers and the TCPA allow nothing after the opt-out confirmation) it is refused here,
// and the refusal is stored in the thread with its reason instead of a Send.
// Exactly once: the message row is unique per (conversation, client request id) and its Send
// (source inbox:<message id>) is written in the same transaction, so a retried request finds
// the row and sends nothing.
import { sql } from 'kysely'
import { exec, inWriteTx, select, selectFirst, type Ops } from '@/lib/db/ops'
import { kysely } from '@/lib/db/kysely'
import { notFound } from '@/lib/errors/app-error'
import { wakeWorkers } from '@/lib/jobs/queue'
import { createSendsOps, DELIVER_JOB, prepareSendQueue } from '@/lib/messaging/create-sends'
import type { Channel, MessageContent } from '@/lib/messaging/types'
import { lockConversationByIdOps } from './conversation-ops'
import { replyAddress } from './reply-address'
import { previewOf, type MessageKind } from './types'

export interface ReplyInput {
  companyId: number
  conversationId: number
  text: string
  clientRequestId: string
  authorUserId: number | null
  kind: Extract<MessageKind, 'message' | 'automatic'>
  now?: Date
}

export interface ReplyResult {
  messageId: number
  deliveryStatus: string
  deliveryReason: string | null
  /** false when the request id was seen before: nothing was sent again. */
  created: boolean
}

/** Email carries the hub's chats too: the shopper reads the answer in their mailbox and replies there. */
const SEND_CHANNEL: Record<string, Channel> = { sms: 'sms', whatsapp: 'whatsapp', email: 'email', chat: 'email' }
const CONSENT_CHANNEL: Partial<Record<Channel, string>> = { sms: 'sms_marketing', whatsapp: 'whatsapp' }

function* refusalOps(companyId: number, profileId: string, channel: Channel): Ops<string | null> {
  const db = kysely()
  const p = yield* selectFirst(
    db
      .selectFrom('Profile')
      .select(['email', 'phoneNumber'])
      .where('companyId', '=', companyId)
      .where('id', '=', profileId),
  )
  if (!p) return 'profile_deleted'
  if (channel === 'email' && !p.email) return 'no_email'
  if ((channel === 'sms' || channel === 'whatsapp') && !p.phoneNumber) return 'no_phone'
  const consentChannel = CONSENT_CHANNEL[channel]
  if (!consentChannel) return null
  const [c] = yield* select(
    db
      .selectFrom('ProfileConsent')
      .select('status')
      .where('companyId', '=', companyId)
      .where('profileId', '=', profileId)
      .where('channel', '=', consentChannel),
  )
  return c?.status === 'unsubscribed' ? 'opted_out' : null
}

function contentFor(channel: Channel, conversationId: number, text: string, subject: string | null): MessageContent {
  if (channel !== 'email') return { text }
  return { subject: subject ?? 'Re: your message', text, replyTo: replyAddress(conversationId) }
}

function* lastSubjectOps(companyId: number, conversationId: number): Ops<string | null> {
  // Email replies keep the thread's subject line, kept as the inbound mail's first media entry.
  const row = yield* selectFirst(
    kysely()
      .selectFrom('ConversationMessage')
      .select('media')
      .where('companyId', '=', companyId)
      .where('conversationId', '=', conversationId)
      .where('direction', '=', 'in')
      .where('media', 'is not', null)
      .orderBy('id', 'desc'),
  )
  const first = row?.media ? (JSON.parse(row.media) as Array<{ contentType: string; caption?: string }>)[0] : undefined
  const subject = first?.contentType === 'message/subject' ? first.caption : undefined
  return subject ? (/^re:/i.test(subject) ? subject : `Re: ${subject}`) : null
}

function* replyOps(i: ReplyInput, now: Date): Ops<ReplyResult & { queued: boolean }> {
  const db = kysely()
  const conv = yield* lockConversationByIdOps(i.companyId, i.conversationId)
  if (!conv) throw notFound('This conversation does not exist.')
  const existing = yield* selectFirst(
    db
      .selectFrom('ConversationMessage')
      .select(['id', 'deliveryStatus', 'deliveryReason'])
      .where('companyId', '=', i.companyId)
      .where('conversationId', '=', conv.id)
      .where('clientRequestId', '=', i.clientRequestId),
  )
  if (existing)
    return {
      messageId: existing.id,
      deliveryStatus: existing.deliveryStatus ?? 'queued',
      deliveryReason: existing.deliveryReason,
      created: false,
      queued: false,
    }
  const channel = SEND_CHANNEL[conv.channel] ?? 'email'
  const refused = yield* refusalOps(i.companyId, conv.profileId, channel)
  const row = yield* selectFirst(
    db
      .insertInto('ConversationMessage')
      .values({
        companyId: i.companyId,
        conversationId: conv.id,
        channel: conv.channel,
        direction: 'out',
        kind: i.kind,
        body: i.text,
        authorUserId: i.authorUserId,
        clientRequestId: i.clientRequestId,
        deliveryStatus: refused ? 'refused' : 'queued',
        deliveryReason: refused,
        createdAt: now,
      })
      .returning('id'),
  )
  const messageId = row!.id
  if (!refused) {
    const subject = channel === 'email' ? yield* lastSubjectOps(i.companyId, conv.id) : null
    const [send] = yield* createSendsOps(
      {
        companyId: i.companyId,
        channel,
        sourceType: 'transactional',
        sourceId: `inbox:${messageId}`,
        transactional: true,
        content: contentFor(channel, conv.id, i.text, subject),
        recipients: [{ profileId: conv.profileId }],
      },
      // The queue's clock, not the caller's: the delivery job must be due now.
    )
    yield* exec(
      db
        .updateTable('ConversationMessage')
        .where('companyId', '=', i.companyId)
        .where('id', '=', messageId)
        .set({ sendId: send?.id ?? null }),
    )
  }
  // An answer means the team has read the thread.
  yield* exec(
    db
      .updateTable('Conversation')
      .where('companyId', '=', i.companyId)
      .where('id', '=', conv.id)
      .set({
        unreadCount: 0,
        lastMessageAt: now,
        lastMessagePreview: previewOf(i.text),
        version: sql`"version" + 1`,
        updatedAt: now,
      }),
  )
  return {
    messageId,
    deliveryStatus: refused ? 'refused' : 'queued',
    deliveryReason: refused,
    created: true,
    queued: !refused,
  }
}

export async function sendReply(i: ReplyInput): Promise<ReplyResult> {
  const now = i.now ?? new Date()
  await prepareSendQueue()
  const { queued, ...out } = await inWriteTx(() => replyOps(i, now))
  if (queued) wakeWorkers(DELIVER_JOB)
  return out
}
