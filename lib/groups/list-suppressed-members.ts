// Members of a list who cannot be emailed: an active email suppression, with its reason.
import { z } from 'zod'
import { sqlite } from '@/lib/db/sqlite'
import { getGroupRow } from './get-group'
import { offsetOf, page, pageFields, type Page } from './paging'

export const listSuppressedMembersQuery = z.object({ ...pageFields })

export interface SuppressedMemberRow {
  profileId: string
  email: string | null
  firstName: string | null
  lastName: string | null
  reason: string
  suppressedAt: string
}

export async function listSuppressedMembers(companyId: number, listId: string, input: z.input<typeof listSuppressedMembersQuery> = {}): Promise<Page<SuppressedMemberRow>> {
  const q = listSuppressedMembersQuery.parse(input)
  const g = await getGroupRow(companyId, listId)
  const from = `FROM GroupMembership gm JOIN Profile p ON p.id = gm.profileId
    JOIN Suppression s ON s.profileId = p.id AND s.channel = 'email' AND s.clearedAt IS NULL
    WHERE gm.groupId = ? AND gm.leftAt IS NULL AND p.companyId = ?`
  const conn = sqlite()
  // One row per profile: the most recent active suppression.
  const rows = conn.prepare(`SELECT p.id AS profileId, p.email, p.firstName, p.lastName, s.reason, MAX(s.createdAt) AS suppressedAt
    ${from} GROUP BY p.id ORDER BY suppressedAt DESC, p.id LIMIT ? OFFSET ?`).all(g.id, companyId, q.pageSize + 1, offsetOf(q)) as SuppressedMemberRow[]
  const total = conn.prepare(`SELECT COUNT(DISTINCT p.id) ${from}`).pluck().get(g.id, companyId) as number
  return page(rows.map((r) => ({ ...r, suppressedAt: new Date(r.suppressedAt).toISOString() })), q, total)
}
