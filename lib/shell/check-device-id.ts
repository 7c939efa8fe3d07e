// The device check of seed 000 §4: the first id posted for a session is kept; a different
// later id means the session cookie travelled to another device.
import { db } from '@/lib/db/client'

export async function checkDeviceId(sessionId: string, deviceId: string): Promise<boolean> {
  const claimed = await db.session.updateMany({ where: { id: sessionId, deviceId: null }, data: { deviceId } })
  if (claimed.count === 1) return true
  const row = await db.session.findUnique({ where: { id: sessionId }, select: { deviceId: true } })
  return row?.deviceId === deviceId
}
