// An inbound customer message into its conversation, in the caller's transaction: the message
// (nothing when its provider id was stored before: a redelivered webhook), and on the
// conversation the unread count, the last message and a reopening when it was closed or snoozed.
// The inbox settings (/inbox/settings/inbound-messages) say which channels, and which of the
// company's SMS numbers, feed the inbox: a message from elsewhere is not kept here.
import { exec, selectFirst, type Ops } from '@/lib/db/ops'
import { kysely } from '@/lib/db/kysely'
import { dbEngine } from '@/lib/db/client'
import { sql } from 'kysely'
import { dbDate, queryTemplate } from '@/lib/db/query-template'
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

// Compiled once (lib/db/query-template.ts): every inbound message runs them.
const INSERT_MESSAGE = queryTemplate(
  7,
  (
    companyId: number,
    conversationId: number,
    channel: string,
    body: string,
    media: string | null,
    providerMessageId: string,
    createdAt: string,
  ) =>
    kysely()
      .insertInto('ConversationMessage')
      .values({
        companyId,
        conversationId,
        channel,
        direction: 'in',
        kind: 'message',
        body,
        media,
        providerMessageId,
        createdAt: createdAt as never,
      })
      .onConflict((oc) => oc.columns(['companyId', 'channel', 'providerMessageId']).doNothing())
      .returning('id'),
)
const COUNT_UNREAD = queryTemplate(
  5,
  (lastMessageAt: string, lastMessagePreview: string, updatedAt: string, companyId: number, id: number) =>
    kysely()
      .updateTable('Conversation')
      .set({
        unreadCount: sql`"unreadCount" + 1`,
        lastMessageAt: lastMessageAt as never,
        lastMessagePreview,
        status: 'open',
        snoozedUntil: null,
        version: sql`"version" + 1`,
        updatedAt: updatedAt as never,
      })
      .where('companyId', '=', companyId)
      .where('id', '=', id),
)

// PostgreSQL: the message and the unread count in one statement (one round trip fewer for every
// message): the UPDATE runs only when the INSERT returned a row, i.e. not for a redelivery.
const INSERT_AND_COUNT_PG = queryTemplate(
  10,
  (
    companyId: number,
    conversationId: number,
    channel: string,
    body: string,
    media: string | null,
    providerMessageId: string,
    createdAt: string,
    preview: string,
    companyId2: number,
    conversationId2: number,
  ) =>
    kysely()
      .with('m', (db) =>
        db
          .insertInto('ConversationMessage')
          .values({
            companyId,
            conversationId,
            channel,
            direction: 'in',
            kind: 'message',
            body,
            media,
            providerMessageId,
            createdAt: createdAt as never,
          })
          .onConflict((oc) => oc.columns(['companyId', 'channel', 'providerMessageId']).doNothing())
          .returning('id'),
      )
      .with('u', (db) =>
        db
          .updateTable('Conversation')
          .set({
            unreadCount: sql`"unreadCount" + 1`,
            lastMessageAt: createdAt as never,
            lastMessagePreview: preview,
            status: 'open',
            snoozedUntil: null,
            version: sql`"version" + 1`,
            updatedAt: createdAt as never,
          })
          .where('companyId', '=', companyId2)
          .where('id', '=', conversationId2)
          .where(sql<boolean>`exists (select 1 from m)`)
          .returning('id'),
      )
      .selectFrom('m')
      .select('m.id'),
)

