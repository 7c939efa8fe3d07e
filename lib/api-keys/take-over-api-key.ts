// An owner makes a key theirs, so it keeps working when the person who made it leaves the
// account or loses the role that may hold keys (revoke-member-keys.ts).
import { db } from '@/lib/db/client'
import { notFound } from '@/lib/errors/app-error'

export async function takeOverApiKey(companyId: number, ownerId: number, id: number): Promise<void> {
  const { count } = await db.apiKey.updateMany({
    where: { id, companyId, revokedAt: null },
    data: { createdById: ownerId },
  })
  if (count === 0) throw notFound('API key not found.')
}
