// Soft delete (deletedAt): the group disappears everywhere, its rows stay for the history.
import { z } from 'zod'
import { db } from '@/lib/db/client'
import { notFound } from '@/lib/errors/app-error'
import { invalidateSegmentCache } from '@/lib/segments/active-segments'

export const bulkDeleteBody = z.object({ ids: z.array(z.string().min(1).max(64)).min(1).max(500) })

/** Deletes the company's groups among `ids`; none of them found → 404. Returns the deleted ids. */
export async function deleteGroups(companyId: number, ids: string[]): Promise<string[]> {
  const found = await db.group.findMany({
    where: { companyId, id: { in: ids }, deletedAt: null },
    select: { id: true },
  })
  if (!found.length) throw notFound('Group not found.')
  const foundIds = found.map((g) => g.id)
  await db.group.updateMany({
    where: { companyId, id: { in: foundIds } },
    data: { deletedAt: new Date(), isProcessing: false },
  })
  invalidateSegmentCache(companyId)
  return foundIds
}
