// The dashboard's revenue card and /dashboard/performance: what messages earned over the last N
// days (30 on the card; attributed conversion value, lib/attribution) against the N days before, split into flows and campaigns,
// per day for the sparkline, the share of all conversion value they earned, and the flows and
// campaigns that earned most — all in the company's zone and currency. Four grouped queries.
import { sql } from 'kysely'
import { kysely } from '@/lib/db/kysely'
import { companyCurrency } from './company-currency'
import { read, select, selectFirst } from '@/lib/db/ops'
import { getAttributionSettings } from '@/lib/attribution/settings'
import { partsIn, zonedToUtc } from './timeframe'

export interface RevenueSummary {
  currency: string
  days: number
  /** The current period (the last `days` days; "last30" for the dashboard card's 30). */
  last30: { flows: number; campaigns: number; total: number }
  previous30: number
  conversions: number
  byChannel: Record<string, number>
  /** All value of the conversion metric in the last 30 days (attributed or not). */
  conversionValue: number
  /** One entry per day (a period of up to 90 days) or per week (longer). */
  daily: Array<{ date: string; flows: number; campaigns: number }>
  top: Array<{ kind: 'flow' | 'campaign'; id: string; name: string; value: number }>
}

export async function getRevenueSummary(
  companyId: number,
  timeZone: string,
  now = new Date(),
  opts: { days?: number; top?: number } = {},
): Promise<RevenueSummary> {
  const days = Math.max(7, Math.min(365, Math.floor(opts.days ?? 30)))
  const step = days > 90 ? 7 : 1
  const n = Math.ceil(days / step)
  const { y, m, d } = partsIn(now, timeZone)
  // bucket starts, oldest first, and tomorrow's start as the end
  const starts = Array.from({ length: n + 1 }, (_, i) => zonedToUtc(y, m, d + 1 - (n - i) * step, 0, 0, 0, timeZone))
  const from = Math.floor(starts[0]!.getTime() / 1000)
  const to = Math.floor(starts[n]!.getTime() / 1000)
  const prevFrom = Math.floor(zonedToUtc(y, m, d + 1 - 2 * n * step, 0, 0, 0, timeZone).getTime() / 1000)
  const settings = await getAttributionSettings(companyId)
  const currency = await companyCurrency(companyId)
  const metricId =
    settings.conversionMetricId ??
    (
      await read(
        selectFirst(
          kysely()
            .selectFrom('Metric')
            .select('id')
            .where('companyId', '=', companyId)
            .where('name', '=', settings.conversionMetricName),
        ),
      )
    )?.id ??
    null

  const whens = starts
    .slice(1, n)
    .map((b, i) => sql`when ${sql.ref('ts')} < ${sql.lit(Math.floor(b.getTime() / 1000))} then ${sql.lit(i)}`)
  const dayOf = sql<number>`(case when ${sql.ref('ts')} < ${sql.lit(from)} then ${sql.lit(-1)} ${sql.join([...whens, sql``], sql` `)} else ${sql.lit(n - 1)} end)`
  const base = kysely()
    .selectFrom('EventAttribution')
    .where('companyId', '=', companyId)
    .where('ts', '>=', prevFrom)
    .where('ts', '<', to)
  const scoped = metricId ? base.where('metricId', '=', metricId) : base.where(sql<boolean>`1 = 0`)
  const inner = scoped.select(['sourceType', 'channel', 'value', dayOf.as('day')])
  const byDay = await read(
    select(
      kysely()
        .selectFrom(inner.as('a'))
        .select([
          'a.sourceType',
          'a.channel',
          'a.day',
          sql<number>`coalesce(sum(${sql.ref('a.value')}), 0)`.as('v'),
          sql<number>`count(*)`.as('n'),
        ])
        .groupBy(['a.sourceType', 'a.channel', 'a.day']),
    ),
  )
  const iso = (t: Date) => {
    const q = partsIn(t, timeZone)
    return `${q.y}-${String(q.m + 1).padStart(2, '0')}-${String(q.d).padStart(2, '0')}`
  }
  const daily = starts.slice(0, n).map((s) => ({ date: iso(s), flows: 0, campaigns: 0 }))
  let previous30 = 0
  let conversions = 0
  const byChannel: Record<string, number> = {}
  for (const r of byDay) {
    const v = Number(r.v),
      i = Number(r.day)
    if (i < 0) {
      previous30 += v
      continue
    }
    conversions += Number(r.n)
    byChannel[r.channel] = (byChannel[r.channel] ?? 0) + v
    if (r.sourceType === 'flow') daily[i]!.flows += v
    else daily[i]!.campaigns += v
  }
  const flows = daily.reduce((s, x) => s + x.flows, 0)
  const campaigns = daily.reduce((s, x) => s + x.campaigns, 0)

  const topRows = await read(
    select(
      scoped
        .where('ts', '>=', from)
        .select(['sourceType', 'campaignId', 'flowId', sql<number>`coalesce(sum(${sql.ref('value')}), 0)`.as('v')])
        .groupBy(['sourceType', 'campaignId', 'flowId'])
        .orderBy(sql`coalesce(sum(${sql.ref('value')}), 0)`, 'desc')
        .limit(opts.top ?? 5),
    ),
  )
  const campaignIds = topRows.filter((r) => r.sourceType === 'campaign' && r.campaignId).map((r) => r.campaignId!)
  const flowIds = topRows.filter((r) => r.sourceType === 'flow' && r.flowId).map((r) => r.flowId!)
  const names = new Map<string, string>()
  if (campaignIds.length)
    for (const c of await read(
      select(
        kysely()
          .selectFrom('Campaign')
          .select(['id', 'name'])
          .where('companyId', '=', companyId)
          .where('id', 'in', campaignIds),
      ),
    ))
      names.set(`campaign:${c.id}`, c.name)
  if (flowIds.length)
    for (const f of await read(
      select(
        kysely()
          .selectFrom('Flow')
          .select(['id', 'name'])
          .where('companyId', '=', companyId)
          .where('id', 'in', flowIds),
      ),
    ))
      names.set(`flow:${f.id}`, f.name)
  const top = topRows
    .filter((r) => Number(r.v) > 0)
    .map((r) => {
      const kind = r.sourceType === 'flow' ? ('flow' as const) : ('campaign' as const)
      const id = (kind === 'flow' ? r.flowId : r.campaignId) ?? ''
      return { kind, id, name: names.get(`${kind}:${id}`) ?? id, value: Number(r.v) }
    })

  const conv = metricId
    ? await read(
        selectFirst(
          kysely()
            .selectFrom('Event')
            .select(sql<number>`coalesce(sum(${sql.ref('value')}), 0)`.as('v'))
            .where('companyId', '=', companyId)
            .where('metricId', '=', metricId)
            .where('ts', '>=', from)
            .where('ts', '<', to),
        ),
      )
    : null
  return {
    currency,
    days,
    conversions,
    byChannel,
    last30: { flows, campaigns, total: flows + campaigns },
    previous30,
    conversionValue: Number(conv?.v ?? 0),
    daily,
    top,
  }
}
