// Lists and segments nobody has used for a while (/lists/inactive): older than the window, no
// one joined in it and no campaign was sent to them in it (a campaign's included audiences). Read set-based: one grouped query for
// recent joins, one for recently sent campaigns, one for the groups; nothing per group.
import { z } from 'zod'
import { db } from '@/lib/db/client'
import { nowDate } from '@/lib/segments/clock'
import { groupView, type GroupView } from './group-view'

export const inactiveGroupsQuery = z.object({
  days: z.coerce.number().int().min(7).max(365).default(90),
})

export interface InactiveGroup extends GroupView {
  lastJoinedAt: string | null
}

const DAY_MS = 86_400_000

function audienceIds(text: string): string[] {
  try {
    const a = JSON.parse(text) as { included?: unknown }
    return Array.isArray(a.included) ? a.included.filter((x): x is string => typeof x === 'string') : []
  } catch {
    return []
  }
}

export async function listInactiveGroups(
  companyId: number,
  days = 90,
): Promise<{ days: number; data: InactiveGroup[] }> {
  const since = new Date(nowDate().getTime() - days * DAY_MS)
  const [groups, joins, sent] = await Promise.all([
    db.group.findMany({
      where: { companyId, deletedAt: null, createdAt: { lt: since } },
      orderBy: [{ name: 'asc' }, { id: 'asc' }],
    }),
    db.groupMembership.groupBy({ by: ['groupId'], where: { companyId }, _max: { enteredAt: true } }),
    db.campaign.findMany({
      where: { companyId, sentAt: { gte: since } },
      select: { audiences: true },
    }),
  ])
  const lastJoin = new Map(joins.map((j) => [j.groupId, j._max.enteredAt]))
  const sentTo = new Set(sent.flatMap((c) => audienceIds(c.audiences)))
  const data = groups
    .filter((g) => {
      const j = lastJoin.get(g.id)
      return !(j && j >= since) && !sentTo.has(g.id)
    })
    .map((g) => ({
      ...groupView(g),
      lastJoinedAt: lastJoin.get(g.id)?.toISOString() ?? null,
    }))
  return { days, data }
}
