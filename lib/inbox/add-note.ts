// A note in a thread: seen by the team only, never sent. A retried request (same client
// request id) adds nothing.
import { sql } from 'kysely'
import { exec, inWriteTx, selectFirst } from '@/lib/db/ops'
import { kysely } from '@/lib/db/kysely'
import { notFound } from '@/lib/errors/app-error'
import { lockConversationByIdOps } from './conversation-ops'

export async function addNote(input: {
  companyId: number
  conversationId: number
  authorUserId: number
  text: string
  clientRequestId: string
  now?: Date
}): Promise<{ messageId: number; created: boolean }> {
  const now = input.now ?? new Date()
  const db = kysely()
  return inWriteTx(function* () {
    const conv = yield* lockConversationByIdOps(input.companyId, input.conversationId)
    if (!conv) throw notFound('This conversation does not exist.')
    const existing = yield* selectFirst(
      db
        .selectFrom('ConversationMessage')
        .select('id')
        .where('companyId', '=', input.companyId)
        .where('conversationId', '=', conv.id)
        .where('clientRequestId', '=', input.clientRequestId),
    )
    if (existing) return { messageId: existing.id, created: false }
    const row = yield* selectFirst(
      db
        .insertInto('ConversationMessage')
        .values({
          companyId: input.companyId,
          conversationId: conv.id,
          channel: conv.channel,
          direction: 'out',
          kind: 'note',
          body: input.text,
          authorUserId: input.authorUserId,
          clientRequestId: input.clientRequestId,
          createdAt: now,
        })
        .returning('id'),
    )
    yield* exec(
      db
        .updateTable('Conversation')
        .where('companyId', '=', input.companyId)
        .where('id', '=', conv.id)
        .set({ version: sql`"version" + 1`, updatedAt: now }),
    )
    return { messageId: row!.id, created: true }
  })
}
