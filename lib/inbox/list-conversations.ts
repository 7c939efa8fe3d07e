// The inbox list: a company's conversations, newest message first, 25 a page (keyset on
// lastMessageAt, id), filtered by status, assignee, unread, channel and a search over the
// profile's name, email and phone and the messages' text. The status and assignee filters read
// the (companyId, status | assigneeUserId, …, lastMessageAt) indexes in order.
import { sql, type ExpressionBuilder } from 'kysely'
import { z } from 'zod'
import { read, select } from '@/lib/db/ops'
import { kysely, type DB } from '@/lib/db/kysely'
import { containsInsensitive, toDate } from '@/lib/db/dialect'
import { searchConversationIds } from './search-conversations'
import { wakeSnoozed } from './wake-snoozed'
import { CONVERSATION_STATUSES, INBOX_CHANNELS } from './types'

export const PAGE_SIZE = 25

export const listConversationsQuery = z.object({
  status: z.enum(CONVERSATION_STATUSES).optional(),
  assigned: z.enum(['me', 'unassigned']).optional(),
  unread: z.enum(['1', 'true']).optional(),
  channel: z.enum(INBOX_CHANNELS).optional(),
  q: z.string().trim().max(200).optional(),
  // The last row of the previous page: "<epoch ms>_<id>"
  after: z
    .string()
    .regex(/^\d{1,15}_\d{1,12}$/)
    .optional(),
})
export type ListConversationsQuery = z.infer<typeof listConversationsQuery>

export interface ConversationSummary {
  id: number
  channel: string
  status: string
  snoozedUntil: string | null
  assigneeUserId: number | null
  unreadCount: number
  lastMessageAt: string
  preview: string
  tags: string[]
  profile: { id: string; name: string; email: string | null; phoneNumber: string | null }
}

type ListBuilder = ExpressionBuilder<DB & { c: DB['Conversation']; p: DB['Profile'] }, 'c' | 'p'>

/** A search that matches many rows: checked row by row while the list is walked in order (it stops at a page). */
const broadSearch = (eb: ListBuilder, companyId: number, text: string) =>
  eb.or([
    containsInsensitive(sql.ref('p.email'), text),
    containsInsensitive(sql.ref('p.phoneNumber'), text),
    containsInsensitive(
      sql`coalesce(${sql.ref('p.firstName')}, '') || ' ' || coalesce(${sql.ref('p.lastName')}, '')`,
      text,
    ),
    eb.exists(
      eb
        .selectFrom('ConversationMessage as m')
        .select(sql`1`.as('one'))
        .where('m.companyId', '=', companyId)
        .whereRef('m.conversationId', '=', 'c.id')
        .where('m.kind', '!=', 'note')
        .where(containsInsensitive(sql.ref('m.body'), text)),
    ),
  ])

export const displayName = (p: {
  firstName: string | null
  lastName: string | null
  email: string | null
  phoneNumber: string | null
}) => [p.firstName, p.lastName].filter(Boolean).join(' ') || p.email || p.phoneNumber || ''

export async function listConversations(
  companyId: number,
  userId: number,
  q: ListConversationsQuery,
  now = new Date(),
): Promise<{ conversations: ConversationSummary[]; next: string | null }> {
  await wakeSnoozed(companyId, now)
  let query = kysely()
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
      'c.lastMessagePreview',
      'c.tags',
      'p.id as profileId',
      'p.firstName',
      'p.lastName',
      'p.email',
      'p.phoneNumber',
    ])
    .where('c.companyId', '=', companyId)
  if (q.status) query = query.where('c.status', '=', q.status)
  if (q.assigned === 'me') query = query.where('c.assigneeUserId', '=', userId)
  if (q.assigned === 'unassigned') query = query.where('c.assigneeUserId', 'is', null)
  if (q.unread) query = query.where('c.unreadCount', '>', 0)
  if (q.channel) query = query.where('c.channel', '=', q.channel)
  if (q.q) {
    const ids = await searchConversationIds(companyId, q.q)
    if (ids && !ids.length) return { conversations: [], next: null }
    query = ids ? query.where('c.id', 'in', ids) : query.where((eb) => broadSearch(eb, companyId, q.q!))
  }
  if (q.after) {
    const [ms, id] = q.after.split('_').map(Number) as [number, number]
    const at = new Date(ms)
    query = query.where((eb) =>
      eb.or([eb('c.lastMessageAt', '<', at), eb.and([eb('c.lastMessageAt', '=', at), eb('c.id', '<', id)])]),
    )
  }
  const rows = await read(
    select(
      query
        .orderBy('c.lastMessageAt', 'desc')
        .orderBy('c.id', 'desc')
        .limit(PAGE_SIZE + 1),
    ),
  )
  const page = rows.slice(0, PAGE_SIZE)
  const last = page[page.length - 1]
  return {
    conversations: page.map((r) => ({
      id: r.id,
      channel: r.channel,
      status: r.status,
      snoozedUntil: toDate(r.snoozedUntil)?.toISOString() ?? null,
      assigneeUserId: r.assigneeUserId,
      unreadCount: r.unreadCount,
      lastMessageAt: toDate(r.lastMessageAt)!.toISOString(),
      preview: r.lastMessagePreview,
      tags: JSON.parse(r.tags) as string[],
      profile: { id: r.profileId, name: displayName(r), email: r.email, phoneNumber: r.phoneNumber },
    })),
    next: rows.length > PAGE_SIZE && last ? `${toDate(last.lastMessageAt)!.getTime()}_${last.id}` : null,
  }
}
