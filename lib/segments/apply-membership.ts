// Writing membership changes, set-based. Every function here is an Ops generator
// (lib/db/ops.ts): run it inside a write transaction (inWriteTx, or runOpsSync inside writeTx
// on SQLite) so a change is all or nothing. Entering and leaving are both written to
// GroupMembershipChange with their time. The ids travel as ONE bound JSON array (no limit on
// bound parameters, one cached statement whatever their number).
import { sql } from 'kysely'
import { kysely } from '@/lib/db/kysely'
import { jsonArrayElements, greatest, typedParam } from '@/lib/db/dialect'
import { exec, select, selectFirst, type Ops } from '@/lib/db/ops'
import { groupEntryConsumers } from './group-entry-consumers'

/** `(SELECT value FROM <the JSON array of ids>)`, for `profileId IN …`. */
const idList = (ids: string[]) =>
  kysely()
    .selectFrom(jsonArrayElements(sql.val(JSON.stringify(ids)), 'ids'))
    .select('ids.value')

/** Of `ids`, those that are current members of the group. */
export function* activeAmongOps(groupId: string, ids: string[]): Ops<string[]> {
  if (!ids.length) return []
  const rows = yield* select(
    kysely()
      .selectFrom('GroupMembership')
      .select('profileId')
      .where('groupId', '=', groupId)
      .where('leftAt', 'is', null)
      .where('profileId', 'in', idList(ids)),
  )
  return rows.map((r) => r.profileId)
}

/** Makes `ids` (none of them current members) members, reusing a former membership row. */
export function* enterGroupOps(
  companyId: number,
  groupId: string,
  ids: string[],
  at: Date,
  source: string | null,
): Ops<void> {
  if (!ids.length) return
  const k = kysely()
  yield* exec(
    k
      .updateTable('GroupMembership')
      .set({ leftAt: null, enteredAt: at as never, source })
      .where('groupId', '=', groupId)
      .where('leftAt', 'is not', null)
      .where('profileId', 'in', idList(ids)),
  )
  yield* exec(
    k
      .insertInto('GroupMembership')
      .columns(['companyId', 'groupId', 'profileId', 'source', 'enteredAt'])
      .expression(
        k
          .selectFrom(jsonArrayElements(sql.val(JSON.stringify(ids)), 'ids'))
          .select([
            typedParam(companyId, 'integer').as('companyId'),
            typedParam(groupId, 'text').as('groupId'),
            'ids.value',
            typedParam(source, 'text').as('source'),
            typedParam(at, 'timestamp(3)').as('enteredAt'),
          ])
          // SQLite: an upsert after INSERT … SELECT needs a WHERE to parse unambiguously.
          .where(sql<boolean>`1 = 1`),
      )
      .onConflict((oc) => oc.columns(['groupId', 'profileId']).doNothing()),
  )
  yield* exec(
    k
      .insertInto('GroupMembershipChange')
      .columns(['companyId', 'groupId', 'profileId', 'kind', 'at'])
      .expression(
        k
          .selectFrom(jsonArrayElements(sql.val(JSON.stringify(ids)), 'ids'))
          .select([
            typedParam(companyId, 'integer').as('companyId'),
            typedParam(groupId, 'text').as('groupId'),
            'ids.value',
            typedParam('entered', 'text').as('kind'),
            typedParam(at, 'timestamp(3)').as('at'),
          ]),
      ),
  )
  yield* exec(
    k
      .updateTable('Group')
      .set((eb) => ({ memberCount: eb('memberCount', '+', ids.length) }))
      .where('id', '=', groupId),
  )
  // List- and segment-triggered flows: entered in this transaction (./group-entry-consumers.ts).
  for (const consumer of groupEntryConsumers()) yield* consumer.entered(companyId, groupId, ids, at)
}

/** Ends the membership of `ids` (all of them current members). */
export function* leaveGroupOps(companyId: number, groupId: string, ids: string[], at: Date): Ops<void> {
  if (!ids.length) return
  const k = kysely()
  yield* exec(
    k
      .updateTable('GroupMembership')
      .set({ leftAt: at as never })
      .where('groupId', '=', groupId)
      .where('leftAt', 'is', null)
      .where('profileId', 'in', idList(ids)),
  )
  yield* exec(
    k
      .insertInto('GroupMembershipChange')
      .columns(['companyId', 'groupId', 'profileId', 'kind', 'at'])
      .expression(
        k
          .selectFrom(jsonArrayElements(sql.val(JSON.stringify(ids)), 'ids'))
          .select([
            typedParam(companyId, 'integer').as('companyId'),
            typedParam(groupId, 'text').as('groupId'),
            'ids.value',
            typedParam('left', 'text').as('kind'),
            typedParam(at, 'timestamp(3)').as('at'),
          ]),
      ),
  )
  yield* exec(
    k
      .updateTable('Group')
      .set((eb) => ({ memberCount: greatest(eb('memberCount', '-', ids.length), 0) }))
      .where('id', '=', groupId),
  )
}

/** Brings membership of `ids` in line with `matched` (a subset of ids); returns the changes. */
export function* syncMembersOps(
  companyId: number,
  groupId: string,
  ids: string[],
  matched: string[],
  at: Date,
  source: string | null,
): Ops<{ entered: string[]; left: string[] }> {
  const current = new Set(yield* activeAmongOps(groupId, ids))
  const want = new Set(matched)
  const entered = matched.filter((id) => !current.has(id))
  const left = [...current].filter((id) => !want.has(id))
  yield* enterGroupOps(companyId, groupId, entered, at, source)
  yield* leaveGroupOps(companyId, groupId, left, at)
  return { entered, left }
}

/** The exact member count, written back to the group. */
export function* refreshMemberCountOps(groupId: string): Ops<number> {
  const k = kysely()
  const row = yield* selectFirst(
    k
      .selectFrom('GroupMembership')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('groupId', '=', groupId)
      .where('leftAt', 'is', null),
  )
  const n = Number(row?.n ?? 0)
  yield* exec(k.updateTable('Group').set({ memberCount: n }).where('id', '=', groupId))
  return n
}
