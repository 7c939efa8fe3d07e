// The signed-in user's active sessions (every account they belong to): device, address, last
// use. Half-authenticated, revoked and expired sessions are not listed.
import { db } from '@/lib/db/client'
import { sessionConfig } from '@/lib/auth/config'
import { describeDevice } from './sessions-device'

export async function listUserSessions(userId: number, currentSessionId: string, now = Date.now()) {
  const rows = await db.session.findMany({
    where: {
      userId,
      revokedAt: null,
      mfaPending: null,
      expiresAt: { gt: new Date(now) },
      lastSeenAt: { gt: new Date(now - sessionConfig.idleSeconds * 1000) },
    },
    orderBy: { lastSeenAt: 'desc' },
    select: { id: true, ip: true, userAgent: true, createdAt: true, lastSeenAt: true },
  })
  return {
    sessions: rows.map((s) => ({
      id: s.id,
      current: s.id === currentSessionId,
      ip: s.ip,
      ...describeDevice(s.userAgent),
      createdAt: s.createdAt.toISOString(),
      lastSeenAt: s.lastSeenAt.toISOString(),
    })),
  }
}
