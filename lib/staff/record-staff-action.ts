// The staff audit trail: every staff action and every look at an account is a row here, written
// before the answer goes out, so /staff/audit shows what staff saw and changed.
import { db } from '@/lib/db/client'

export interface StaffActionInput {
  staffUserId: number
  /** The account concerned, or null for a tool about no one account. */
  companyId?: number | null
  /** dotted verb, e.g. "account.view", "flags.update", "access.refused" */
  action: string
  details?: Record<string, unknown>
  ip?: string | null
}

/** Details are trimmed so a pasted CSV or a long query cannot bloat the trail. */
const MAX_DETAILS = 4000

export async function recordStaffAction(input: StaffActionInput): Promise<void> {
  let details = JSON.stringify(input.details ?? {})
  if (details.length > MAX_DETAILS) details = JSON.stringify({ truncated: details.slice(0, MAX_DETAILS) })
  await db.staffAuditEntry.create({
    data: {
      staffUserId: input.staffUserId,
      companyId: input.companyId ?? null,
      action: input.action,
      details,
      ip: input.ip ?? null,
    },
  })
}
