// Finds the user or pending invitation an email names inside one company: the target of the
// modify, delete and resend calls. Company-scoped: another account's users are "not found".
import { db } from '@/lib/db/client'
import { notFound } from '@/lib/errors/app-error'

export const normaliseEmail = (email: string) => email.trim().toLowerCase()

export type AccountUserTarget =
  | { kind: 'member'; membershipId: number; userId: number; email: string; role: string }
  | { kind: 'invitation'; invitationId: number; email: string; role: string }

export async function findAccountUserTarget(companyId: number, emailInput: string): Promise<AccountUserTarget | null> {
  const email = normaliseEmail(emailInput)
  const user = await db.user.findUnique({ where: { email }, select: { id: true, email: true } })
  if (user) {
    const m = await db.membership.findUnique({ where: { userId_companyId: { userId: user.id, companyId } } })
    if (m) return { kind: 'member', membershipId: m.id, userId: user.id, email: user.email, role: m.role }
  }
  const inv = await db.invitation.findFirst({
    where: { companyId, email, acceptedAt: null, revokedAt: null },
    orderBy: { id: 'desc' },
  })
  if (inv) return { kind: 'invitation', invitationId: inv.id, email: inv.email, role: inv.role }
  return null
}

export async function getAccountUserTarget(companyId: number, email: string): Promise<AccountUserTarget> {
  const t = await findAccountUserTarget(companyId, email)
  if (!t) throw notFound('There is no user or invitation with this email in this account.')
  return t
}

export const countOwners = (companyId: number) => db.membership.count({ where: { companyId, role: 'owner' } })
