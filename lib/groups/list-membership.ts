// Adding profiles to a list and removing them: one write transaction (lib/db/ops.ts, the same
// code on both engines), the change recorded with its time and source, memberCount kept
// current, and the segments that look at this list re-evaluated for those profiles.
import { kysely } from '@/lib/db/kysely'
import { inWriteTx, read, select, selectFirst } from '@/lib/db/ops'
import { badRequest } from '@/lib/errors/app-error'
import { activeAmongOps, enterGroupOps, leaveGroupOps } from '@/lib/segments/apply-membership'
import { reevaluateProfiles } from '@/lib/segments/reevaluate-profiles'
import { nowDate } from '@/lib/segments/clock'
import { getGroupRow } from './get-group'
import { LIST } from './group-view'

const MAX = 10_000
/** Ids per `IN (…)` list (SQLite binds at most 32,766 values per statement). */
const IN_CHUNK = 5000

async function unknownProfiles(companyId: number, ids: string[]): Promise<string[]> {
  const found = await read(
    (function* () {
      const found = new Set<string>()
      for (let i = 0; i < ids.length; i += IN_CHUNK) {
        const rows = yield* select(
          kysely()
            .selectFrom('Profile')
            .select('id')
            .where('companyId', '=', companyId)
            .where('id', 'in', ids.slice(i, i + IN_CHUNK)),
        )
        for (const r of rows) found.add(r.id)
      }
      return found
    })(),
  )
  return ids.filter((id) => !found.has(id))
}

async function checked(companyId: number, listId: string, profileIds: string[]) {
  const list = await getGroupRow(companyId, listId)
  if (list.type !== LIST)
    throw badRequest('Profiles can only be added to or removed from a list.', {
      listId: ['This is a segment; its members follow its definition.'],
    })
  const ids = [...new Set(profileIds)]
  if (ids.length > MAX)
    throw badRequest(`At most ${MAX} profiles at once.`, { profileIds: [`At most ${MAX} profiles at once.`] })
  const unknown = await unknownProfiles(companyId, ids)
  if (unknown.length)
    throw badRequest('Some profiles were not found.', {
      profileIds: [`Profile not found: ${unknown.slice(0, 10).join(', ')}`],
    })
  return { list, ids }
}

/** Returns how many profiles became members (those already in the list are left as they are). */
export async function addProfilesToList(
  companyId: number,
  listId: string,
  profileIds: string[],
  source = 'api',
): Promise<{ added: number }> {
  const { list, ids } = await checked(companyId, listId, profileIds)
  const at = nowDate()
  const added = await inWriteTx(function* () {
    const active = new Set(yield* activeAmongOps(list.id, ids))
    const fresh = ids.filter((id) => !active.has(id))
    yield* enterGroupOps(companyId, list.id, fresh, at, source)
    return fresh
  })
  if (added.length) await reevaluateProfiles(companyId, added, { listIds: [list.id] })
  return { added: added.length }
}

export async function removeProfilesFromList(
  companyId: number,
  listId: string,
  profileIds: string[],
): Promise<{ removed: number }> {
  const { list, ids } = await checked(companyId, listId, profileIds)
  const at = nowDate()
  const removed = await inWriteTx(function* () {
    const active = yield* activeAmongOps(list.id, ids)
    yield* leaveGroupOps(companyId, list.id, active, at)
    return active
  })
  if (removed.length) await reevaluateProfiles(companyId, removed, { listIds: [list.id] })
  return { removed: removed.length }
}

/** The exact number of current members of a list or segment. */
export async function countMembers(companyId: number, groupId: string): Promise<number> {
  const g = await getGroupRow(companyId, groupId)
  const row = await read(
    selectFirst(
      kysely()
        .selectFrom('GroupMembership')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('groupId', '=', g.id)
        .where('leftAt', 'is', null),
    ),
  )
  return Number(row?.n ?? 0)
}
