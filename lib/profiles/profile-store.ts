// Row access for profiles as database work (lib/db/ops.ts), so identity resolution runs inside
// one transaction with event ingestion and merges on either engine. Rows come back in one
// shape on both: DateTime columns as ISO text with +00:00 (what SQLite stores), so comparisons
// and copies between rows behave the same.
import type Database from 'better-sqlite3'
import { kysely } from '@/lib/db/kysely'
import { dbEngine } from '@/lib/db/client'
import { exec, runOpsSync, selectFirst, type Ops } from '@/lib/db/ops'
import { dateText, queryTemplate, type QueryTemplate } from '@/lib/db/query-template'
import { fromSqlDate } from '@/lib/db/sqlite'
import type { ProfileRow, IdentifierField } from './types'

type Conn = Database.Database
export type RawProfile = Record<string, unknown> & { id: string; companyId: number; properties: string }

export const PROFILE_COLUMNS = [
  'id',
  'companyId',
  'email',
  'phoneNumber',
  'externalId',
  'anonymousId',
  'firstName',
  'lastName',
  'organization',
  'title',
  'image',
  'locale',
  'address1',
  'address2',
  'city',
  'country',
  'region',
  'zip',
  'latitude',
  'longitude',
  'timezone',
  'ip',
  'properties',
  'attributeTimes',
  'createdAt',
  'updatedAt',
  'lastEventAt',
] as const
const COLUMN_SET = new Set<string>(PROFILE_COLUMNS)
const DATE_COLUMNS = ['createdAt', 'updatedAt', 'lastEventAt'] as const

const byField = (field: IdentifierField | 'id') =>
  queryTemplate(2, (companyId: number, value: string) =>
    kysely().selectFrom('Profile').selectAll().where('companyId', '=', companyId).where(field, '=', value),
  )
const BY = {
  id: byField('id'),
  email: byField('email'),
  phoneNumber: byField('phoneNumber'),
  externalId: byField('externalId'),
  anonymousId: byField('anonymousId'),
}
const idBy = (field: IdentifierField | 'id') =>
  queryTemplate(2, (companyId: number, value: string) =>
    kysely().selectFrom('Profile').select('id').where('companyId', '=', companyId).where(field, '=', value),
  )
const ID_BY = {
  id: idBy('id'),
  email: idBy('email'),
  phoneNumber: idBy('phoneNumber'),
  externalId: idBy('externalId'),
  anonymousId: idBy('anonymousId'),
}

/** A row as read from either engine, in the one shape (dates as text, numbers as numbers). */
export function normalizeProfile(row: Record<string, unknown>): RawProfile {
  for (const c of DATE_COLUMNS) if (row[c] instanceof Date) row[c] = dateText(row[c])
  return row as RawProfile
}

export function* findProfileByOps(
  companyId: number,
  field: IdentifierField | 'id',
  value: string,
): Ops<RawProfile | null> {
  const row = yield* selectFirst(BY[field](companyId, value))
  return row ? normalizeProfile(row as Record<string, unknown>) : null
}

/** Only the id (an index lookup). */
export function* findProfileIdOps(companyId: number, field: IdentifierField | 'id', value: string): Ops<string | null> {
  const row = yield* selectFirst(ID_BY[field](companyId, value))
  return row?.id ?? null
}

/** Anonymous = known by nothing but an anonymous id (a browser visitor). */
export const isAnonymous = (p: RawProfile) => p.email == null && p.phoneNumber == null && p.externalId == null

function columnsOf(row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [c, v] of Object.entries(row)) {
    if (v === undefined) continue
    if (!COLUMN_SET.has(c)) throw new Error(`Unknown profile column ${c}`)
    out[c] = v
  }
  return out
}

// One compiled statement per set of columns (there are few), as with the hand-written SQL
// before: ingestion creates and updates profiles by the thousand.
const inserts = new Map<string, QueryTemplate<unknown[], unknown>>()
const updates = new Map<string, QueryTemplate<unknown[], unknown>>()
const pg = () => dbEngine() === 'postgresql'

function insertTemplate(cols: string[]) {
  const k = (pg() ? 'pg:' : 'sqlite:') + cols.join(',')
  let t = inserts.get(k)
  if (!t) {
    const returning = pg()
    t = queryTemplate(cols.length, (...vals: unknown[]) => {
      const q = kysely()
        .insertInto('Profile')
        .values(Object.fromEntries(cols.map((c, i) => [c, vals[i]])) as never)
      return returning ? q.returningAll() : q
    })
    inserts.set(k, t)
  }
  return t
}

function updateTemplate(cols: string[]) {
  const k = (pg() ? 'pg:' : 'sqlite:') + cols.join(',')
  let t = updates.get(k)
  if (!t) {
    const returning = pg()
    t = queryTemplate(cols.length + 2, (...vals: unknown[]) => {
      const q = kysely()
        .updateTable('Profile')
        .set(Object.fromEntries(cols.map((c, i) => [c, vals[i]])) as never)
        .where('companyId', '=', vals[cols.length] as number)
        .where('id', '=', vals[cols.length + 1] as string)
      return returning ? q.returningAll() : q
    })
    updates.set(k, t)
  }
  return t
}

/**
 * Inserts the row; returns it as stored (PostgreSQL: RETURNING, one round trip; SQLite: read
 * back, which costs less there than RETURNING).
 */
export function* insertProfileOps(row: Record<string, unknown>): Ops<RawProfile> {
  const values = columnsOf(row)
  const cols = Object.keys(values)
  const q = insertTemplate(cols)(...cols.map((c) => values[c]))
  if (pg()) return normalizeProfile((yield* selectFirst(q)) as Record<string, unknown>)
  yield* exec(q)
  return (yield* findProfileByOps(values.companyId as number, 'id', values.id as string))!
}

/** Updates the columns; returns the row as stored, or null when there is no such profile. */
export function* updateProfileColumnsOps(
  companyId: number,
  id: string,
  changes: Record<string, unknown>,
): Ops<RawProfile | null> {
  const set = columnsOf(changes)
  const cols = Object.keys(set)
  if (!cols.length) return yield* findProfileByOps(companyId, 'id', id)
  const q = updateTemplate(cols)(...cols.map((c) => set[c]), companyId, id)
  if (pg()) {
    const stored = yield* selectFirst(q)
    return stored ? normalizeProfile(stored as Record<string, unknown>) : null
  }
  yield* exec(q)
  return yield* findProfileByOps(companyId, 'id', id)
}

export function insertProfile(conn: Conn, row: Record<string, unknown>) {
  runOpsSync(insertProfileOps(row), conn)
}

export function parseProps(raw: unknown): Record<string, unknown> {
  if (typeof raw !== 'string' || !raw) return {}
  try {
    const v = JSON.parse(raw)
    return v && typeof v === 'object' && !Array.isArray(v) ? v : {}
  } catch {
    return {}
  }
}

/** A raw row as the Prisma Profile type (Dates, numbers), so callers get one shape. */
export function toProfileRow(raw: RawProfile): ProfileRow {
  return {
    ...(raw as unknown as ProfileRow),
    latitude: raw.latitude == null ? null : Number(raw.latitude),
    longitude: raw.longitude == null ? null : Number(raw.longitude),
    createdAt: fromSqlDate(raw.createdAt)!,
    updatedAt: fromSqlDate(raw.updatedAt)!,
    lastEventAt: fromSqlDate(raw.lastEventAt),
  }
}
