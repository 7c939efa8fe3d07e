// The inbox conversations of a profile merged away (merge-profiles.ts), in the merge's
// transaction. Without this they kept the deleted profile's id: gone from the inbox list (it
// joins Profile), and the kept profile's next message started a new thread beside them. A
// channel only the merged profile talked on moves whole to the kept profile; a channel both
// did becomes one thread: the messages (ids, and so their order, unchanged) and the automations'
// decisions join the kept conversation, which takes in the other's unread count, its last
// message when that is later, its tags, its assignee when it has none, and stays open when either
// was; the emptied conversation goes. The inbox's tables are written here directly, as the
// privacy erasure does, because lib/inbox depends on lib/profiles and not the other way round.
import { sql } from 'kysely'
import { dbEngine } from '@/lib/db/client'
import { kysely } from '@/lib/db/kysely'
import { exec, select, type Ops } from '@/lib/db/ops'
import { dbDate } from '@/lib/db/query-template'

/** As lib/inbox/update-conversation.ts allows. */
const MAX_TAGS = 20
const STATUS_RANK: Record<string, number> = { closed: 0, snoozed: 1, open: 2 }

interface Row {
  id: number
  channel: string
  status: string
  snoozedUntil: unknown
  assigneeUserId: number | null
  unreadCount: number
  lastMessageAt: unknown
  lastMessagePreview: string
  tags: string
}

const timeOf = (v: unknown): number =>
  v == null ? -Infinity : v instanceof Date ? v.getTime() : typeof v === 'number' ? v : Date.parse(String(v))

/** A time read back from either engine, in the form the engine writes. */
const asDb = (v: unknown): string | null => (v == null ? null : dbDate(new Date(timeOf(v))))

function tagList(raw: string): string[] {
  try {
    const v: unknown = JSON.parse(raw)
    return Array.isArray(v) ? v.map(String) : []
  } catch {
    return []
  }
}

function* conversationsOf(companyId: number, profileId: string): Ops<Row[]> {
  const q = kysely()
    .selectFrom('Conversation')
    .select([
      'id',
      'channel',
      'status',
      'snoozedUntil',
      'assigneeUserId',
      'unreadCount',
      'lastMessageAt',
      'lastMessagePreview',
      'tags',
    ])
    .where('companyId', '=', companyId)
    .where('profileId', '=', profileId)
    .orderBy('id')
  // PostgreSQL: taken as an inbound message takes its conversation (lib/inbox/conversation-ops),
  // so a message arriving meanwhile is either moved with the others or waits for the merge.
  return (yield* select(dbEngine() === 'postgresql' ? q.forUpdate() : q)) as Row[]
}

export function* mergeConversationsOps(companyId: number, fromId: string, intoId: string, now: Date): Ops<void> {
  const moving = yield* conversationsOf(companyId, fromId)
  if (!moving.length) return
  const kept = new Map((yield* conversationsOf(companyId, intoId)).map((r) => [r.channel, r]))
  const k = kysely()
  const at = dbDate(now)
  for (const from of moving) {
    const into = kept.get(from.channel)
    if (!into) {
      yield* exec(
        k
          .updateTable('Conversation')
          .set({ profileId: intoId, version: sql`"version" + 1`, updatedAt: at as never })
          .where('companyId', '=', companyId)
          .where('id', '=', from.id),
      )
      continue
    }
    yield* exec(
      k
        .updateTable('ConversationMessage')
        .set({ conversationId: into.id })
        .where('companyId', '=', companyId)
        .where('conversationId', '=', from.id),
    )
    yield* exec(
      k
        .updateTable('InboxAutomationDecision')
        .set({ conversationId: into.id })
        .where('companyId', '=', companyId)
        .where('conversationId', '=', from.id),
    )
    const laterFrom = timeOf(from.lastMessageAt) > timeOf(into.lastMessageAt)
    const fromStatus = (STATUS_RANK[from.status] ?? 0) > (STATUS_RANK[into.status] ?? 0)
    const bothSnoozed = from.status === 'snoozed' && into.status === 'snoozed'
    const snoozedUntil = fromStatus
      ? from.snoozedUntil
      : bothSnoozed && timeOf(from.snoozedUntil) < timeOf(into.snoozedUntil)
        ? from.snoozedUntil
        : into.snoozedUntil
    const tags = [...new Set([...tagList(into.tags), ...tagList(from.tags)])].slice(0, MAX_TAGS)
    yield* exec(
      k
        .updateTable('Conversation')
        .set({
          unreadCount: into.unreadCount + from.unreadCount,
          lastMessageAt: asDb(laterFrom ? from.lastMessageAt : into.lastMessageAt) as never,
          lastMessagePreview: laterFrom ? from.lastMessagePreview : into.lastMessagePreview,
          status: fromStatus ? from.status : into.status,
          snoozedUntil: asDb(snoozedUntil) as never,
          assigneeUserId: into.assigneeUserId ?? from.assigneeUserId,
          tags: JSON.stringify(tags),
          version: sql`"version" + 1`,
          updatedAt: at as never,
        })
        .where('companyId', '=', companyId)
        .where('id', '=', into.id),
    )
    yield* exec(k.deleteFrom('Conversation').where('companyId', '=', companyId).where('id', '=', from.id))
  }
}
