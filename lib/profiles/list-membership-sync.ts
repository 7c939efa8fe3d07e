// Adding profiles to a static list inside a caller's transaction (subscriptions, imports,
// double opt-in), as database work (lib/db/ops.ts). It writes memberships the way the segment
// engine's membership writer does (lib/segments/apply-membership.ts: a former member's row is
// revived, the entry is recorded in GroupMembershipChange, memberCount moves by the number that
// entered), so addProfilesToList and these agree. Idempotent: current members are left as
// they are (time and source).
import { kysely } from '@/lib/db/kysely'
import { exec, select, selectFirst, type Ops } from '@/lib/db/ops'
import { dbDate } from '@/lib/db/query-template'
import { nowDate } from '@/lib/segments/clock'
import { notFound } from '@/lib/errors/app-error'
import { groupEntryConsumers } from '@/lib/segments/group-entry-consumers'

export interface ListRow {
  id: string
  name: string
  optInProcess: string
}

/** The company's live static list, or 404. */
export function* getListOps(companyId: number, listId: string): Ops<ListRow> {
  const row = yield* selectFirst(
    kysely()
      .selectFrom('Group')
      .select(['id', 'name', 'optInProcess'])
      .where('id', '=', listId)
      .where('companyId', '=', companyId)
      .where('type', '=', 0)
      .where('deletedAt', 'is', null),
  )
  if (!row) throw notFound('List not found.')
  return row
}

/** Returns how many profiles entered the list (were not members before). */
export function* addToListOps(
  companyId: number,
  listId: string,
  profileIds: string[],
  source: string,
  at = nowDate(),
): Ops<number> {
  const ids = [...new Set(profileIds)]
  if (!ids.length) return 0
  const active = new Set(
    (yield* select(
      kysely()
        .selectFrom('GroupMembership')
        .select('profileId')
        .where('groupId', '=', listId)
        .where('leftAt', 'is', null)
        .where('profileId', 'in', ids),
    )).map((r) => r.profileId),
  )
  const fresh = ids.filter((id) => !active.has(id))
  if (!fresh.length) return 0
  const when = dbDate(at)
  yield* exec(
    kysely()
      .updateTable('GroupMembership')
      .set({ leftAt: null, enteredAt: when as never, source })
      .where('groupId', '=', listId)
      .where('leftAt', 'is not', null)
      .where('profileId', 'in', fresh),
  )
  yield* exec(
    kysely()
      .insertInto('GroupMembership')
      .values(fresh.map((profileId) => ({ companyId, groupId: listId, profileId, source, enteredAt: when as never })))
      .onConflict((oc) => oc.doNothing()),
  )
  yield* exec(
    kysely()
      .insertInto('GroupMembershipChange')
      .values(
        fresh.map((profileId) => ({ companyId, groupId: listId, profileId, kind: 'entered', at: when as never })),
      ),
  )
  yield* exec(
    kysely()
      .updateTable('Group')
      .set((eb) => ({ memberCount: eb('memberCount', '+', fresh.length) }))
      .where('id', '=', listId),
  )
  // List-triggered flows (the welcome series of a signup form's list): entered in this
  // transaction, as every other way into a group does (lib/segments/apply-membership.ts).
  for (const consumer of groupEntryConsumers()) yield* consumer.entered(companyId, listId, fresh, at)
  return fresh.length
}

/** The exact member count of a group, written back to it. */
export function* refreshMemberCountOps(groupId: string): Ops<number> {
  const r = yield* selectFirst(
    kysely()
      .selectFrom('GroupMembership')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('groupId', '=', groupId)
      .where('leftAt', 'is', null),
  )
  const n = Number(r?.n ?? 0)
  yield* exec(kysely().updateTable('Group').set({ memberCount: n }).where('id', '=', groupId))
  return n
}
