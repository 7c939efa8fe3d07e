// An inbound customer message into its conversation, in the caller's transaction: the message
// (nothing when its provider id was stored before: a redelivered webhook), and on the
// conversation the unread count, the last message and a reopening when it was closed or snoozed.
import { exec, selectFirst, type Ops } from '@/lib/db/ops'
import { kysely } from '@/lib/db/kysely'
import { sql } from 'kysely'
import type { InboundCustomerMessage } from '@/lib/messaging/inbound-message-consumers'
import { lockConversationOps } from './conversation-ops'
import { previewOf } from './types'

export interface StoredInboundMessage {
  conversationId: number
  messageId: number
}

export function* storeInboundOps(m: InboundCustomerMessage): Ops<StoredInboundMessage | null> {
  const db = kysely()
  const conv = yield* lockConversationOps(m.companyId, m.profileId, m.channel, m.receivedAt)
  const seen = yield* selectFirst(
    db
      .selectFrom('ConversationMessage')
      .select('id')
      .where('companyId', '=', m.companyId)
      .where('channel', '=', m.channel)
      .where('providerMessageId', '=', m.providerMessageId),
  )
  if (seen) return null
  const row = yield* selectFirst(
    db
      .insertInto('ConversationMessage')
      .values({
        companyId: m.companyId,
        conversationId: conv.id,
        channel: m.channel,
        direction: 'in',
        kind: 'message',
        body: m.text,
        media: m.media.length ? JSON.stringify(m.media) : null,
        providerMessageId: m.providerMessageId,
        createdAt: m.receivedAt,
      })
      .returning('id'),
  )
  yield* exec(
    db
      .updateTable('Conversation')
      .where('companyId', '=', m.companyId)
      .where('id', '=', conv.id)
      .set({
        unreadCount: sql`"unreadCount" + 1`,
        lastMessageAt: m.receivedAt,
        lastMessagePreview: previewOf(m.text || m.media.map((x) => x.contentType).join(', ')),
        status: 'open',
        snoozedUntil: null,
        version: sql`"version" + 1`,
        updatedAt: m.receivedAt,
      }),
  )
  return { conversationId: conv.id, messageId: row!.id }
}
