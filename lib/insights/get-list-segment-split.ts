// /list/{id}/reports/segment: how the list's current members split across the account's
// segments (members of the list who are also in each segment), largest overlap first; and the
// profiles of the list in one segment (segment/profiles).
import { z } from 'zod'
import { sql } from 'kysely'
import { getGroupRow } from '@/lib/groups/get-group'
import { num, rows } from './run-sql'

export const segmentProfilesQuery = z
  .object({
    segment_id: z.string().min(1).max(64),
    page: z.coerce.number().int().min(1).max(2000).default(1),
    page_size: z.coerce.number().int().min(1).max(100).default(25),
  })
  .strict()

const members = (companyId: number, groupId: string) =>
  sql`(select "profileId" from "GroupMembership" where "companyId" = ${companyId} and "groupId" = ${groupId} and "leftAt" is null)`

export async function getListSegmentSplit(companyId: number, listId: string) {
  const list = await getGroupRow(companyId, listId)
  const found = await rows(
    sql<Record<string, unknown>>`select g.id, g.name, count(m."profileId") as n
      from "Group" g
      join "GroupMembership" gm on gm."groupId" = g.id and gm."companyId" = ${companyId} and gm."leftAt" is null
      join ${members(companyId, list.id)} m on m."profileId" = gm."profileId"
      where g."companyId" = ${companyId} and g.type = 1 and g."deletedAt" is null and g.id <> ${list.id}
      group by g.id, g.name order by count(m."profileId") desc, g.name limit 200`,
  )
  const total = await rows(sql<{ n: unknown }>`select count(*) as n from ${members(companyId, list.id)} m`)
  return {
    group: { id: list.id, name: list.name },
    members: num(total[0]?.n),
    segments: found.map((r) => ({ id: String(r.id), name: String(r.name), profiles: num(r.n) })),
  }
}

export async function listSegmentProfiles(companyId: number, listId: string, q: z.infer<typeof segmentProfilesQuery>) {
  const list = await getGroupRow(companyId, listId)
  const segment = await getGroupRow(companyId, q.segment_id, 1)
  const found = await rows(
    sql<Record<string, unknown>>`select p.id, p.email, p."firstName", p."lastName"
      from ${members(companyId, list.id)} m
      join "GroupMembership" gm on gm."profileId" = m."profileId" and gm."groupId" = ${segment.id}
        and gm."companyId" = ${companyId} and gm."leftAt" is null
      join "Profile" p on p.id = m."profileId" and p."companyId" = ${companyId}
      order by p.id limit ${q.page_size + 1} offset ${(q.page - 1) * q.page_size}`,
  )
  return {
    group: { id: list.id, name: list.name },
    segment: { id: segment.id, name: segment.name },
    profiles: found.slice(0, q.page_size).map((r) => ({
      id: String(r.id),
      email: (r.email as string | null) ?? null,
      name: [r.firstName, r.lastName].filter(Boolean).join(' ') || null,
    })),
    page: q.page,
    pageSize: q.page_size,
    hasNext: found.length > q.page_size,
  }
}
