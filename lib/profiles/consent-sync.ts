// Consent and suppression writes on the better-sqlite3 connection, for callers that must do
// them in one transaction with profile upserts and memberships (subscriptions, imports).
import type Database from 'better-sqlite3'
import { prep, sqlDate } from '@/lib/db/sqlite'
import type { ConsentChannel, ConsentStatus, SuppressionChannel } from './consent'

type Conn = Database.Database

export function setConsentSync(
  conn: Conn, companyId: number, profileId: string, channel: ConsentChannel, status: ConsentStatus,
  opts: { method?: string | null; source?: string | null; at?: Date } = {},
) {
  const now = sqlDate()
  prep(
    `INSERT INTO ProfileConsent (companyId, profileId, channel, status, method, source, consentedAt, updatedAt)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (profileId, channel) DO UPDATE SET status = excluded.status, method = excluded.method,
       source = excluded.source, consentedAt = excluded.consentedAt, updatedAt = excluded.updatedAt`,
    conn,
  ).run(companyId, profileId, channel, status, opts.method ?? null, opts.source ?? null, sqlDate(opts.at ?? new Date()), now)
}

export function getConsentStatusSync(conn: Conn, companyId: number, profileId: string, channel: ConsentChannel): ConsentStatus | null {
  const r = prep('SELECT status FROM ProfileConsent WHERE companyId = ? AND profileId = ? AND channel = ?', conn).get(companyId, profileId, channel) as
    | { status: ConsentStatus }
    | undefined
  return r?.status ?? null
}

export function clearSuppressionsSync(conn: Conn, companyId: number, profileId: string, channel: SuppressionChannel, reasons: string[]): number {
  const marks = reasons.map(() => '?').join(', ')
  return prep(
    `UPDATE Suppression SET clearedAt = ? WHERE companyId = ? AND profileId = ? AND channel = ? AND clearedAt IS NULL AND reason IN (${marks})`,
    conn,
  ).run(sqlDate(), companyId, profileId, channel, ...reasons).changes
}
