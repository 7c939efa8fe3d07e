// Engagement tiers by the last email open or click: within 30 days, 31–90, 91–180, longer ago,
// never. For the whole account (audience tab) or a list's current members (list report).
import { sql } from 'kysely'
import { kysely } from '@/lib/db/kysely'
import { read, select } from '@/lib/db/ops'
import { num, rows } from './run-sql'

export const ENGAGEMENT_TIERS = ['engaged_30', 'engaged_90', 'engaged_180', 'dormant', 'never'] as const
const ENGAGEMENT_METRICS = ['Opened Email', 'Clicked Email']
const DAY = 86_400

export async function engagementTiers(
  companyId: number,
  nowSec: number,
  groupId?: string,
): Promise<Array<{ tier: (typeof ENGAGEMENT_TIERS)[number]; profiles: number }>> {
  const metrics = await read(
    select(
      kysely()
        .selectFrom('Metric')
        .select('id')
        .where('companyId', '=', companyId)
        .where('name', 'in', ENGAGEMENT_METRICS),
    ),
  )
  const ids = metrics.length ? metrics.map((m) => m.id) : ['']
  const members = groupId
    ? sql`join "GroupMembership" gm on gm."profileId" = p.id and gm."groupId" = ${groupId}
        and gm."companyId" = ${companyId} and gm."leftAt" is null`
    : sql``
  const found = await rows(
    sql<{ tier: string; n: unknown }>`select tier, count(*) as n from (
      select case when e.last is null then 'never' when e.last >= ${nowSec - 30 * DAY} then 'engaged_30'
        when e.last >= ${nowSec - 90 * DAY} then 'engaged_90' when e.last >= ${nowSec - 180 * DAY} then 'engaged_180'
        else 'dormant' end as tier
      from "Profile" p ${members}
      left join (select "profileId", max(ts) as last from "Event" where "companyId" = ${companyId}
        and "metricId" in (${sql.join(ids)}) and ts <= ${nowSec} group by "profileId") e on e."profileId" = p.id
      where p."companyId" = ${companyId}) t group by tier`,
  )
  return ENGAGEMENT_TIERS.map((tier) => ({ tier, profiles: num(found.find((r) => r.tier === tier)?.n) }))
}
