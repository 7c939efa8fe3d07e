// A snoozed conversation opens again when its time comes. The inbox looks when it is read (the
// list, the updates poll): the snoozed rows are few and found by the status index, and nobody
// can tell the difference from a timer until someone looks.
import { sql } from 'kysely'
import { exec, inWriteTx, read, select } from '@/lib/db/ops'
import { kysely } from '@/lib/db/kysely'

export async function wakeSnoozed(companyId: number, now: Date): Promise<number> {
  const db = kysely()
  const due = await read(
    select(
      db
        .selectFrom('Conversation')
        .select('id')
        .where('companyId', '=', companyId)
        .where('status', '=', 'snoozed')
        .where('snoozedUntil', '<=', now)
        .limit(500),
    ),
  )
  if (!due.length) return 0
  return inWriteTx(() =>
    exec(
      db
        .updateTable('Conversation')
        .where('companyId', '=', companyId)
        .where(
          'id',
          'in',
          due.map((d) => d.id),
        )
        .where('status', '=', 'snoozed')
        .set({ status: 'open', snoozedUntil: null, version: sql`"version" + 1`, updatedAt: now }),
    ),
  )
}
