// Signing out one of my sessions, or all but this one. Only the user's own sessions: an id of
// someone else's session is answered as not found.
import { db } from '@/lib/db/client'
import { notFound, badRequest } from '@/lib/errors/app-error'

export async function revokeUserSession(userId: number, currentSessionId: string, sessionId: string): Promise<void> {
  if (sessionId === currentSessionId) throw badRequest('Use "Sign out" to end the session you are using.')
  const r = await db.session.updateMany({
    where: { id: sessionId, userId, revokedAt: null },
    data: { revokedAt: new Date() },
  })
  if (r.count !== 1) throw notFound('This session does not exist or has already ended.')
}

export async function revokeOtherSessions(userId: number, currentSessionId: string): Promise<number> {
  const r = await db.session.updateMany({
    where: { userId, id: { not: currentSessionId }, revokedAt: null },
    data: { revokedAt: new Date() },
  })
  return r.count
}
