// After an inbound message committed: ask the automations (lib/inbox/automations) what to do and
// do it. A reply goes out through the inbox's own reply path marked automatic, with the inbound
// message as its request id so a redelivery can never answer twice; a tag is added once; close
// closes. No API starts a flow for one profile yet, so start_flow is kept in the thread as a
// note the team can act on.
import { sql } from 'kysely'
import { exec, inWriteTx, selectFirst } from '@/lib/db/ops'
import { kysely } from '@/lib/db/kysely'
import { reportError } from '@/lib/errors/reporter'
import { answerInbound, type AutomationAction } from './automations/answer-inbound'
import type { InboundCustomerMessage } from '@/lib/messaging/inbound-message-consumers'
import type { StoredInboundMessage } from './store-inbound-ops'
import { sendReply } from './send-reply'

async function changeConversation(companyId: number, conversationId: number, action: AutomationAction, now: Date) {
  const db = kysely()
  await inWriteTx(function* () {
    const row = yield* selectFirst(
      db.selectFrom('Conversation').select('tags').where('companyId', '=', companyId).where('id', '=', conversationId),
    )
    if (!row) return
    const tags = JSON.parse(row.tags) as string[]
    const set =
      action.type === 'tag'
        ? tags.includes(action.tag)
          ? null
          : { tags: JSON.stringify([...tags, action.tag]) }
        : action.type === 'close'
          ? { status: 'closed', snoozedUntil: null }
          : null
    if (!set) return
    yield* exec(
      db
        .updateTable('Conversation')
        .where('companyId', '=', companyId)
        .where('id', '=', conversationId)
        .set({ ...set, version: sql`"version" + 1`, updatedAt: now }),
    )
  })
}

async function noteFlowRequest(
  m: InboundCustomerMessage,
  conversationId: number,
  flowId: number,
  messageId: number,
  now: Date,
) {
  const companyId = m.companyId
  const db = kysely()
  await inWriteTx(function* () {
    yield* exec(
      db
        .insertInto('ConversationMessage')
        .values({
          companyId,
          conversationId,
          channel: m.channel,
          direction: 'out',
          kind: 'note',
          body: `start_flow:${flowId}`,
          clientRequestId: `auto:${messageId}:flow:${flowId}`,
          createdAt: now,
        })
        .onConflict((oc) => oc.columns(['conversationId', 'clientRequestId']).doNothing()),
    )
    yield* exec(
      db
        .updateTable('Conversation')
        .where('companyId', '=', companyId)
        .where('id', '=', conversationId)
        .set({ version: sql`"version" + 1`, updatedAt: now }),
    )
  })
}

export async function applyAutomations(m: InboundCustomerMessage, stored: StoredInboundMessage): Promise<void> {
  try {
    const actions = await answerInbound({
      companyId: m.companyId,
      conversationId: stored.conversationId,
      messageId: stored.messageId,
      profileId: m.profileId,
      channel: m.channel,
      text: m.text,
      receivedAt: m.receivedAt,
    })
    let replies = 0
    for (const a of actions) {
      const now = new Date()
      if (a.type === 'reply')
        await sendReply({
          companyId: m.companyId,
          conversationId: stored.conversationId,
          text: a.text,
          clientRequestId: `auto:${stored.messageId}:${replies++}`,
          authorUserId: null,
          kind: 'automatic',
        })
      else if (a.type === 'start_flow') await noteFlowRequest(m, stored.conversationId, a.flowId, stored.messageId, now)
      else await changeConversation(m.companyId, stored.conversationId, a, now)
    }
  } catch (error) {
    // The customer's message is stored; a failing automation must not make the provider retry it.
    reportError({ error, route: 'inbox.automations', extra: { conversationId: stored.conversationId } })
  }
}
