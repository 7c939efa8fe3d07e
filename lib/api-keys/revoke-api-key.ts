// Revokes a key of the company; a revoked key stops working at once in this process.
import { db } from '@/lib/db/client'
import { notFound } from '@/lib/errors/app-error'
import { forgetCachedKeys } from './authenticate-api-key'

export async function revokeApiKey(companyId: number, id: number): Promise<void> {
  const { count } = await db.apiKey.updateMany({
    where: { id, companyId, revokedAt: null },
    data: { revokedAt: new Date() },
  })
  if (count === 0) throw notFound('API key not found.')
  forgetCachedKeys()
}
