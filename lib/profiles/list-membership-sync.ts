// Adding profiles to a static list inside a caller's transaction (subscriptions, imports,
// double opt-in), through the segment engine's membership writer (lib/segments/
// apply-membership.ts), so memberCount and the entered history are kept the same way as by
// addProfilesToList. Idempotent: current members are left as they are (time and source).
import type Database from 'better-sqlite3'
import { prep, sqlDate } from '@/lib/db/sqlite'
import { activeAmong, enterGroup } from '@/lib/segments/apply-membership'
import { nowDate } from '@/lib/segments/clock'
import { notFound } from '@/lib/http/app-error'

type Conn = Database.Database

export interface ListRow {
  id: string
  name: string
  optInProcess: string
}

/** The company's live static list, or 404. */
export function getListSync(conn: Conn, companyId: number, listId: string): ListRow {
  const row = prep('SELECT id, name, optInProcess FROM "Group" WHERE id = ? AND companyId = ? AND type = 0 AND deletedAt IS NULL', conn).get(
    listId, companyId,
  ) as ListRow | undefined
  if (!row) throw notFound('List not found.')
  return row
}

/** Returns how many profiles entered the list (were not members before). */
export function addToListSync(conn: Conn, companyId: number, listId: string, profileIds: string[], source: string, at = nowDate()): number {
  const ids = [...new Set(profileIds)]
  const active = new Set(activeAmong(conn, listId, ids))
  const fresh = ids.filter((id) => !active.has(id))
  enterGroup(conn, companyId, listId, fresh, sqlDate(at), source)
  return fresh.length
}
