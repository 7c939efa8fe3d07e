// The conversation row of a (company, profile, channel), created on first use, and taken for
// the rest of the transaction: on PostgreSQL SELECT … FOR UPDATE, so two messages of one
// conversation are written one after the other and their ids follow commit order (the thread's
// cursor by message id never skips a message committed late); SQLite has one writer anyway.
import { dbEngine } from '@/lib/db/client'
import { exec, selectFirst, type Ops } from '@/lib/db/ops'
import { kysely } from '@/lib/db/kysely'
import { queryTemplate } from '@/lib/db/query-template'
import type { InboxChannelName } from './types'

export interface LockedConversation {
  id: number
  status: string
  unreadCount: number
}

// Compiled once (lib/db/query-template.ts): every inbound message runs it.
const FIND = queryTemplate(3, (companyId: number, profileId: string, channel: string) => {
  const q = kysely()
    .selectFrom('Conversation')
    .select(['id', 'status', 'unreadCount'])
    .where('companyId', '=', companyId)
    .where('profileId', '=', profileId)
    .where('channel', '=', channel)
  return dbEngine() === 'postgresql' ? q.forUpdate() : q
})

export function* lockConversationOps(
  companyId: number,
  profileId: string,
  channel: InboxChannelName,
  now: Date,
): Ops<LockedConversation> {
  const db = kysely()
  const find = () => selectFirst(FIND(companyId, profileId, channel))
  // Most messages join a conversation that exists: look first, insert only the first time.
  const found = yield* find()
  if (found) return found
  const insert = db
    .insertInto('Conversation')
    .values({ companyId, profileId, channel, lastMessageAt: now, createdAt: now, updatedAt: now })
    .onConflict((oc) => oc.columns(['companyId', 'profileId', 'channel']).doNothing())
  // PostgreSQL: the row this transaction inserted is its own until COMMIT, so RETURNING saves
  // the second look-up; none returned means another transaction made it, and find waits for it.
  if (dbEngine() === 'postgresql') {
    const made = yield* selectFirst(insert.returning(['id', 'status', 'unreadCount']))
    if (made) return made
  } else yield* exec(insert)
  return (yield* find())!
}

/** The same lock for a conversation known by id (replies, notes), or undefined when it is not the company's. */
export function* lockConversationByIdOps(
  companyId: number,
  conversationId: number,
): Ops<(LockedConversation & { profileId: string; channel: string }) | undefined> {
  let q = kysely()
    .selectFrom('Conversation')
    .select(['id', 'status', 'unreadCount', 'profileId', 'channel'])
    .where('companyId', '=', companyId)
    .where('id', '=', conversationId)
  if (dbEngine() === 'postgresql') q = q.forUpdate()
  return yield* selectFirst(q)
}
