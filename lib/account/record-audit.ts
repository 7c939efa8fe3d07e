// One row of the account's audit trail (AuditEntry). Called inside the same transaction as the
// change it records when there is one, so a change is never left without its record.
import { db } from '@/lib/db/client'

type Tx = Pick<typeof db, 'auditEntry'>

export type AuditAction =
  | 'company.timezone_changed'
  | 'company.organization_updated'
  | 'user.invited'
  | 'user.invitation_resent'
  | 'user.invitation_revoked'
  | 'user.invitation_accepted'
  | 'user.role_changed'
  | 'user.removed'
  | 'company.mfa_requirement_changed'
  | 'company.logo_changed'
  | 'company.logo_removed'
  | 'user.mfa_enabled'
  | 'user.mfa_replaced'
  | 'user.mfa_disabled'

export async function recordAudit(
  tx: Tx,
  entry: { companyId: number; userId: number | null; action: AuditAction; details?: Record<string, unknown> },
): Promise<void> {
  await tx.auditEntry.create({
    data: {
      companyId: entry.companyId,
      userId: entry.userId,
      action: entry.action,
      details: JSON.stringify(entry.details ?? {}),
    },
  })
}
