// The catalog item page's activity and subscribers: the store events that name the item (Viewed
// Product, Added to Cart, Started Checkout, Placed Order…) over the last days, counted by metric
// with the people behind them and the latest few; and its back-in-stock subscribers, waiting or
// notified. Events are matched as the catalog reactions match them (link-events.ts): narrowed in
// SQL by metric, time and a text match on the id, then each candidate's properties read exactly.
import { sql } from 'kysely'
import { kysely } from '@/lib/db/kysely'
import { read, select } from '@/lib/db/ops'
import { escapeLike, toDate } from '@/lib/db/dialect'
import { productIdsOf } from './link-events'

export const ITEM_EVENT_METRICS = [
  'Viewed Product',
  'Added to Cart',
  'Started Checkout',
  'Placed Order',
  'Ordered Product',
] as const
/** At most this many candidate events are read per page view (the newest first). */
const MAX_CANDIDATES = 20_000

export interface ItemActivity {
  days: number
  byMetric: Array<{ metric: string; events: number; people: number }>
  recent: Array<{ profileId: string; email: string | null; metric: string; at: string; value: number | null }>
  capped: boolean
  subscribers: {
    waiting: number
    notified: number
    latest: Array<{
      profileId: string
      email: string | null
      phoneNumber: string | null
      variantId: string
      variantTitle: string | null
      channels: string[]
      subscribedAt: string
      notifiedAt: string | null
    }>
  }
}

export async function itemActivity(
  companyId: number,
  item: { id: string; externalId: string },
  now: Date = new Date(),
  days = 30,
): Promise<ItemActivity> {
  const metrics = await read(
    select(
      kysely()
        .selectFrom('Metric')
        .select(['id', 'name'])
        .where('companyId', '=', companyId)
        .where('name', 'in', [...ITEM_EVENT_METRICS]),
    ),
  )
  const nameOf = new Map(metrics.map((m) => [m.id, m.name]))
  const since = Math.floor(now.getTime() / 1000) - days * 86400
  const rows =
    metrics.length && item.externalId
      ? await read(
          select(
            kysely()
              .selectFrom('Event')
              .select(['profileId', 'metricId', 'ts', 'value', 'properties'])
              .where('companyId', '=', companyId)
              .where(
                'metricId',
                'in',
                metrics.map((m) => m.id),
              )
              .where('ts', '>=', since)
              // A prefilter on the JSON text (jsonb on PostgreSQL: LIKE needs it cast).
              .where(
                sql<boolean>`cast(${sql.ref('properties')} as text) like ${'%' + escapeLike(item.externalId) + '%'} escape '\\'`,
              )
              .orderBy('ts', 'desc')
              .limit(MAX_CANDIDATES),
          ),
        )
      : []
  const matched = rows.filter((r) => {
    try {
      return productIdsOf(JSON.parse(r.properties) as Record<string, unknown>).includes(item.externalId)
    } catch {
      return false
    }
  })
  const counts = new Map<string, { events: number; people: Set<string> }>()
  for (const r of matched) {
    const m = nameOf.get(r.metricId)!
    const c = counts.get(m) ?? counts.set(m, { events: 0, people: new Set() }).get(m)!
    c.events++
    c.people.add(r.profileId)
  }
  const recentRows = matched.slice(0, 10)
  const emails = new Map<string, string | null>()
  const subs = await read(
    select(
      kysely()
        .selectFrom('BackInStockSubscription as s')
        .leftJoin('Profile as p', (j) => j.onRef('p.id', '=', 's.profileId').on('p.companyId', '=', companyId))
        .leftJoin('CatalogVariant as v', (j) => j.onRef('v.id', '=', 's.variantId').on('v.companyId', '=', companyId))
        .select([
          's.profileId',
          's.variantId',
          's.channels',
          's.createdAt',
          's.notifiedAt',
          'p.email',
          'p.phoneNumber',
          'v.title as variantTitle',
        ])
        .where('s.companyId', '=', companyId)
        .where('s.itemId', '=', item.id)
        .orderBy('s.createdAt', 'desc')
        .limit(25),
    ),
  )
  const [tally] = await read(
    select(
      kysely()
        .selectFrom('BackInStockSubscription')
        .where('companyId', '=', companyId)
        .where('itemId', '=', item.id)
        .select([sql<number>`count(*)`.as('all'), sql<number>`count(${sql.ref('notifiedAt')})`.as('notified')]),
    ),
  )
  const ids = [...new Set(recentRows.map((r) => r.profileId))]
  if (ids.length) {
    for (const p of await read(
      select(
        kysely()
          .selectFrom('Profile')
          .select(['id', 'email'])
          .where('companyId', '=', companyId)
          .where('id', 'in', ids),
      ),
    ))
      emails.set(p.id, p.email)
  }
  const parseChannels = (v: string) => {
    try {
      const a = JSON.parse(v) as unknown
      return Array.isArray(a) ? a.map(String) : []
    } catch {
      return []
    }
  }
  return {
    days,
    byMetric: ITEM_EVENT_METRICS.filter((m) => counts.has(m)).map((m) => ({
      metric: m,
      events: counts.get(m)!.events,
      people: counts.get(m)!.people.size,
    })),
    recent: recentRows.map((r) => ({
      profileId: r.profileId,
      email: emails.get(r.profileId) ?? null,
      metric: nameOf.get(r.metricId)!,
      at: new Date(Number(r.ts) * 1000).toISOString(),
      value: r.value == null ? null : Number(r.value),
    })),
    capped: rows.length >= MAX_CANDIDATES,
    subscribers: {
      waiting: Number(tally?.all ?? 0) - Number(tally?.notified ?? 0),
      notified: Number(tally?.notified ?? 0),
      latest: subs.map((s) => ({
        profileId: s.profileId,
        email: s.email,
        phoneNumber: s.phoneNumber,
        variantId: s.variantId,
        variantTitle: s.variantTitle ?? null,
        channels: parseChannels(s.channels),
        subscribedAt: toDate(s.createdAt)!.toISOString(),
        notifiedAt: s.notifiedAt ? toDate(s.notifiedAt)!.toISOString() : null,
      })),
    },
  }
}
