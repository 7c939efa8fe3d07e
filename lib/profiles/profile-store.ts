// Synchronous row access for profiles on the better-sqlite3 connection (lib/db/sqlite.ts), so
// identity resolution can run inside one transaction with event ingestion and merges.
import type Database from 'better-sqlite3'
import { prep, fromSqlDate } from '@/lib/db/sqlite'
import type { ProfileRow, IdentifierField } from './types'

type Conn = Database.Database
export type RawProfile = Record<string, unknown> & { id: string; companyId: number; properties: string }

export const PROFILE_COLUMNS = [
  'id', 'companyId', 'email', 'phoneNumber', 'externalId', 'anonymousId', 'firstName', 'lastName', 'organization',
  'title', 'image', 'locale', 'address1', 'address2', 'city', 'country', 'region', 'zip', 'latitude', 'longitude',
  'timezone', 'ip', 'properties', 'attributeTimes', 'createdAt', 'updatedAt', 'lastEventAt',
] as const

const BY: Record<IdentifierField | 'id', string> = {
  id: 'SELECT * FROM Profile WHERE companyId = ? AND id = ?',
  email: 'SELECT * FROM Profile WHERE companyId = ? AND email = ?',
  phoneNumber: 'SELECT * FROM Profile WHERE companyId = ? AND phoneNumber = ?',
  externalId: 'SELECT * FROM Profile WHERE companyId = ? AND externalId = ?',
  anonymousId: 'SELECT * FROM Profile WHERE companyId = ? AND anonymousId = ?',
}

export function findProfileBy(conn: Conn, companyId: number, field: IdentifierField | 'id', value: string): RawProfile | null {
  return (prep(BY[field], conn).get(companyId, value) as RawProfile | undefined) ?? null
}

/** Anonymous = known by nothing but an anonymous id (a browser visitor). */
export const isAnonymous = (p: RawProfile) => p.email == null && p.phoneNumber == null && p.externalId == null

export function insertProfile(conn: Conn, row: Record<string, unknown>) {
  const cols = PROFILE_COLUMNS.filter((c) => row[c] !== undefined)
  const sql = `INSERT INTO Profile (${cols.map((c) => `"${c}"`).join(', ')}) VALUES (${cols.map(() => '?').join(', ')})`
  prep(sql, conn).run(...cols.map((c) => row[c] as never))
}

export function updateProfileColumns(conn: Conn, companyId: number, id: string, changes: Record<string, unknown>) {
  const cols = Object.keys(changes)
  if (!cols.length) return
  const sql = `UPDATE Profile SET ${cols.map((c) => `"${c}" = ?`).join(', ')} WHERE companyId = ? AND id = ?`
  prep(sql, conn).run(...cols.map((c) => changes[c] as never), companyId, id)
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
