// One conversation with its messages (the newest 50, or 50 before a message id for older ones,
// or every message after one: the poll's cursor), scoped to the company.
import { read, select, selectFirst } from '@/lib/db/ops'
import { kysely } from '@/lib/db/kysely'
import { toDate } from '@/lib/db/dialect'
import { notFound } from '@/lib/errors/app-error'
import { displayName } from './list-conversations'
import { syncDeliveryStatus } from './sync-delivery-status'
import { attachmentViews, type AttachmentView } from './attachments-read'

export const THREAD_PAGE = 50

export interface ThreadMessage {
  id: number
  direction: string
  kind: string
  body: string
  media: AttachmentView[]
  authorUserId: number | null
  deliveryStatus: string | null
  deliveryReason: string | null
  createdAt: string
}

type MessageRow = {
  id: number
  direction: string
  kind: string
  body: string
  media: string | null
  authorUserId: number | null
  deliveryStatus: string | null
  deliveryReason: string | null
  createdAt: unknown
}

export const threadMessage = (r: MessageRow): ThreadMessage => ({
  id: r.id,
  direction: r.direction,
  kind: r.kind,
  body: r.body,
  media: attachmentViews(r.id, r.media),
  authorUserId: r.authorUserId,
  deliveryStatus: r.deliveryStatus,
  deliveryReason: r.deliveryReason,
  createdAt: toDate(r.createdAt)!.toISOString(),
})

const MESSAGE_COLUMNS = [
  'id',
  'direction',
  'kind',
  'body',
  'media',
  'authorUserId',
  'deliveryStatus',
  'deliveryReason',
  'createdAt',
] as const

/** Messages of a conversation after a message id (oldest first), or the newest page (before: older ones). */
export async function threadMessages(
  companyId: number,
  conversationId: number,
  opts: { after?: number; before?: number } = {},
): Promise<ThreadMessage[]> {
  let q = kysely()
    .selectFrom('ConversationMessage')
    .select([...MESSAGE_COLUMNS])
    .where('companyId', '=', companyId)
    .where('conversationId', '=', conversationId)
  if (opts.after !== undefined) {
    const rows = await read(select(q.where('id', '>', opts.after).orderBy('id', 'asc').limit(500)))
    return rows.map(threadMessage)
  }
  if (opts.before !== undefined) q = q.where('id', '<', opts.before)
  const rows = await read(select(q.orderBy('id', 'desc').limit(THREAD_PAGE)))
  return rows.reverse().map(threadMessage)
}

export async function getConversation(companyId: number, conversationId: number) {
  const row = await read(
    selectFirst(
      kysely()
        .selectFrom('Conversation as c')
        .innerJoin('Profile as p', (j) => j.onRef('p.id', '=', 'c.profileId').on('p.companyId', '=', companyId))
        .select([
          'c.id',
          'c.channel',
          'c.status',
          'c.snoozedUntil',
          'c.assigneeUserId',
          'c.unreadCount',
          'c.lastMessageAt',
          'c.tags',
          'c.version',
          'p.id as profileId',
          'p.firstName',
          'p.lastName',
          'p.email',
          'p.phoneNumber',
        ])
        .where('c.companyId', '=', companyId)
        .where('c.id', '=', conversationId),
    ),
  )
  if (!row) throw notFound('This conversation does not exist.')
  return {
    id: row.id,
    channel: row.channel,
    status: row.status,
    snoozedUntil: toDate(row.snoozedUntil)?.toISOString() ?? null,
    assigneeUserId: row.assigneeUserId,
    unreadCount: row.unreadCount,
    lastMessageAt: toDate(row.lastMessageAt)!.toISOString(),
    tags: JSON.parse(row.tags) as string[],
    version: row.version,
    profile: { id: row.profileId, name: displayName(row), email: row.email, phoneNumber: row.phoneNumber },
  }
}

export async function getThread(companyId: number, conversationId: number, before?: number) {
  await syncDeliveryStatus(companyId, conversationId)
  const conversation = await getConversation(companyId, conversationId)
  const messages = await threadMessages(companyId, conversationId, before === undefined ? {} : { before })
  return { conversation, messages, hasOlder: messages.length === THREAD_PAGE }
}
