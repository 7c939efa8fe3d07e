// The second factor passed: the half-authenticated session ends and a full one starts with a
// new id (the id that existed before the second factor never becomes a full session).
import { db } from '@/lib/db/client'
import { startSession } from '@/lib/auth/start-session'
import type { PendingMfaSession } from '@/lib/auth/principal'

export async function completeMfaSignIn(pending: PendingMfaSession) {
  const row = await db.session.findUniqueOrThrow({
    where: { id: pending.sessionId },
    select: { ip: true, userAgent: true },
  })
  const { session } = await startSession({
    userId: pending.userId,
    companyId: pending.companyId,
    ip: row.ip,
    userAgent: row.userAgent,
    secondFactorPassed: true,
    replaces: pending.sessionId,
  })
  return session
}
