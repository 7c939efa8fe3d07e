// The members screen of a list or segment: newest members first, with paging and a search
// over email, name and phone number.
import { z } from 'zod'
import { sqlite } from '@/lib/db/sqlite'
import { likeEscape } from '@/lib/segments/sql-fragment'
import { getGroupRow } from './get-group'
import { offsetOf, page, pageFields, type Page } from './paging'

export const listMembersQuery = z.object({ ...pageFields, search: z.string().trim().max(255).optional() })
export type ListMembersInput = z.input<typeof listMembersQuery>

export interface MemberRow {
  profileId: string
  email: string | null
  phoneNumber: string | null
  firstName: string | null
  lastName: string | null
  source: string | null
  enteredAt: string
}

export const SEARCH_SQL = `(p.email LIKE ? ESCAPE '\\' OR p.phoneNumber LIKE ? ESCAPE '\\'
  OR (COALESCE(p.firstName, '') || ' ' || COALESCE(p.lastName, '')) LIKE ? ESCAPE '\\')`
export const searchParams = (s: string) => { const v = `%${likeEscape(s)}%`; return [v, v, v] }

export async function listGroupMembers(companyId: number, groupId: string, input: ListMembersInput = {}): Promise<Page<MemberRow>> {
  const q = listMembersQuery.parse(input)
  const g = await getGroupRow(companyId, groupId)
  const where = `gm.groupId = ? AND gm.leftAt IS NULL AND p.companyId = ?${q.search ? ` AND ${SEARCH_SQL}` : ''}`
  const params = [g.id, companyId, ...(q.search ? searchParams(q.search) : [])]
  const conn = sqlite()
  const rows = conn.prepare(`SELECT p.id AS profileId, p.email, p.phoneNumber, p.firstName, p.lastName, gm.source, gm.enteredAt
    FROM GroupMembership gm JOIN Profile p ON p.id = gm.profileId WHERE ${where}
    ORDER BY gm.enteredAt DESC, gm.id DESC LIMIT ? OFFSET ?`).all(...params, q.pageSize + 1, offsetOf(q)) as MemberRow[]
  const total = q.search
    ? (conn.prepare(`SELECT COUNT(*) FROM GroupMembership gm JOIN Profile p ON p.id = gm.profileId WHERE ${where}`).pluck().get(...params) as number)
    : (conn.prepare(`SELECT COUNT(*) FROM GroupMembership gm WHERE gm.groupId = ? AND gm.leftAt IS NULL`).pluck().get(g.id) as number)
  return page(rows.map((r) => ({ ...r, enteredAt: new Date(r.enteredAt).toISOString() })), q, total)
}
