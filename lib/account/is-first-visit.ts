// Whether this session is the user's first time in the product: no earlier full session (a
// half-authenticated one, still waiting for the second factor, never showed them anything).
// The dashboard greets a newcomer with "Welcome" instead of "Welcome back".
import { db } from '@/lib/db/client'

export async function isFirstVisit(userId: number, sessionId: string): Promise<boolean> {
  const earlier = await db.session.count({
    where: { userId, id: { not: sessionId }, mfaPending: null, staffAccess: false },
  })
  return earlier === 0
}
