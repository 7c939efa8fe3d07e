// The profiles who did a metric (/metric/…/list): per profile how many times and when last,
// most recent first, a page at a time.
import { z } from 'zod'
import { sql } from 'kysely'
import { metricRefOrThrow } from '@/lib/metrics/get-metric'
import { num, rows } from './run-sql'

export const metricProfilesQuery = z
  .object({
    page: z.coerce.number().int().min(1).max(2000).default(1),
    page_size: z.coerce.number().int().min(1).max(100).default(25),
  })
  .strict()

export async function listMetricProfiles(companyId: number, metricId: string, q: z.infer<typeof metricProfilesQuery>) {
  const metric = await metricRefOrThrow(companyId, metricId)
  const found = await rows(
    sql<Record<string, unknown>>`select x."profileId", x.n, x.last, x.value, p.email, p."firstName", p."lastName"
      from (select "profileId", count(*) as n, max(ts) as last, coalesce(sum(value), 0) as value from "Event"
        where "companyId" = ${companyId} and "metricId" = ${metric.id} group by "profileId") x
      left join "Profile" p on p.id = x."profileId" and p."companyId" = ${companyId}
      order by x.last desc, x."profileId" limit ${q.page_size + 1} offset ${(q.page - 1) * q.page_size}`,
  )
  return {
    metric,
    profiles: found.slice(0, q.page_size).map((r) => ({
      id: String(r.profileId),
      email: (r.email as string | null) ?? null,
      name: [r.firstName, r.lastName].filter(Boolean).join(' ') || null,
      count: num(r.n),
      value: Math.round(num(r.value) * 100) / 100,
      lastAt: new Date(num(r.last) * 1000).toISOString(),
    })),
    page: q.page,
    pageSize: q.page_size,
    hasNext: found.length > q.page_size,
  }
}
