// /dashboard/groups: every list and segment with its member count and how many joined and left
// in the last N days (from the membership history), largest first.
import { z } from 'zod'
import { sql } from 'kysely'
import { num, rows } from './run-sql'

export const groupGrowthQuery = z
  .object({ days: z.coerce.number().int().min(1, 'At least 1 day.').max(365, 'At most 365 days.').default(30) })
  .strict()

export async function getGroupGrowth(companyId: number, q: z.infer<typeof groupGrowthQuery>, now = new Date()) {
  const since = new Date(now.getTime() - q.days * 86_400_000)
  const found = await rows(
    sql<Record<string, unknown>>`select g.id, g.name, g.type, g."memberCount" as members,
        coalesce(c.joined, 0) as joined, coalesce(c."left", 0) as "left"
      from "Group" g left join (
        select "groupId", sum(case when kind = 'entered' then 1 else 0 end) as joined,
          sum(case when kind = 'left' then 1 else 0 end) as "left"
        from "GroupMembershipChange" where "companyId" = ${companyId} and at >= ${since} group by "groupId"
      ) c on c."groupId" = g.id
      where g."companyId" = ${companyId} and g."deletedAt" is null
      order by g."memberCount" desc, g.name limit 500`,
  )
  return {
    days: q.days,
    groups: found.map((r) => ({
      id: String(r.id),
      name: String(r.name),
      kind: num(r.type) === 1 ? ('segment' as const) : ('list' as const),
      members: num(r.members),
      joined: num(r.joined),
      left: num(r.left),
    })),
  }
}
