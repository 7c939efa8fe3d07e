// The one INSERT for events. OR IGNORE on the unique key (companyId, profileId, metricId,
// uniqueId): a repeated unique_id for the same profile and metric keeps the first event, and
// re-running an ingest job after a crash cannot duplicate anything (NULL uniqueIds never
// collide in SQLite, so events without one are inserted as given).
import type Database from 'better-sqlite3'
import { prep, sqlDate } from '@/lib/db/sqlite'

export interface EventRow {
  companyId: number
  profileId: string
  metricId: string
  ts: number
  value?: number | null
  currency?: string | null
  uniqueId?: string | null
  properties?: string
}

const SQL =
  'INSERT OR IGNORE INTO Event (companyId, profileId, metricId, ts, value, currency, uniqueId, properties, createdAt) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)'

/** Returns the new event id, or null when the unique_id was already recorded. */
export function insertEventSync(conn: Database.Database, row: EventRow, createdAt = sqlDate()): number | null {
  const r = prep(SQL, conn).run(
    row.companyId, row.profileId, row.metricId, row.ts, row.value ?? null, row.currency ?? null, row.uniqueId ?? null,
    row.properties ?? '{}', createdAt,
  )
  return r.changes ? Number(r.lastInsertRowid) : null
}

/** lastEventAt only moves forward (events may arrive out of order). */
export function touchLastEventAt(conn: Database.Database, companyId: number, profileId: string, ts: number) {
  const at = sqlDate(new Date(ts * 1000))
  prep('UPDATE Profile SET lastEventAt = ? WHERE companyId = ? AND id = ? AND (lastEventAt IS NULL OR lastEventAt < ?)', conn).run(
    at, companyId, profileId, at,
  )
}
