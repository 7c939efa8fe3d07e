// An inbound customer message into its conversation, in the caller's transaction: the message
// (nothing when its provider id was stored before: a redelivered webhook), and on the
// conversation the unread count, the last message and a reopening when it was closed or snoozed.
// The inbox settings (/inbox/settings/inbound-messages) say which channels, and which of the
// company's SMS numbers, feed the inbox: a message from elsewhere is not kept here.
import { exec, selectFirst, type Ops } from '@/lib/db/ops'
import { kysely } from '@/lib/db/kysely'
import { sql } from 'kysely'
import type { InboundCustomerMessage } from '@/lib/messaging/inbound-message-consumers'
import { peekRules } from './automations/load-rules'
import { lockConversationOps } from './conversation-ops'
import { previewOf } from './types'

export interface StoredInboundMessage {
  conversationId: number
  messageId: number
}

/** A stored JSON list, or the fallback when it is not one: a bad setting must not make a webhook fail. */
function jsonList(raw: string, fallback: string[]): string[] {
  try {
    const v: unknown = JSON.parse(raw)
    return Array.isArray(v) ? v.map(String) : fallback
  } catch {
    return fallback
  }
}

// The same rule as lib/inbox/automations/inbox-accepts.ts, inside the webhook's transaction. The
// settings come from this process's copy of the company's rules when it has a fresh one (loaded
// by the automations after the previous message; see load-rules.ts for how fresh), else from a
// read in the transaction.
function* feedsInboxOps(m: InboundCustomerMessage): Ops<boolean> {
  const cached = peekRules(m.companyId)
  const settings = cached
    ? (cached.value?.feeds ?? undefined)
    : yield* selectFirst(
        kysely()
          .selectFrom('InboxSettings')
          .select(['channels', 'inboundNumbers'])
          .where('companyId', '=', m.companyId),
      )
  if (!settings) return true
  const channels = jsonList(settings.channels, ['sms', 'whatsapp', 'email', 'chat'])
  const numbers = jsonList(settings.inboundNumbers, [])
  if (!channels.includes(m.channel)) return false
  return m.channel !== 'sms' || !numbers.length || !m.to || numbers.includes(m.to)
}

export function* storeInboundOps(m: InboundCustomerMessage): Ops<StoredInboundMessage | null> {
  const db = kysely()
  if (!(yield* feedsInboxOps(m))) return null
  const conv = yield* lockConversationOps(m.companyId, m.profileId, m.channel, m.receivedAt)
  // A redelivered webhook: its provider id is taken, nothing is inserted and nothing counted.
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
      .onConflict((oc) => oc.columns(['companyId', 'channel', 'providerMessageId']).doNothing())
      .returning('id'),
  )
  if (!row) return null
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