// PostgreSQL, a message joining a conversation that exists (most of them): the conversation's
// count and the message in one statement instead of a locking look-up and then the insert. The
// UPDATE takes the row before the message's id is drawn (the INSERT reads its row), so ids still
// follow commit order as lockConversationOps ensures. No row when the conversation is not made
// yet or the provider id is stored already (a late redelivery): the two-step path below then
// runs. Two deliveries of one id at once: the second waits on the row and its insert, with no
// ON CONFLICT here, is a unique violation, which the SMS and WhatsApp webhooks retry; the retry
// finds the message stored.
const JOIN_CONVERSATION_PG = queryTemplate(
  13,
  (
    lastMessageAt: string,
    preview: string,
    companyId: number,
    profileId: string,
    channel: string,
    companyId2: number,
    channel2: string,
    providerMessageId: string,
    companyId3: number,
    channel3: string,
    body: string,
    media: string | null,
    providerMessageId2: string,
  ) =>
    kysely()
      .with('c', (db) =>
        db
          .updateTable('Conversation')
          .set({
            unreadCount: sql`"unreadCount" + 1`,
            lastMessageAt: lastMessageAt as never,
            lastMessagePreview: preview,
            status: 'open',
            snoozedUntil: null,
            version: sql`"version" + 1`,
            updatedAt: lastMessageAt as never,
          })
          .where('companyId', '=', companyId)
          .where('profileId', '=', profileId)
          .where('channel', '=', channel)
          .where(({ not, exists, selectFrom }) =>
            not(
              exists(
                selectFrom('ConversationMessage')
                  .select(sql.lit(1).as('one'))
                  .where('companyId', '=', companyId2)
                  .where('channel', '=', channel2)
                  .where('providerMessageId', '=', providerMessageId),
              ),
            ),
          )
          .returning(['id', 'lastMessageAt']),
      )
      .with('m', (db) =>
        db
          .insertInto('ConversationMessage')
          .columns([
            'companyId',
            'conversationId',
            'channel',
            'direction',
            'kind',
            'body',
            'media',
            'providerMessageId',
            'createdAt',
          ])
          .expression(
            db
              .selectFrom('c')
              .select([
                sql<number>`cast(${companyId3} as integer)`.as('companyId'),
                'c.id',
                sql<string>`cast(${channel3} as text)`.as('channel'),
                sql<string>`'in'`.as('direction'),
                sql<string>`'message'`.as('kind'),
                sql<string>`cast(${body} as text)`.as('body'),
                sql<string | null>`cast(${media} as text)`.as('media'),
                sql<string>`cast(${providerMessageId2} as text)`.as('providerMessageId'),
                'c.lastMessageAt',
              ]),
          )
          .returning(['id', 'conversationId']),
      )
      .selectFrom('m')
      .select(['m.id', 'm.conversationId']),
)

