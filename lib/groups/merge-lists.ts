// Merging a list into another: the source list's current members join the target list
// (set-based, one write transaction on either engine); the source list is left as it is.
import { z } from 'zod'
import { kysely } from '@/lib/db/kysely'
import { inWriteTx, select } from '@/lib/db/ops'
import { badRequest } from '@/lib/errors/app-error'
import { enterGroupOps } from '@/lib/segments/apply-membership'
import { reevaluateProfiles } from '@/lib/segments/reevaluate-profiles'
import { nowDate } from '@/lib/segments/clock'
import { getGroupRow } from './get-group'
import { LIST } from './group-view'

export const mergeListBody = z.object({ sourceListId: z.string().min(1).max(64) })

export interface MergeTask {
  id: string
  status: 'complete'
  targetListId: string
  sourceListId: string
  addedCount: number
  completedAt: string
}

export async function mergeLists(companyId: number, targetListId: string, sourceListId: string): Promise<MergeTask> {
  const target = await getGroupRow(companyId, targetListId, LIST)
  if (sourceListId === target.id)
    throw badRequest('Choose another list to merge.', { sourceListId: ['A list cannot be merged into itself.'] })
  const source = await getGroupRow(companyId, sourceListId, LIST).catch(() => {
    throw badRequest('List not found.', { sourceListId: ['List not found.'] })
  })
  const at = nowDate()
  const added = await inWriteTx(function* () {
    const k = kysely()
    const rows = yield* select(
      k
        .selectFrom('GroupMembership as s')
        .select('s.profileId')
        .where('s.groupId', '=', source.id)
        .where('s.leftAt', 'is', null)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('GroupMembership as t')
                .select('t.id')
                .where('t.groupId', '=', target.id)
                .whereRef('t.profileId', '=', 's.profileId')
                .where('t.leftAt', 'is', null),
            ),
          ),
        ),
    )
    const ids = rows.map((r) => r.profileId)
    yield* enterGroupOps(companyId, target.id, ids, at, `merge:${source.id}`)
    return ids
  })
  for (let i = 0; i < added.length; i += 5000)
    await reevaluateProfiles(companyId, added.slice(i, i + 5000), { listIds: [target.id] })
  return {
    id: `merge-${target.id}-${source.id}-${at.getTime()}`,
    status: 'complete',
    targetListId: target.id,
    sourceListId: source.id,
    addedCount: added.length,
    completedAt: at.toISOString(),
  }
}
