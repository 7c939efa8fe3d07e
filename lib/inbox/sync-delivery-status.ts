// The thread's delivery status follows the reply's Send, which the worker and the providers'
// status callbacks (SMS, WhatsApp, email reports) move on. Rather than teach every one of those
// paths about the inbox, the inbox reads the pending replies' Sends of the thread being looked
// at (the thread, the updates poll while it is open) and copies what changed: one
// conversation's messages, found by index, however many replies the company has sent.
import { sql } from 'kysely'
import { exec, inWriteTx, read, select } from '@/lib/db/ops'
import { kysely } from '@/lib/db/kysely'
import { PENDING_DELIVERY } from './types'

interface Change {
  id: number
  status: string
  reason: string | null
}

export async function syncDeliveryStatus(companyId: number, conversationId: number, now = new Date()): Promise<number> {
  const db = kysely()
  const rows = await read(
    select(
      db
        .selectFrom('ConversationMessage as m')
        .innerJoin('Send as s', (j) => j.onRef('s.id', '=', 'm.sendId').on('s.companyId', '=', companyId))
        .select(['m.id', 'm.deliveryStatus', 's.status', 's.reason', 's.error'])
        .where('m.companyId', '=', companyId)
        .where('m.conversationId', '=', conversationId)
        .where('m.deliveryStatus', 'in', [...PENDING_DELIVERY]),
    ),
  )
  const changes: Change[] = rows
    .filter((r) => r.status !== r.deliveryStatus)
    .map((r) => ({
      id: r.id,
      status: r.status,
      reason: r.status === 'skipped' || r.status === 'failed' || r.status === 'bounced' ? (r.reason ?? r.error) : null,
    }))
  if (!changes.length) return 0
  await inWriteTx(function* () {
    for (const c of changes) {
      yield* exec(
        db
          .updateTable('ConversationMessage')
          .where('companyId', '=', companyId)
          .where('id', '=', c.id)
          .set({ deliveryStatus: c.status, deliveryReason: c.reason }),
      )
    }
    yield* exec(
      db
        .updateTable('Conversation')
        .where('companyId', '=', companyId)
        .where('id', '=', conversationId)
        .set({ version: sql`"version" + 1`, updatedAt: now }),
    )
  })
  return changes.length
}
