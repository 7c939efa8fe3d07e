// Expired hub sessions and sign-in codes are of no use to anyone: the worker's periodic prune
// removes them so the tables hold only live rows (sign-ins are counted from their events).
import { db } from '@/lib/db/client'

export async function pruneHubLogins(now = new Date()): Promise<number> {
  const [sessions, codes] = await Promise.all([
    db.hubSession.deleteMany({ where: { expiresAt: { lt: now } } }),
    db.hubLoginCode.deleteMany({ where: { expiresAt: { lt: now } } }),
  ])
  return sessions.count + codes.count
}
