// Moves a session to another company where the user has a membership. The caller re-sets
// the cookies, so the state cookie names the new company (other tabs: authenticated-other).
import { db } from '@/lib/db/client'
import { notFound } from '@/lib/errors/app-error'
import { effectiveExpiry } from './session'

export async function switchCompany(sessionId: string, userId: number, companyId: number) {
  const membership = await db.membership.findUnique({ where: { userId_companyId: { userId, companyId } } })
  if (!membership) throw notFound('Account not found.')
  const s = await db.session.update({ where: { id: sessionId }, data: { companyId, staffAccess: false } })
  return { id: s.id, companyId: s.companyId, userId: s.userId, expiresAt: effectiveExpiry(s) }
}
