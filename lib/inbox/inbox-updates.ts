// What the inbox screen polls every few seconds. The ETag sums up the company's inbox: the
// latest change time, and the count and version total of the conversations changed in the ten
// seconds before it (each change adds one to its row's version and moves updatedAt forward, so
// any change moves one of the three), plus the open conversation's last message id. Unchanged →
// 304 without a body. Changed → the open conversation's messages after the client's cursor
// (oldest first: ids of one conversation follow commit order, conversation-ops.ts) and the
// recent replies' delivery statuses; the client merges messages by id and reloads its list.
import { createHash } from 'node:crypto'
import { sql } from 'kysely'
import { z } from 'zod'
import { read, select, selectFirst } from '@/lib/db/ops'
import { kysely } from '@/lib/db/kysely'
import { toDate } from '@/lib/db/dialect'
import { getConversation, threadMessages, type ThreadMessage } from './get-thread'
import { syncDeliveryStatus } from './sync-delivery-status'
import { wakeSnoozed } from './wake-snoozed'

const WINDOW_MS = 10_000

export const inboxUpdatesQuery = z.object({
  conversation: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  after: z.coerce.number().int().min(0).max(2_147_483_647).optional(),
})
export type InboxUpdatesQuery = z.infer<typeof inboxUpdatesQuery>

export async function inboxEtag(companyId: number, conversationId?: number): Promise<string> {
  const db = kysely()
  const latest = await read(
    selectFirst(
      db
        .selectFrom('Conversation')
        .select((eb) => eb.fn.max('updatedAt').as('at'))
        .where('companyId', '=', companyId),
    ),
  )
  const at = toDate(latest?.at)
  let recent = { n: 0, v: 0 }
  if (at) {
    const row = await read(
      selectFirst(
        db
          .selectFrom('Conversation')
          .select([sql<number>`count(*)`.as('n'), sql<number>`coalesce(sum("version"), 0)`.as('v')])
          .where('companyId', '=', companyId)
          .where('updatedAt', '>=', new Date(at.getTime() - WINDOW_MS)),
      ),
    )
    recent = { n: Number(row?.n ?? 0), v: Number(row?.v ?? 0) }
  }
  let lastMessage = 0
  if (conversationId) {
    const m = await read(
      selectFirst(
        db
          .selectFrom('ConversationMessage')
          .select((eb) => eb.fn.max('id').as('id'))
          .where('companyId', '=', companyId)
          .where('conversationId', '=', conversationId),
      ),
    )
    lastMessage = Number(m?.id ?? 0)
  }
  const key = `${companyId}:${at?.getTime() ?? 0}:${recent.n}:${recent.v}:${conversationId ?? 0}:${lastMessage}`
  return `W/"${createHash('sha1').update(key).digest('base64url').slice(0, 20)}"`
}

export interface InboxUpdates {
  /** The time of this answer. */
  at: string
  conversation: Awaited<ReturnType<typeof getConversation>> | null
  messages: ThreadMessage[]
  /** The last message id seen: the next poll's `after`. */
  cursor: number
  /** The open conversation's recent replies' delivery statuses (they change after the message was shown). */
  deliveries: Array<{ id: number; deliveryStatus: string | null; deliveryReason: string | null }>
}

export async function inboxUpdates(companyId: number, q: InboxUpdatesQuery, now = new Date()): Promise<InboxUpdates> {
  const conversation = q.conversation ? await getConversation(companyId, q.conversation) : null
  const messages = q.conversation ? await threadMessages(companyId, q.conversation, { after: q.after ?? 0 }) : []
  const deliveries = q.conversation
    ? await read(
        select(
          kysely()
            .selectFrom('ConversationMessage')
            .select(['id', 'deliveryStatus', 'deliveryReason'])
            .where('companyId', '=', companyId)
            .where('conversationId', '=', q.conversation)
            .where('direction', '=', 'out')
            .where('deliveryStatus', 'is not', null)
            .orderBy('id', 'desc')
            .limit(50),
        ),
      )
    : []
  return {
    at: now.toISOString(),
    conversation,
    messages,
    cursor: messages.length ? messages[messages.length - 1]!.id : (q.after ?? 0),
    deliveries,
  }
}

/** Housekeeping the poll does before it compares: due snoozes open, the open thread's reply statuses follow their Sends. */
export async function refreshInbox(companyId: number, conversationId?: number, now = new Date()): Promise<void> {
  await wakeSnoozed(companyId, now)
  if (conversationId) await syncDeliveryStatus(companyId, conversationId, now)
}
