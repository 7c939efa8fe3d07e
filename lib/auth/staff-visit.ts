// Staff inside a customer account (a session with staffAccess, opened under consent): every
// request they make there is a row of the staff audit trail (/staff/audit), so the account can be
// told exactly what provider staff looked at. Written here, beside the consent check, because the
// one request wrapper (lib/http/ajax.ts) calls it and lib/staff builds on lib/auth, not the reverse.
import { db } from '@/lib/db/client'

export async function recordStaffVisit(input: {
  staffUserId: number
  companyId: number
  method: string
  path: string
  ip?: string | null
}): Promise<void> {
  await db.staffAuditEntry.create({
    data: {
      staffUserId: input.staffUserId,
      companyId: input.companyId,
      action: 'account.request',
      details: JSON.stringify({ method: input.method, path: input.path.slice(0, 500) }),
      ip: input.ip ?? null,
    },
  })
}
