// Merging a list into another: the source list's current members join the target list
// (set-based, one transaction); the source list is left as it is.
import { z } from 'zod'
import { prep, sqlDate, writeTx } from '@/lib/db/sqlite'
import { badRequest } from '@/lib/http/app-error'
import { enterGroup } from '@/lib/segments/apply-membership'
import { reevaluateProfiles } from '@/lib/segments/reevaluate-profiles'
import { nowDate } from '@/lib/segments/clock'
import { getGroupRow } from './get-group'
import { LIST } from './group-view'

export const mergeListBody = z.object({ sourceListId: z.string().min(1).max(64) })

export interface MergeTask { id: string; status: 'complete'; targetListId: string; sourceListId: string; addedCount: number; completedAt: string }

export async function mergeLists(companyId: number, targetListId: string, sourceListId: string): Promise<MergeTask> {
  const target = await getGroupRow(companyId, targetListId, LIST)
  if (sourceListId === target.id) throw badRequest('Choose another list to merge.', { sourceListId: ['A list cannot be merged into itself.'] })
  const source = await getGroupRow(companyId, sourceListId, LIST).catch(() => {
    throw badRequest('List not found.', { sourceListId: ['List not found.'] })
  })
  const at = nowDate()
  const added = await writeTx((c) => {
    const ids = prep(`SELECT s.profileId FROM GroupMembership s WHERE s.groupId = ? AND s.leftAt IS NULL
      AND NOT EXISTS (SELECT 1 FROM GroupMembership t WHERE t.groupId = ? AND t.profileId = s.profileId AND t.leftAt IS NULL)`, c)
      .pluck().all(source.id, target.id) as string[]
    enterGroup(c, companyId, target.id, ids, sqlDate(at), `merge:${source.id}`)
    return ids
  })
  for (let i = 0; i < added.length; i += 5000) await reevaluateProfiles(companyId, added.slice(i, i + 5000), { listIds: [target.id] })
  return {
    id: `merge-${target.id}-${source.id}-${at.getTime()}`, status: 'complete', targetListId: target.id, sourceListId: source.id,
    addedCount: added.length, completedAt: at.toISOString(),
  }
}
