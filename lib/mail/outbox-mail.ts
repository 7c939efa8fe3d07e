// The local outbox as database work (lib/db/ops.ts): the send pipeline keeps a mail here,
// with its rendered HTML, text, headers and send id, when no SMTP server is configured. Such a
// row has status 'not_delivered': it never left this server (an in-app viewer shows it).
import type { Ops } from '@/lib/db/ops'
import { select } from '@/lib/db/ops'
import { kysely } from '@/lib/db/kysely'

export const OUTBOX_NOT_DELIVERED = 'not_delivered'

export interface OutboxMailRow {
  companyId: number
  sendId: string
  to: string
  from: string
  subject: string
  text: string
  html: string | null
  headers: Record<string, string>
}

export function* insertOutboxMailOps(m: OutboxMailRow, now: Date): Ops<number> {
  const rows = yield* select(
    kysely()
      .insertInto('OutboxMail')
      .values({
        to: m.to,
        subject: m.subject,
        text: m.text,
        html: m.html,
        status: OUTBOX_NOT_DELIVERED,
        createdAt: now,
        companyId: m.companyId,
        sendId: m.sendId,
        fromAddress: m.from,
        headers: JSON.stringify(m.headers),
      })
      .returning('id'),
  )
  return Number(rows[0]!.id)
}