// PostgreSQL, the first message of a sender whose profile this transaction made: no conversation
// of theirs can exist, so it is inserted with its first message in one statement (instead of a
// look-up, the insert and the message). A concurrent first message from the same number failed
// already on the profile's unique number, and the webhooks retry that.
const NEW_CONVERSATION_PG = queryTemplate(
  14,
  (
    companyId: number,
    profileId: string,
    channel: string,
    at: string,
    preview: string,
    companyId1: number,
    channel1: string,
    providerMessageId1: string,
    companyId2: number,
    channel2: string,
    body: string,
    media: string | null,
    providerMessageId: string,
    at2: string,
  ) =>
    kysely()
      .with('c', (db) =>
        db
          .insertInto('Conversation')
          .columns([
            'companyId',
            'profileId',
            'channel',
            'unreadCount',
            'lastMessageAt',
            'lastMessagePreview',
            'createdAt',
            'updatedAt',
          ])
          .expression(
            db
              .selectNoFrom([
                sql<number>`cast(${companyId} as integer)`.as('companyId'),
                sql<string>`cast(${profileId} as text)`.as('profileId'),
                sql<string>`cast(${channel} as text)`.as('channel'),
                sql<number>`1`.as('unreadCount'),
                sql<string>`cast(${at} as timestamp(3))`.as('lastMessageAt'),
                sql<string>`cast(${preview} as text)`.as('lastMessagePreview'),
                sql<string>`cast(${at} as timestamp(3))`.as('createdAt'),
                sql<string>`cast(${at} as timestamp(3))`.as('updatedAt'),
              ])
              // A provider id stored before (a message kept from a profile since gone): the
              // two-step path, which stores nothing.
              .where(({ not, exists, selectFrom }) =>
                not(
                  exists(
                    selectFrom('ConversationMessage')
                      .select(sql.lit(1).as('one'))
                      .where('companyId', '=', companyId1)
                      .where('channel', '=', channel1)
                      .where('providerMessageId', '=', providerMessageId1),
                  ),
                ),
              ),
          )
          .returning('id'),
      )
      .with('m', (db) =>
        db
          .insertInto('ConversationMessage')
          .columns([
            'companyId',
            'conversationId',
            'channel',
            'direction',
            'kind',
            'body',
            'media',
            'providerMessageId',
            'createdAt',
          ])
          .expression(
            db
              .selectFrom('c')
              .select([
                sql<number>`cast(${companyId2} as integer)`.as('companyId'),
                'c.id',
                sql<string>`cast(${channel2} as text)`.as('channel'),
                sql<string>`'in'`.as('direction'),
                sql<string>`'message'`.as('kind'),
                sql<string>`cast(${body} as text)`.as('body'),
                sql<string | null>`cast(${media} as text)`.as('media'),
                sql<string>`cast(${providerMessageId} as text)`.as('providerMessageId'),
                sql<string>`cast(${at2} as timestamp(3))`.as('createdAt'),
              ]),
          )
          .returning(['id', 'conversationId']),
      )
      .selectFrom('m')
      .select(['m.id', 'm.conversationId']),
)

/** Channels whose webhooks retry a unique violation (see JOIN_CONVERSATION_PG). */
const RETRIED = new Set(['sms', 'whatsapp'])

export function* storeInboundOps(m: InboundCustomerMessage): Ops<StoredInboundMessage | null> {
  if (!(yield* feedsInboxOps(m))) return null
  const at = dbDate(m.receivedAt)
  const media = m.media.length ? JSON.stringify(m.media) : null
  const preview = previewOf(m.text || m.media.map((x) => x.contentType).join(', '))
  const pg = dbEngine() === 'postgresql'
  if (pg && RETRIED.has(m.channel) && m.newProfile) {
    const c = m.companyId
    const made = yield* selectFirst(
      NEW_CONVERSATION_PG(
        ...([c, m.profileId, m.channel, at, preview, c, m.channel, m.providerMessageId] as const),
        ...([c, m.channel, m.text, media, m.providerMessageId, at] as const),
      ),
    )
    if (made) return { conversationId: made.conversationId, messageId: made.id }
  }
  if (pg && RETRIED.has(m.channel)) {
    const c = m.companyId
    const joined = yield* selectFirst(
      JOIN_CONVERSATION_PG(
        ...([at, preview, c, m.profileId, m.channel, c, m.channel, m.providerMessageId] as const),
        ...([c, m.channel, m.text, media, m.providerMessageId] as const),
      ),
    )
    if (joined) return { conversationId: joined.conversationId, messageId: joined.id }
  }
  const conv = yield* lockConversationOps(m.companyId, m.profileId, m.channel, m.receivedAt)
  // A redelivered webhook: its provider id is taken, nothing is inserted and nothing counted.
  if (pg) {
    const args = [m.companyId, conv.id, m.channel, m.text, media, m.providerMessageId, at, preview] as const
    const stored = yield* selectFirst(INSERT_AND_COUNT_PG(...args, m.companyId, conv.id))
    return stored ? { conversationId: conv.id, messageId: stored.id } : null
  }
  const row = yield* selectFirst(
    INSERT_MESSAGE(m.companyId, conv.id, m.channel, m.text, media, m.providerMessageId, at),
  )
  if (!row) return null
  yield* exec(COUNT_UNREAD(at, preview, at, m.companyId, conv.id))
  return { conversationId: conv.id, messageId: row!.id }
}
