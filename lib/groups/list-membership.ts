// Adding profiles to a list and removing them: one transaction on the raw connection, the
// change recorded with its time and source, memberCount kept current, and the segments that
// look at this list re-evaluated for those profiles.
import { prep, sqlDate, writeTx } from '@/lib/db/sqlite'
import { badRequest } from '@/lib/http/app-error'
import { activeAmong, enterGroup, leaveGroup } from '@/lib/segments/apply-membership'
import { reevaluateProfiles } from '@/lib/segments/reevaluate-profiles'
import { nowDate } from '@/lib/segments/clock'
import { getGroupRow } from './get-group'
import { LIST } from './group-view'

const MAX = 10_000

function unknownProfiles(companyId: number, ids: string[]): string[] {
  const found = new Set(prep(`SELECT id FROM Profile WHERE companyId = ? AND id IN (SELECT value FROM json_each(?))`)
    .pluck().all(companyId, JSON.stringify(ids)) as string[])
  return ids.filter((id) => !found.has(id))
}

async function checked(companyId: number, listId: string, profileIds: string[]) {
  const list = await getGroupRow(companyId, listId)
  if (list.type !== LIST) throw badRequest('Profiles can only be added to or removed from a list.', { listId: ['This is a segment; its members follow its definition.'] })
  const ids = [...new Set(profileIds)]
  if (ids.length > MAX) throw badRequest(`At most ${MAX} profiles at once.`, { profileIds: [`At most ${MAX} profiles at once.`] })
  const unknown = unknownProfiles(companyId, ids)
  if (unknown.length) throw badRequest('Some profiles were not found.', { profileIds: [`Profile not found: ${unknown.slice(0, 10).join(', ')}`] })
  return ids
}

/** Returns how many profiles became members (those already in the list are left as they are). */
export async function addProfilesToList(companyId: number, listId: string, profileIds: string[], source = 'api'): Promise<{ added: number }> {
  const ids = await checked(companyId, listId, profileIds)
  const at = sqlDate(nowDate())
  const added = await writeTx((c) => {
    const active = new Set(activeAmong(c, listId, ids))
    const fresh = ids.filter((id) => !active.has(id))
    enterGroup(c, companyId, listId, fresh, at, source)
    return fresh
  })
  if (added.length) await reevaluateProfiles(companyId, added, { listIds: [listId] })
  return { added: added.length }
}

export async function removeProfilesFromList(companyId: number, listId: string, profileIds: string[]): Promise<{ removed: number }> {
  const ids = await checked(companyId, listId, profileIds)
  const at = sqlDate(nowDate())
  const removed = await writeTx((c) => {
    const active = activeAmong(c, listId, ids)
    leaveGroup(c, companyId, listId, active, at)
    return active
  })
  if (removed.length) await reevaluateProfiles(companyId, removed, { listIds: [listId] })
  return { removed: removed.length }
}

/** The exact number of current members of a list or segment. */
export async function countMembers(companyId: number, groupId: string): Promise<number> {
  const g = await getGroupRow(companyId, groupId)
  return prep(`SELECT COUNT(*) FROM GroupMembership WHERE groupId = ? AND leftAt IS NULL`).pluck().get(g.id) as number
}
