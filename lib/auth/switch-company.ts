// Moves a session to another company where the user has a membership. The caller re-sets
// the cookies, so the state cookie names the new company (other tabs: authenticated-other).
// A company that requires two-factor sign-in, entered by a user without it, ends the session
// for a half-authenticated one that must set it up first (start-session.ts).
import { db } from '@/lib/db/client'
import { notFound } from '@/lib/errors/app-error'
import { startSession } from './start-session'

export async function switchCompany(sessionId: string, userId: number, companyId: number) {
  const membership = await db.membership.findUnique({ where: { userId_companyId: { userId, companyId } } })
  if (!membership) throw notFound('Account not found.')
  // A full session got past its second factor when it started.
  return startSession({ userId, companyId, moves: sessionId, secondFactorPassed: true })
}
