// Keys belong to the account, but a key made by someone who leaves it (or whose new role may no
// longer hold keys) stops working with them, in the same write as the removal or the role
// change (issue 29, finding 8: a removed user's key kept writing). An owner who wants a key to
// outlive its maker takes it over first (take-over-api-key.ts). The caller clears this
// process's key cache after the write commits (forgetCachedKeys).
import type { db } from '@/lib/db/client'

type Tx = Pick<typeof db, 'apiKey'>

/** Revokes the account's active keys this user made; returns how many. */
export async function revokeKeysMadeBy(tx: Tx, companyId: number, userId: number, now = new Date()): Promise<number> {
  const { count } = await tx.apiKey.updateMany({
    where: { companyId, createdById: userId, revokedAt: null },
    data: { revokedAt: now },
  })
  return count
}
