// /people/suppressed: active suppressions (not cleared) with the profile, newest first,
// filtered by reason and channel.
import { z } from 'zod'
import { sqlite } from '@/lib/db/sqlite'
import { offsetOf, page, pageFields, type Page } from './paging'
import { SEARCH_SQL, searchParams } from './list-group-members'

export const SUPPRESSION_REASONS = ['unsubscribed', 'bounced', 'spam_complaint', 'manual'] as const
export const listSuppressedQuery = z.object({
  ...pageFields,
  reason: z.enum(SUPPRESSION_REASONS).optional(),
  channel: z.enum(['email', 'sms']).optional(),
  search: z.string().trim().max(255).optional(),
})

export interface SuppressedProfileRow {
  profileId: string
  email: string | null
  phoneNumber: string | null
  firstName: string | null
  lastName: string | null
  channel: string
  reason: string
  suppressedAt: string
}

export async function listSuppressedProfiles(companyId: number, input: z.input<typeof listSuppressedQuery> = {}): Promise<Page<SuppressedProfileRow>> {
  const q = listSuppressedQuery.parse(input)
  const conds = ['s.companyId = ?', 's.clearedAt IS NULL', 'p.companyId = ?']
  const params: unknown[] = [companyId, companyId]
  if (q.reason) { conds.push('s.reason = ?'); params.push(q.reason) }
  if (q.channel) { conds.push('s.channel = ?'); params.push(q.channel) }
  if (q.search) { conds.push(SEARCH_SQL); params.push(...searchParams(q.search)) }
  const from = `FROM Suppression s JOIN Profile p ON p.id = s.profileId WHERE ${conds.join(' AND ')}`
  const conn = sqlite()
  const rows = conn.prepare(`SELECT p.id AS profileId, p.email, p.phoneNumber, p.firstName, p.lastName, s.channel, s.reason,
      s.createdAt AS suppressedAt ${from} ORDER BY s.createdAt DESC, s.id DESC LIMIT ? OFFSET ?`)
    .all(...params, q.pageSize + 1, offsetOf(q)) as SuppressedProfileRow[]
  const total = conn.prepare(`SELECT COUNT(*) ${from}`).pluck().get(...params) as number
  return page(rows.map((r) => ({ ...r, suppressedAt: new Date(r.suppressedAt).toISOString() })), q, total)
}
