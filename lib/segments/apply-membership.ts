// Writing membership changes, set-based, on the raw connection. Every function here is
// synchronous and must run inside writeTx (lib/db/sqlite.ts) so a change is all or nothing.
// Entering and leaving are both written to GroupMembershipChange with their time.
import type Database from 'better-sqlite3'
import { prep } from '@/lib/db/sqlite'

type Conn = Database.Database
const IDS = '(SELECT value FROM json_each(?))'

/** Of `ids`, those that are current members of the group. */
export function activeAmong(conn: Conn, groupId: string, ids: string[]): string[] {
  if (!ids.length) return []
  return prep(`SELECT profileId FROM GroupMembership WHERE groupId = ? AND leftAt IS NULL AND profileId IN ${IDS}`, conn)
    .pluck().all(groupId, JSON.stringify(ids)) as string[]
}

/** Makes `ids` (none of them current members) members, reusing a former membership row. */
export function enterGroup(conn: Conn, companyId: number, groupId: string, ids: string[], at: string, source: string | null): void {
  if (!ids.length) return
  const json = JSON.stringify(ids)
  prep(`UPDATE GroupMembership SET leftAt = NULL, enteredAt = ?, source = ? WHERE groupId = ? AND leftAt IS NOT NULL AND profileId IN ${IDS}`, conn)
    .run(at, source, groupId, json)
  prep(`INSERT OR IGNORE INTO GroupMembership (companyId, groupId, profileId, source, enteredAt) SELECT ?, ?, value, ?, ? FROM json_each(?)`, conn)
    .run(companyId, groupId, source, at, json)
  prep(`INSERT INTO GroupMembershipChange (companyId, groupId, profileId, kind, at) SELECT ?, ?, value, 'entered', ? FROM json_each(?)`, conn)
    .run(companyId, groupId, at, json)
  prep(`UPDATE "Group" SET memberCount = memberCount + ? WHERE id = ?`, conn).run(ids.length, groupId)
}

/** Ends the membership of `ids` (all of them current members). */
export function leaveGroup(conn: Conn, companyId: number, groupId: string, ids: string[], at: string): void {
  if (!ids.length) return
  const json = JSON.stringify(ids)
  prep(`UPDATE GroupMembership SET leftAt = ? WHERE groupId = ? AND leftAt IS NULL AND profileId IN ${IDS}`, conn).run(at, groupId, json)
  prep(`INSERT INTO GroupMembershipChange (companyId, groupId, profileId, kind, at) SELECT ?, ?, value, 'left', ? FROM json_each(?)`, conn)
    .run(companyId, groupId, at, json)
  prep(`UPDATE "Group" SET memberCount = MAX(memberCount - ?, 0) WHERE id = ?`, conn).run(ids.length, groupId)
}

/** Brings membership of `ids` in line with `matched` (a subset of ids); returns the changes. */
export function syncMembers(conn: Conn, companyId: number, groupId: string, ids: string[], matched: string[], at: string, source: string | null) {
  const current = new Set(activeAmong(conn, groupId, ids))
  const want = new Set(matched)
  const entered = matched.filter((id) => !current.has(id))
  const left = [...current].filter((id) => !want.has(id))
  enterGroup(conn, companyId, groupId, entered, at, source)
  leaveGroup(conn, companyId, groupId, left, at)
  return { entered, left }
}

/** The exact member count, written back to the group. */
export function refreshMemberCount(conn: Conn, groupId: string): number {
  const n = prep(`SELECT COUNT(*) FROM GroupMembership WHERE groupId = ? AND leftAt IS NULL`, conn).pluck().get(groupId) as number
  prep(`UPDATE "Group" SET memberCount = ? WHERE id = ?`, conn).run(n, groupId)
  return n
}
