// After an inbound message committed: ask the automations (lib/inbox/automations) what to do and
// do it. A reply goes out through the inbox's own reply path marked automatic, with the inbound
// message as its request id so a redelivery can never answer twice; a tag is added once; close
// closes; start_flow enters the profile into the flow (entry key inbox:<message id>, so once per
// message) and leaves a note in the thread saying whether the flow took the entry.
import { sql } from 'kysely'
import { exec, inWriteTx, selectFirst } from '@/lib/db/ops'
import { kysely } from '@/lib/db/kysely'
import { reportError } from '@/lib/errors/reporter'
import { enterFlow } from '@/lib/flows/engine/enter-flow'
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

/** The body of the automatic note a start_flow leaves: start_flow:<flow id>:started|not_started. */
export const FLOW_NOTE = 'start_flow:'

async function noteFlowRequest(
  m: InboundCustomerMessage,
  conversationId: number,
  flowId: string,
  messageId: number,
  now: Date,
) {
  const companyId = m.companyId
  // Not live, archived, or re-entry refused: the note says so, the team decides.
  const started = await enterFlow({
    companyId,
    flowId,
    profileId: m.profileId,
    entryKey: `inbox:${messageId}`,
    triggerKind: 'inbox_intent',
    now,
  })
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
          body: `${FLOW_NOTE}${flowId}:${started ? 'started' : 'not_started'}`,
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
